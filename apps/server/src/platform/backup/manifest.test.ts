import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFiles, compareVersions, restorePlan, sha256File, type BackupManifest } from './manifest';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-manifest-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function manifestOf(overrides: Partial<BackupManifest>): BackupManifest {
  return {
    format: 1,
    product: 'smartdata-console',
    productVersion: '0.1.0',
    createdAt: 0,
    databaseKind: 'sqlite',
    migrations: ['a-001', 'a-002'],
    lastMigration: 'a-002',
    included: ['database'],
    notIncluded: [],
    objectStorage: 'local',
    objects: { count: 0, bytes: 0, linked: 0 },
    bytes: 0,
    files: [],
    ...overrides,
  };
}

describe('compareVersions', () => {
  it('orders dotted versions by number, not by text', () => {
    expect(compareVersions('0.10.0', '0.9.1')).toBe(1);
    expect(compareVersions('0.1.0', '0.1.0')).toBe(0);
    expect(compareVersions('1.2', '1.2.1')).toBe(-1);
    expect(compareVersions('2.0.0-rc.1', '1.9.9')).toBe(1);
  });
});

describe('restorePlan', () => {
  const here = { productVersion: '0.2.0', migrations: ['a-001', 'a-002', 'a-003'] };

  it('runs forward the migrations an older backup lacks', () => {
    expect(restorePlan(manifestOf({ migrations: ['a-001'] }), here)).toEqual({ toRun: ['a-002', 'a-003'] });
    expect(restorePlan(manifestOf({ migrations: ['a-001', 'a-002', 'a-003'], productVersion: '0.2.0' }), here)).toEqual({ toRun: [] });
  });

  it('refuses a backup with a migration this version does not have, naming it', () => {
    const plan = restorePlan(manifestOf({ migrations: ['a-001', 'a-002', 'a-003', 'b-004-future'], productVersion: '0.3.0' }), here);
    expect(plan).toHaveProperty('refused');
    expect('refused' in plan && plan.refused).toContain('b-004-future');
    expect('refused' in plan && plan.refused).toContain('newer SmartData Console (0.3.0)');
  });

  it('refuses a backup from a newer product version even with known migrations', () => {
    const plan = restorePlan(manifestOf({ migrations: ['a-001'], productVersion: '0.10.0' }), here);
    expect('refused' in plan && plan.refused).toContain('0.10.0');
  });
});

describe('checkFiles', () => {
  it('names a changed byte, a missing file and a file the manifest does not list', async () => {
    const dir = path.join(folder, 'backup');
    fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'data', 'a.bin'), 'hello');
    fs.writeFileSync(path.join(dir, 'data', 'b.bin'), 'world');
    const manifest = manifestOf({
      files: [
        { path: 'data/a.bin', bytes: 5, sha256: await sha256File(path.join(dir, 'data', 'a.bin')) },
        { path: 'data/b.bin', bytes: 5, sha256: await sha256File(path.join(dir, 'data', 'b.bin')) },
      ],
    });
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    expect(await checkFiles(dir, manifest)).toEqual([]);

    fs.writeFileSync(path.join(dir, 'data', 'a.bin'), 'hellO');
    fs.rmSync(path.join(dir, 'data', 'b.bin'));
    fs.writeFileSync(path.join(dir, 'data', 'c.bin'), 'extra');
    expect(await checkFiles(dir, manifest)).toEqual(['data/a.bin: SHA-256 differs from the manifest', 'data/b.bin: missing', 'data/c.bin: not in the manifest']);
  });

  it('refuses a manifest path that leaves the backup folder', async () => {
    const manifest = manifestOf({ files: [{ path: '../outside', bytes: 1, sha256: 'x' }] });
    expect(await checkFiles(path.join(folder, 'backup'), manifest)).toContain('../outside: not a path inside the backup');
  });
});
