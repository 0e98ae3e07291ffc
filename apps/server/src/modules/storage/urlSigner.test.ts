import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storageSecretSource, UrlSigner } from './urlSigner';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
function tempDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-signer-'));
  folders.push(folder);
  return folder;
}

describe('storage secret', () => {
  it('is generated once in DATA_DIR/storage-secret (owner-only) on first use and kept across restarts', () => {
    const dataDir = path.join(tempDir(), 'data');
    const source = storageSecretSource({ dataDir });
    expect(fs.existsSync(path.join(dataDir, 'storage-secret'))).toBe(false);
    const first = source();
    const file = path.join(dataDir, 'storage-secret');
    expect(first.toString()).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(storageSecretSource({ dataDir })().equals(first)).toBe(true);
  });

  it('comes from STORAGE_SECRET when set, and nothing is written', () => {
    const dataDir = path.join(tempDir(), 'data');
    expect(storageSecretSource({ secret: 'from-the-environment', dataDir })().toString()).toBe('from-the-environment');
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

describe('UrlSigner', () => {
  const signer = new UrlSigner(() => Buffer.from('k'.repeat(40)));
  const key = 'c1/private/0f8fad5b-d9cb-469f-a165-70867728950e.txt';
  const now = 1_800_000_000_000;

  it('accepts its own signature until it expires', () => {
    const sig = signer.sign('GET', key, now + 1000);
    expect(signer.check('GET', key, now + 1000, sig, now)).toBe('valid');
    expect(signer.check('GET', key, now + 1000, sig, now + 1001)).toBe('expired');
  });

  it('binds the signature to method, key, expiry and secret', () => {
    const sig = signer.sign('GET', key, now + 1000);
    expect(signer.check('PUT', key, now + 1000, sig, now)).toBe('invalid');
    expect(signer.check('GET', key.replace('c1/', 'c2/'), now + 1000, sig, now)).toBe('invalid');
    expect(signer.check('GET', key, now + 2000, sig, now)).toBe('invalid');
    expect(signer.check('GET', key, now + 1000, sig.slice(0, -1), now)).toBe('invalid');
    expect(new UrlSigner(() => Buffer.from('other'.repeat(8))).check('GET', key, now + 1000, sig, now)).toBe('invalid');
    // A forged signature for a past expiry is invalid, not merely expired.
    expect(signer.check('GET', key, now - 1, 'forged', now)).toBe('invalid');
  });
});
