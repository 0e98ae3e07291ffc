import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins of the notification channels' receivers (issue 32): a DingTalk custom robot, a
 * WeCom group robot, a Feishu custom bot and a plain webhook on one loopback server. Each checks
 * what its vendor documents — DingTalk's `sign` = Base64(HMAC-SHA256(secret, timestamp + "\n" +
 * secret)) in the query, Feishu's `sign` = Base64(HMAC-SHA256(timestamp + "\n" + secret, "")) in
 * the body, WeCom's key in the URL, the webhook's `X-SmartData-Signature` — and answers as the
 * vendor does. `/fail` answers 500, `/hang` never answers (until released).
 */
export interface Received {
  path: string;
  /** Whether the vendor's own check passed (signature, key). */
  valid: boolean;
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  query: URLSearchParams;
}

export const receiverSecrets = { dingtalk: 'SECdingtalk0123456789abcdef', feishu: 'feishu-secret-42', webhook: 'webhook-secret-7', wecomKey: 'wecom-key-0123456789' } as const;

const b64 = (key: string, data: string) => createHmac('sha256', key).update(data).digest('base64');
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export class ChannelReceiver {
  received: Received[] = [];
  /** How many requests the fail path answers 500 before it answers 200 (Infinity: always). */
  failures = Number.POSITIVE_INFINITY;
  private hanging: http.ServerResponse[] = [];
  base = '';
  private readonly server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => this.answer(req, raw, res));
  });

  /** Listens on 127.0.0.1:`port` (0: a free one); answers the base URL. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) {
      res.destroy();
    }
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  on(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  private answer(req: http.IncomingMessage, raw: string, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://receiver');
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      body = {};
    }
    const record = (valid: boolean) => this.received.push({ path: url.pathname, valid, body, headers: req.headers, query: url.searchParams });
    const json = (value: unknown, status = 200) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(value));
    };
    switch (url.pathname) {
      case '/robot/send': {
        // DingTalk: timestamp in ms within an hour, sign URL-decoded by URLSearchParams.
        const timestamp = url.searchParams.get('timestamp') ?? '';
        const valid = url.searchParams.get('access_token') === 'ding-token' && Math.abs(Date.now() - Number(timestamp)) < 3_600_000 && same(url.searchParams.get('sign') ?? '', b64(receiverSecrets.dingtalk, `${timestamp}\n${receiverSecrets.dingtalk}`)) && body.msgtype === 'markdown';
        record(valid);
        json(valid ? { errcode: 0, errmsg: 'ok' } : { errcode: 310000, errmsg: 'sign not match' });
        return;
      }
      case '/cgi-bin/webhook/send': {
        const valid = url.searchParams.get('key') === receiverSecrets.wecomKey && body.msgtype === 'markdown';
        record(valid);
        json(valid ? { errcode: 0, errmsg: 'ok' } : { errcode: 93000, errmsg: 'invalid webhook url' });
        return;
      }
      case '/open-apis/bot/v2/hook/feishu-hook-id': {
        const timestamp = String(body.timestamp ?? '');
        const valid = Math.abs(Date.now() / 1000 - Number(timestamp)) < 3600 && same(String(body.sign ?? ''), b64(`${timestamp}\n${receiverSecrets.feishu}`, '')) && body.msg_type === 'post';
        record(valid);
        json(valid ? { code: 0, msg: 'success', data: {} } : { code: 19021, msg: 'sign match fail or timestamp is not within one hour from current time' });
        return;
      }
      case '/webhook': {
        const signature = String(req.headers['x-smartdata-signature'] ?? '');
        const expected = `sha256=${createHmac('sha256', receiverSecrets.webhook).update(raw).digest('hex')}`;
        const valid = same(signature, expected) && String(body.timestamp) === String(req.headers['x-smartdata-timestamp']);
        record(valid);
        json({ received: valid }, valid ? 200 : 401);
        return;
      }
      case '/fail': {
        record(true);
        if (this.failures > 0) {
          this.failures -= 1;
          json({ error: 'receiver down' }, 500);
        } else {
          json({ received: true });
        }
        return;
      }
      case '/hang':
        record(true);
        this.hanging.push(res);
        return;
      case '/redirect':
        record(true);
        res.statusCode = 302;
        res.setHeader('location', 'http://169.254.169.254/latest/meta-data');
        res.end();
        return;
      default:
        res.statusCode = 404;
        res.end('{}');
    }
  }
}
