import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The server's own secret, for settings stored encrypted at rest (a WeChat app secret, SMS
 * provider keys) and for signing short-lived values: SETTINGS_SECRET when set (at least 32
 * characters), else the file DATA_DIR/settings-secret, generated (32 random bytes, mode 0600) the
 * first time it is needed. Several instances must share it (the same SETTINGS_SECRET); losing it
 * loses the encrypted settings (they are entered again), nothing else (docs/security.md).
 */
export function settingsSecretSource(options: { secret?: string; dataDir: string }): () => Buffer {
  return fileSecretSource({ ...options, fileName: 'settings-secret', what: 'settings secret' });
}

/**
 * A server secret: `secret` when configured, else the file `dataDir/fileName`, generated (32
 * random bytes as hex, mode 0600) the first time it is read — lazily, so a server that never needs
 * it writes nothing. Shared by the settings secret and the storage URL signer.
 */
export function fileSecretSource(options: { secret?: string; dataDir: string; fileName: string; what: string }): () => Buffer {
  let secret: Buffer | null = options.secret ? Buffer.from(options.secret, 'utf8') : null;
  return () => {
    if (secret) {
      return secret;
    }
    const file = path.join(options.dataDir, options.fileName);
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
      throw new Error(`${file} holds too short a ${options.what} (at least 32 characters)`);
    }
    secret = Buffer.from(text, 'utf8');
    return secret;
  };
}

const VERSION = 'v1';

/**
 * AES-256-GCM for small settings values (API secrets) at rest: `v1.<iv>.<tag>.<ciphertext>`
 * (base64url), a fresh 12-byte IV each time, the key derived from the server secret for this
 * purpose only. `purpose` is bound as associated data, so a value cannot be moved from one
 * setting to another. Decryption of a tampered value throws.
 */
export class SecretBox {
  constructor(private readonly secret: () => Buffer) {}

  private key(label: string): Buffer {
    return createHash('sha256').update(label).update('\u0000').update(this.secret()).digest();
  }

  encrypt(plain: string, purpose: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key('smartdata/settings/aes-256-gcm'), iv);
    cipher.setAAD(Buffer.from(purpose, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  decrypt(sealed: string, purpose: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
      throw new Error('not a sealed settings value');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key('smartdata/settings/aes-256-gcm'), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** HMAC-SHA256 of `value` (base64url) with a key of its own per `purpose`. */
  sign(value: string, purpose: string): string {
    return createHmac('sha256', this.key(`smartdata/sign/${purpose}`)).update(value).digest('base64url');
  }

  /** Whether `signature` is `sign(value, purpose)`, in constant time. */
  verify(value: string, signature: string, purpose: string): boolean {
    const expected = Buffer.from(this.sign(value, purpose));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
