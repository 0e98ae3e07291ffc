import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type SignedMethod = 'GET' | 'PUT';
export type SignatureCheck = 'valid' | 'invalid' | 'expired';

/**
 * The HMAC key of signed local storage URLs: STORAGE_SECRET when set, else the file
 * DATA_DIR/storage-secret, generated (32 random bytes, mode 0600) the first time a URL is signed.
 * Read lazily so a server that never signs a URL writes nothing to DATA_DIR.
 */
export function storageSecretSource(options: { secret?: string; dataDir: string }): () => Buffer {
  let secret: Buffer | null = options.secret ? Buffer.from(options.secret, 'utf8') : null;
  return () => {
    if (secret) {
      return secret;
    }
    const file = path.join(options.dataDir, 'storage-secret');
    fs.mkdirSync(options.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
    }
    const text = fs.readFileSync(file, 'utf8').trim();
    if (text.length < 32) {
      throw new Error(`${file} holds too short a storage secret (at least 32 characters)`);
    }
    secret = Buffer.from(text, 'utf8');
    return secret;
  };
}

/**
 * Signs and checks the `expires` + `sig` query parameters of local storage URLs:
 * sig = base64url(HMAC-SHA256(secret, "METHOD\nkey\nexpires")). The method is part of the
 * signature, so an upload URL cannot be used to read and a download URL cannot be used to write.
 */
export class UrlSigner {
  constructor(private readonly secret: () => Buffer) {}

  sign(method: SignedMethod, key: string, expires: number): string {
    return createHmac('sha256', this.secret()).update(`${method}\n${key}\n${expires}`).digest('base64url');
  }

  /** The signature is checked before the expiry, so a tampered URL never reads as merely expired. */
  check(method: SignedMethod, key: string, expires: number, sig: string, now = Date.now()): SignatureCheck {
    const expected = Buffer.from(this.sign(method, key, expires), 'utf8');
    const actual = Buffer.from(sig, 'utf8');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
      return 'invalid';
    }
    return expires < now ? 'expired' : 'valid';
  }
}
