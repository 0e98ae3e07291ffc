import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { UrlSigner } from '../urlSigner';
import type { ObjectDescriptor, StorageDriver, UploadTarget } from './storageDriver';

/**
 * Files under DATA_DIR/objects/<key>. Browsers upload to and download from this server through
 * URLs signed with the storage secret: `PUT /general/cos/upload?key=&expires=&sig=` and
 * `GET /general/cos/object/<key>?expires=&sig=` (docs/storage.md).
 */
export class LocalDiskDriver implements StorageDriver {
  readonly kind = 'local' as const;

  constructor(
    private readonly root: string,
    private readonly signer: UrlSigner,
  ) {}

  uploadTarget(object: ObjectDescriptor, expiresAt: number): Promise<UploadTarget> {
    const query = new URLSearchParams({ key: object.key, expires: String(expiresAt), sig: this.signer.sign('PUT', object.key, expiresAt) });
    return Promise.resolve({ uploadUrl: `/general/cos/upload?${query.toString()}`, method: 'PUT', headers: { 'content-type': object.contentType } });
  }

  downloadUrl(object: ObjectDescriptor, expiresAt: number): Promise<string> {
    const query = new URLSearchParams({ expires: String(expiresAt), sig: this.signer.sign('GET', object.key, expiresAt) });
    return Promise.resolve(`/general/cos/object/${object.key}?${query.toString()}`);
  }

  /** Written to a temporary file first and renamed, so a reader never sees half a file. */
  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.fileOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.part`;
    try {
      await fsp.writeFile(temporary, bytes);
      await fsp.rename(temporary, file);
    } finally {
      await fsp.rm(temporary, { force: true });
    }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.fileOf(key));
    } catch (error) {
      return missing(error);
    }
  }

  async open(key: string): Promise<Readable | null> {
    const file = this.fileOf(key);
    if ((await this.size(key)) === null) {
      return null;
    }
    return fs.createReadStream(file);
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.fileOf(key))).size;
    } catch (error) {
      return missing(error);
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.fileOf(key), { force: true });
  }

  /** Keys are checked by the caller; this is the second fence against leaving the root. */
  private fileOf(key: string): string {
    const root = path.resolve(this.root);
    const file = path.resolve(root, ...key.split('/'));
    if (!file.startsWith(root + path.sep)) {
      throw new Error(`object key outside the store: ${key}`);
    }
    return file;
  }
}

function missing(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
    return null;
  }
  throw error;
}
