import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ObjectDescriptor, StorageDriver, UploadTarget } from './storageDriver';

export interface S3DriverOptions {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  forcePathStyle: boolean;
}

/**
 * Any S3-compatible store (MinIO, Ceph, AWS). Browsers PUT and GET directly against the store
 * with presigned URLs; content type and length are signed, so the store refuses another file.
 * The server reads objects itself only to check images and to make thumbnails.
 */
export class S3Driver implements StorageDriver {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3DriverOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKey, secretAccessKey: options.secretKey },
    });
  }

  async uploadTarget(object: ObjectDescriptor, expiresAt: number): Promise<UploadTarget> {
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: object.key, ContentType: object.contentType, ContentLength: object.size });
    const uploadUrl = await getSignedUrl(this.client, command, {
      expiresIn: secondsUntil(expiresAt),
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { uploadUrl, method: 'PUT', headers: { 'content-type': object.contentType } };
  }

  async downloadUrl(object: ObjectDescriptor, expiresAt: number): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: object.key,
      ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(object.fileName)}`,
    });
    return getSignedUrl(this.client, command, { expiresIn: secondsUntil(expiresAt) });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async read(key: string): Promise<Buffer | null> {
    const body = await this.body(key);
    return body ? Buffer.from(await body.transformToByteArray()) : null;
  }

  async open(key: string): Promise<Readable | null> {
    const body = await this.body(key);
    return body ? Readable.fromWeb(body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]) : null;
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      return notFound(error);
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  private async body(key: string) {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return answer.Body ?? null;
    } catch (error) {
      return notFound(error);
    }
  }
}

function secondsUntil(expiresAt: number): number {
  return Math.max(1, Math.ceil((expiresAt - Date.now()) / 1000));
}

function notFound(error: unknown): null {
  if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound')) {
    return null;
  }
  throw error;
}
