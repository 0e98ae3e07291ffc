import path from 'node:path';
import type { AppConfig } from '@server/config';
import { storageSecretSource, UrlSigner } from '../urlSigner';
import { LocalDiskDriver } from './localDiskDriver';
import { S3Driver } from './s3Driver';
import type { StorageDriver } from './storageDriver';

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
      driver: new S3Driver({
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
