import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './requestLog';

describe('redactUrl', () => {
  it('hides the values of credential-bearing parameters and keeps the rest', () => {
    expect(redactUrl('/general/ws?token=abc.DEF-123&lang=en')).toBe('/general/ws?token=[redacted]&lang=en');
    expect(redactUrl('/x?a=1&Access_Token=s3cret&api_key=k&password=p&signature=f00&code=123456#top')).toBe(
      '/x?a=1&Access_Token=[redacted]&api_key=[redacted]&password=[redacted]&signature=[redacted]&code=[redacted]#top',
    );
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/general/user/getUser')).toBe('/general/user/getUser');
    expect(redactUrl('/x?tokens=1&flag')).toBe('/x?tokens=1&flag');
  });
});

describe('the request log', () => {
  it('prints the URL of a request without its token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { ...(loggerOptions('info') as object), stream } });
    app.get('/general/ws', async () => ({ ok: true }));
    await app.inject({ url: '/general/ws?token=tok-ABC_123456789&lang=zh' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('"url":"/general/ws?token=[redacted]&lang=zh"');
    expect(log).not.toContain('tok-ABC_123456789');
  });
});
