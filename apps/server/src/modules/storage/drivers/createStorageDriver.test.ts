import { describe, expect, it } from 'vitest';
import { testConfig } from '@server/config';
import { createStorageDriver } from './createStorageDriver';

// The S3 driver is loaded on its first call (issue 21, idle memory): the driver the factory hands
// out answers like S3Driver itself. Presigning is local computation: no S3 server needed.
describe('createStorageDriver', () => {
  it('hands out the S3 driver, loaded on first use, when S3 is configured', async () => {
    const config = testConfig({
      storageSecret: 'storage-driver-test-secret-0123456789',
      s3Endpoint: 'http://minio.local:9000',
      s3Bucket: 'smartdata',
      s3AccessKey: 'minio-access',
      s3SecretKey: 'minio-secret-key',
      s3Region: 'us-east-1',
      s3ForcePathStyle: true,
    });
    const { driver } = createStorageDriver(config);
    expect(driver.kind).toBe('s3');
    const object = { key: 'c7/a.bin', contentType: 'application/octet-stream', size: 10, fileName: 'a.bin' };
    const [upload, download] = await Promise.all([driver.uploadTarget(object, Date.now() + 60_000), driver.downloadUrl(object, Date.now() + 60_000)]);
    expect(new URL(upload.uploadUrl).pathname).toBe('/smartdata/c7/a.bin');
    expect(new URL(download).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});
