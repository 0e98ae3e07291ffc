import path from 'node:path';
import type { AppConfig } from '@server/config';
import { storageSecretSource, UrlSigner } from '../urlSigner';
import { LocalDiskDriver } from './localDiskDriver';
import type { S3Driver, S3DriverOptions } from './s3Driver';
import type { ObjectDescriptor, StorageDriver } from './storageDriver';

/**
 * The S3 driver, its module (and the AWS SDK, some 20 MB) loaded on the first call rather than at
 * start-up, so a server storing on local disk never holds it (issue 21, idle memory).
 */
class LazyS3Driver implements StorageDriver {
  readonly kind = 's3' as const;
  private driver?: Promise<S3Driver>;

  constructor(private readonly options: S3DriverOptions) {}

  private load(): Promise<S3Driver> {
    this.driver ??= import('./s3Driver').then(({ S3Driver }) => new S3Driver(this.options));
    return this.driver;
  }

  async uploadTarget(object: ObjectDescriptor, expiresAt: number) {
    return (await this.load()).uploadTarget(object, expiresAt);
  }
  async downloadUrl(object: ObjectDescriptor, expiresAt: number) {
    return (await this.load()).downloadUrl(object, expiresAt);
  }
  async put(key: string, bytes: Buffer, contentType: string) {
    return (await this.load()).put(key, bytes, contentType);
  }
  async read(key: string) {
    return (await this.load()).read(key);
  }
  async open(key: string) {
    return (await this.load()).open(key);
  }
  async size(key: string) {
    return (await this.load()).size(key);
  }
  async delete(key: string) {
    return (await this.load()).delete(key);
  }
}

/**
 * The S3 driver when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY are all set, else
 * local disk under DATA_DIR/objects. The signer is always there: the server's own object URLs
 * (`/general/cos/object/…`, `/general/cos/upload`) are checked with it whatever the driver.
 */
export function createStorageDriver(config: AppConfig): { driver: StorageDriver; signer: UrlSigner } {
  const signer = new UrlSigner(storageSecretSource({ secret: config.storageSecret, dataDir: config.dataDir }));
  const { s3Endpoint, s3Bucket, s3AccessKey, s3SecretKey } = config;
  if (s3Endpoint && s3Bucket && s3AccessKey && s3SecretKey) {
    return {
      driver: new LazyS3Driver({
        endpoint: s3Endpoint,
        bucket: s3Bucket,
        accessKey: s3AccessKey,
        secretKey: s3SecretKey,
        region: config.s3Region,
        forcePathStyle: config.s3ForcePathStyle,
      }),
      signer,
    };
  }
  return { driver: new LocalDiskDriver(path.join(config.dataDir, 'objects'), signer), signer };
}
