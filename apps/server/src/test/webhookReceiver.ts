import { execFile } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST as a receiver saw it, with its own verdict on the signature. */
export interface ReceivedEvent {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The exact bytes received (what the signature covers). */
  raw: string;
  body: { id: string; event: string; companyId: number; at: number; data: any };
  /** The signature checked here with node:crypto (HMAC-SHA256 of `${timestamp}.${raw}`, compared in constant time). */
  valid: boolean;
  status: number;
}

/**
 * A local receiver of event subscriptions (docs/webhooks.md "Verifying a delivery"), written as an
 * integrator would from the documentation alone: 127.0.0.1, random port; `/hook/<name>` verifies
 * with the secret given for `<name>`; `failures[name]` answers 500 that many times first.
 */
export class WebhookReceiver {
  readonly received: ReceivedEvent[] = [];
  readonly secrets = new Map<string, string>();
  readonly failures = new Map<string, number>();
  private server: http.Server | null = null;

  async start(): Promise<string> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const name = (request.url ?? '').replace(/^\/hook\//, '').split('?')[0]!;
        const secret = this.secrets.get(name) ?? '';
        const timestamp = String(request.headers['x-smartdata-timestamp'] ?? '');
        const given = String(request.headers['x-smartdata-signature'] ?? '');
        const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`;
        const valid = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
        const left = this.failures.get(name) ?? 0;
        const status = left > 0 ? 500 : valid ? 200 : 401;
        if (left > 0) {
          this.failures.set(name, left - 1);
        }
        let body: ReceivedEvent['body'];
        try {
          body = JSON.parse(raw) as ReceivedEvent['body'];
        } catch {
          body = { id: '', event: '', companyId: 0, at: 0, data: null };
        }
        this.received.push({ path: request.url ?? '', headers: request.headers, raw, body, valid, status });
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status === 200 ? 'ok' : status === 500 ? 'receiver down' : 'bad signature');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  on(name: string): ReceivedEvent[] {
    return this.received.filter((r) => r.path === `/hook/${name}`);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/**
 * The signature as a second, independent client computes it: OpenSSL's command line
 * (`printf '%s.%s' "$ts" "$body" | openssl dgst -sha256 -hmac "$secret"`), as docs/webhooks.md shows.
 */
export function opensslSignature(secret: string, timestamp: string, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('openssl', ['dgst', '-sha256', '-hmac', secret], { timeout: 10_000 }, (error, stdout) => {
      if (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      // "SHA2-256(stdin)= <hex>" (OpenSSL 3) or "(stdin)= <hex>" (1.1).
      resolve(`sha256=${stdout.trim().split('= ').at(-1)}`);
    });
    child.stdin!.end(`${timestamp}.${raw}`);
  });
}
