import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/testApp';

/**
 * Issue 13, point 3: the console's JavaScript was sent uncompressed and cached for an hour. A web
 * build in a folder of its own, laid out as Vite writes it (index.html, hashed files under
 * assets/ with the .br and .gz copies of apps/web/vite.config.ts's `precompress`, a public file),
 * served by the real app.
 */

const script = `export const greeting = ${JSON.stringify('你好，SmartData '.repeat(400))};\n`;
const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123xy.js"></script></head><body><div id="root"></div></body></html>`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'smartdata-web-'));
  mkdirSync(path.join(dist, 'assets'));
  const asset = path.join(dist, 'assets', 'index-AbC123xy.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script, { level: 9 }));
  // A hashed file with no compressed copies (an image): sent as it is.
  writeFileSync(path.join(dist, 'assets', 'logo-Zz99Yy88.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('hashed JavaScript is sent pre-compressed, in the encoding the client accepts', () => {
  it('brotli to a browser that accepts it (Chromium sends "gzip, deflate, br, zstd")', async () => {
    const answer = await get('/assets/index-AbC123xy.js', 'gzip, deflate, br, zstd');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
  });

  it('gzip to a client that accepts gzip only', async () => {
    const answer = await get('/assets/index-AbC123xy.js', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(answer.rawPayload).toString()).toBe(script);
  });

  it('the file itself to a client that accepts neither, still marked as varying by Accept-Encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const answer = await get('/assets/index-AbC123xy.js', acceptEncoding);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.payload).toBe(script);
    }
  });

  it('a file without compressed copies is sent as it is to a client that accepts brotli', async () => {
    const answer = await get('/assets/logo-Zz99Yy88.png', 'br, gzip');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('image/png');
  });

  it('the compressed copies are not addresses of their own', async () => {
    expect((await get('/assets/index-AbC123xy.js.br', 'br')).statusCode).toBe(404);
    expect((await get('/assets/index-AbC123xy.js.gz', 'gzip')).statusCode).toBe(404);
  });
});

describe('caching', () => {
  it('hashed assets are cached for a year and never revalidated, in every encoding', async () => {
    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      expect((await get('/assets/index-AbC123xy.js', acceptEncoding)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/assets/logo-Zz99Yy88.png')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('index.html and the history-mode fallback are revalidated on every use (no-cache)', async () => {
    for (const url of ['/', '/index.html', '/login', '/home', '/sysSetting/ioSocket?tab=1']) {
      const answer = await get(url, 'gzip, deflate, br');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.headers['content-type'], url).toMatch(/text\/html/);
      expect(answer.payload, url).toBe(indexHtml);
    }
  });

  it('an unhashed public file is revalidated on every use', async () => {
    const answer = await get('/favicon.svg');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('an unknown API path and a missing asset still answer 404', async () => {
    expect((await get('/general/nothing/here')).statusCode).toBe(404);
    expect((await get('/assets/missing-00000000.js', 'br')).statusCode).toBe(404);
  });
});
