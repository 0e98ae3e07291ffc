import { describe, expect, it } from 'vitest';
import { S3Driver } from './s3Driver';

// Presigning is local computation: these checks need no S3 server.
const driver = new S3Driver({
  endpoint: 'http://minio.local:9000',
  bucket: 'smartdata',
  accessKey: 'minio-access',
  secretKey: 'minio-secret-key',
  region: 'us-east-1',
  forcePathStyle: true,
});
const object = { key: 'c7/gateway/0f8fad5b-d9cb-469f-a165-70867728950e.bin', contentType: 'application/octet-stream', size: 4096, fileName: 'dtu 1.3.4.bin' };

describe('S3Driver', () => {
  it('presigns a path-style PUT that binds content type and length, for the time asked', async () => {
    const target = await driver.uploadTarget(object, Date.now() + 300_000);
    const url = new URL(target.uploadUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`http://minio.local:9000/smartdata/${object.key}`);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeGreaterThanOrEqual(299);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^minio-access\//);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(target.method).toBe('PUT');
    expect(target.headers).toEqual({ 'content-type': 'application/octet-stream' });
  });

  it('presigns a GET that downloads under the original file name', async () => {
    const url = new URL(await driver.downloadUrl(object, Date.now() + 60_000));
    expect(url.pathname).toBe(`/smartdata/${object.key}`);
    expect(url.searchParams.get('response-content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('dtu 1.3.4.bin')}`);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(60);
  });
});
