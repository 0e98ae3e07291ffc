import { createHmac, timingSafeEqual } from 'node:crypto';
import { fileSecretSource } from '@server/platform/secretBox';

export type SignedMethod = 'GET' | 'PUT';
export type SignatureCheck = 'valid' | 'invalid' | 'expired';

/**
 * The HMAC key of signed local storage URLs: STORAGE_SECRET when set, else the file
 * DATA_DIR/storage-secret, generated (32 random bytes, mode 0600) the first time a URL is signed.
 * Read lazily so a server that never signs a URL writes nothing to DATA_DIR.
 */
export function storageSecretSource(options: { secret?: string; dataDir: string }): () => Buffer {
  return fileSecretSource({ ...options, fileName: 'storage-secret', what: 'storage secret' });
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
