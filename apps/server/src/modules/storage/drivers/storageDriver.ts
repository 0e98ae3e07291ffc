import type { Readable } from 'node:stream';

/** What a driver needs to know about an object to sign a URL for it. */
export interface ObjectDescriptor {
  key: string;
  contentType: string;
  size: number;
  fileName: string;
}

export interface UploadTarget {
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
}

/**
 * One interface over the object stores (local disk, S3-compatible). Keys are already checked
 * against objectKeyPattern by the caller; `expiresAt` is epoch milliseconds.
 */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /** A URL the browser PUTs the file to, with the headers it must send. */
  uploadTarget(object: ObjectDescriptor, expiresAt: number): Promise<UploadTarget>;
  /** A URL that reads the object until `expiresAt`. */
  downloadUrl(object: ObjectDescriptor, expiresAt: number): Promise<string>;
  /** Writes an object the server made itself (thumbnails). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The whole object, or null when it is not in the store. */
  read(key: string): Promise<Buffer | null>;
  /** A stream of the object, or null when it is not in the store. */
  open(key: string): Promise<Readable | null>;
  /** The stored size in bytes, or null when the object is not in the store. */
  size(key: string): Promise<number | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}
