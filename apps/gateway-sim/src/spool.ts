import { appendFileSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** One held publish: its order, when the flow made it, where it goes. */
export interface SpoolEntry {
  seq: number;
  /** When the flow published it (ms): its original time. */
  at: number;
  topic: string;
  body: string;
}

export interface SpoolOptions {
  dir: string;
  /** Bound of the files on disk (all segments); the oldest segment goes first. Default 16 MiB. */
  maxBytes?: number;
  /** Entries older than this are dropped (counted). Default 7 days. */
  maxAgeMs?: number;
  now?: () => number;
  log?: (line: string) => void;
}

export interface SpoolStats {
  pending: number;
  /** Bytes of the segment files on disk. */
  bytes: number;
  dropped: number;
  droppedBySize: number;
  droppedByAge: number;
  forwarded: number;
}

interface Segment {
  file: string;
  firstSeq: number;
  bytes: number;
}

/**
 * Store-and-forward on disk (issue 34): what a flow publishes to the platform while the broker is
 * unreachable waits here, in order, and is forwarded after reconnecting, each entry once (removed
 * once the broker acknowledged it; a crash in between sends it again, which the console's
 * idempotent ingest absorbs).
 *
 * Files: segments `seg-<first seq>.jsonl` (one JSON entry a line, appended) and `acked` (the last
 * forwarded seq, written by rename). The bound is on the segments' bytes: a push that would pass
 * `maxBytes` removes the oldest segments first, their unforwarded entries counted as dropped and
 * logged. A segment holds at most an eighth of the bound, so a drop takes an eighth at most.
 * Entries older than `maxAgeMs` are dropped when met (counted and logged too).
 */
export class DiskSpool {
  readonly stats: SpoolStats = { pending: 0, bytes: 0, dropped: 0, droppedBySize: 0, droppedByAge: 0, forwarded: 0 };
  private readonly entries: Array<SpoolEntry & { segment: Segment }> = [];
  private readonly segments: Segment[] = [];
  private readonly maxBytes: number;
  private readonly segmentBytes: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private acked = 0;
  private nextSeq = 1;

  constructor(private readonly options: SpoolOptions) {
    this.maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
    this.segmentBytes = Math.max(64, Math.floor(this.maxBytes / 8));
    this.maxAgeMs = options.maxAgeMs ?? 7 * 24 * 3600_000;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => undefined);
    mkdirSync(options.dir, { recursive: true });
    this.load();
  }

  /** What a previous run left: segments in order, entries after the acknowledged seq. */
  private load(): void {
    try {
      this.acked = Number(readFileSync(this.ackedFile, 'utf8').trim()) || 0;
    } catch {
      this.acked = 0;
    }
    const files = readdirSync(this.options.dir)
      .map((name) => /^seg-(\d+)\.jsonl$/.exec(name))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ file: path.join(this.options.dir, m[0]), firstSeq: Number(m[1]) }))
      .sort((a, b) => a.firstSeq - b.firstSeq);
    for (const { file, firstSeq } of files) {
      const segment: Segment = { file, firstSeq, bytes: statSync(file).size };
      this.segments.push(segment);
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line) {
          continue;
        }
        try {
          const entry = JSON.parse(line) as SpoolEntry;
          this.nextSeq = Math.max(this.nextSeq, entry.seq + 1);
          if (entry.seq > this.acked) {
            this.entries.push({ ...entry, segment });
          }
        } catch {
          // a line cut by a power loss: the rest of the segment is still read
        }
      }
    }
    this.nextSeq = Math.max(this.nextSeq, this.acked + 1);
    this.removeForwardedSegments();
    this.refresh();
    if (this.entries.length > 0) {
      this.log(`store-and-forward: ${this.entries.length} held publish(es) from before the restart`);
    }
  }

  private get ackedFile(): string {
    return path.join(this.options.dir, 'acked');
  }

  private refresh(): void {
    this.stats.pending = this.entries.length;
    this.stats.bytes = this.segments.reduce((sum, s) => sum + s.bytes, 0);
  }

  get size(): number {
    return this.entries.length;
  }

  /** Holds a publish; returns its entry. */
  push(topic: string, body: string, at = this.now()): SpoolEntry {
    const entry: SpoolEntry = { seq: this.nextSeq, at, topic, body };
    const line = `${JSON.stringify(entry)}\n`;
    const bytes = Buffer.byteLength(line);
    if (bytes > this.maxBytes) {
      this.drop(1, 'size', `a publish of ${bytes} bytes is larger than the whole store (${this.maxBytes} bytes)`);
      return entry;
    }
    this.nextSeq += 1;
    this.expire();
    let total = this.segments.reduce((sum, s) => sum + s.bytes, 0);
    while (total + bytes > this.maxBytes && this.segments.length > 0) {
      const oldest = this.segments.shift()!;
      const lost = this.entries.filter((e) => e.segment === oldest).length;
      this.entries.splice(0, lost);
      if (lost > 0) {
        this.acked = Math.max(this.acked, this.entries.length > 0 ? this.entries[0].seq - 1 : entry.seq - 1);
        this.writeAcked();
        this.drop(lost, 'size', `the store reached its bound of ${this.maxBytes} bytes`);
      }
      unlinkSync(oldest.file);
      total -= oldest.bytes;
    }
    let current = this.segments.at(-1);
    if (!current || current.bytes + bytes > this.segmentBytes) {
      current = { file: path.join(this.options.dir, `seg-${String(entry.seq).padStart(12, '0')}.jsonl`), firstSeq: entry.seq, bytes: 0 };
      this.segments.push(current);
    }
    appendFileSync(current.file, line);
    current.bytes += bytes;
    this.entries.push({ ...entry, segment: current });
    this.refresh();
    return entry;
  }

  /** The oldest held publish still within its age, or null. */
  peek(): SpoolEntry | null {
    this.expire();
    const head = this.entries[0];
    return head ? { seq: head.seq, at: head.at, topic: head.topic, body: head.body } : null;
  }

  /** The broker has `seq`: it is not held any more. */
  ack(seq: number): void {
    const head = this.entries[0];
    if (!head || head.seq !== seq) {
      return;
    }
    this.entries.shift();
    this.acked = seq;
    this.stats.forwarded += 1;
    this.writeAcked();
    this.removeForwardedSegments();
    this.refresh();
  }

  private expire(): void {
    const limit = this.now() - this.maxAgeMs;
    let old = 0;
    while (old < this.entries.length && this.entries[old].at < limit) {
      old += 1;
    }
    if (old > 0) {
      this.acked = this.entries[old - 1].seq;
      this.entries.splice(0, old);
      this.writeAcked();
      this.removeForwardedSegments();
      this.drop(old, 'age', `older than ${Math.round(this.maxAgeMs / 1000)} s`);
      this.refresh();
    }
  }

  private drop(count: number, why: 'size' | 'age', reason: string): void {
    this.stats.dropped += count;
    if (why === 'size') {
      this.stats.droppedBySize += count;
    } else {
      this.stats.droppedByAge += count;
    }
    this.log(`store-and-forward: dropped the ${count} oldest held publish(es) (${reason}); ${this.stats.dropped} dropped in all`);
  }

  /** Segments whose entries are all forwarded (but the one being written) are removed. */
  private removeForwardedSegments(): void {
    while (this.segments.length > 1) {
      const oldest = this.segments[0];
      if (this.entries.some((e) => e.segment === oldest)) {
        break;
      }
      this.segments.shift();
      unlinkSync(oldest.file);
    }
    const last = this.segments.at(-1);
    if (last && this.segments.length === 1 && this.entries.length === 0 && last.bytes >= this.segmentBytes) {
      this.segments.pop();
      unlinkSync(last.file);
    }
  }

  private writeAcked(): void {
    const temp = `${this.ackedFile}.tmp`;
    writeFileSync(temp, String(this.acked));
    renameSync(temp, this.ackedFile);
  }
}
