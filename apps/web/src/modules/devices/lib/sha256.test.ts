import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex, sha256Plain } from './sha256';

describe('SHA-256 of firmware files', () => {
  it('matches the standard vectors and node:crypto, with and without Web Crypto', async () => {
    expect(sha256Plain(new TextEncoder().encode(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Plain(new TextEncoder().encode('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const big = new Uint8Array(100_003).map((_, i) => (i * 31) % 256);
    const expected = createHash('sha256').update(big).digest('hex');
    expect(sha256Plain(big)).toBe(expected);
    expect(await sha256Hex(big)).toBe(expected);
  });
});
