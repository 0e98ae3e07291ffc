import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskSpool } from './spool';

const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-spool-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
  }
});
const onDisk = (dir: string) => readdirSync(dir).filter((f) => f.startsWith('seg-')).reduce((sum, f) => sum + statSync(path.join(dir, f)).size, 0);
/** Forwards everything held, in order. */
const drainAll = (spool: DiskSpool) => {
  const out: string[] = [];
  for (let entry = spool.peek(); entry; entry = spool.peek()) {
    out.push(entry.body);
    spool.ack(entry.seq);
  }
  return out;
};

describe('store-and-forward spool', () => {
  it('forwards in order, each once, and keeps what was not forwarded across a restart', () => {
    const dir = fresh();
    const spool = new DiskSpool({ dir, maxBytes: 10_000 });
    for (let i = 0; i < 10; i += 1) {
      spool.push('sd/X/up/telemetry', `{"n":${i}}`, Date.now() + i);
    }
    const first = spool.peek()!;
    spool.ack(first.seq);
    spool.ack(first.seq); // a second ack of the same entry changes nothing
    const again = new DiskSpool({ dir, maxBytes: 10_000 });
    expect(again.size).toBe(9);
    expect(drainAll(again)).toEqual(Array.from({ length: 9 }, (_, i) => `{"n":${i + 1}}`));
    expect(new DiskSpool({ dir, maxBytes: 10_000 }).size).toBe(0);
    expect(onDisk(dir)).toBeLessThan(10_000);
  });

  it('holds the bound on disk: the oldest go first, counted and logged', () => {
    const dir = fresh();
    const lines: string[] = [];
    const spool = new DiskSpool({ dir, maxBytes: 2000, log: (l) => lines.push(l) });
    let maxSeen = 0;
    for (let i = 0; i < 200; i += 1) {
      spool.push('sd/X/up/telemetry', `{"n":${i},"pad":"${'x'.repeat(40)}"}`, Date.now() + i);
      maxSeen = Math.max(maxSeen, onDisk(dir));
    }
    expect(maxSeen).toBeLessThanOrEqual(2000);
    expect(spool.stats.dropped).toBeGreaterThan(150);
    expect(spool.stats.dropped + spool.size).toBe(200);
    expect(lines.some((l) => /dropped the \d+ oldest held publish\(es\) \(the store reached its bound of 2000 bytes\)/.test(l))).toBe(true);
    const kept = drainAll(spool).map((b) => (JSON.parse(b) as { n: number }).n);
    // The newest survive, in order, with no gap among them.
    expect(kept.at(-1)).toBe(199);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 200 - kept.length + i));
  });

  it('drops entries older than the age bound', () => {
    const dir = fresh();
    let now = 10_000;
    const spool = new DiskSpool({ dir, maxAgeMs: 5000, now: () => now });
    spool.push('t', 'old', 4000);
    spool.push('t', 'new', 9000);
    now = 12_000;
    expect(drainAll(spool)).toEqual(['new']);
    expect(spool.stats).toMatchObject({ droppedByAge: 1, forwarded: 1 });
  });
});
