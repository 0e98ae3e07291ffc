import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of the Alibaba Cloud and Tencent Cloud SendSms APIs on loopback (docs/sms.md "Tests"):
 * it recomputes their request signatures (ACS3-HMAC-SHA256, TC3-HMAC-SHA256) with `secret` and
 * answers like the real services — a sent message, a vendor error or a signature error. Each
 * message received is kept with its template and variables (`params`: Alibaba's TemplateParam
 * object, Tencent's TemplateParamSet by position 1, 2, …).
 */

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 percent-encoding, as both vendors canonicalise. */
const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface Received {
  vendor: 'aliyun' | 'tencent';
  signatureValid: boolean;
  keyId: string;
  phone: string;
  signName: string;
  template: string;
  code: string;
  /** The template's variables as sent. */
  params: Record<string, string>;
  sdkAppId?: string;
}

/** Alibaba Cloud's ACS3-HMAC-SHA256, recomputed from what arrived. */
function aliyunSignatureValid(req: http.IncomingMessage, payload: string, secret: string): { valid: boolean; keyId: string } {
  const auth = String(req.headers.authorization ?? '');
  const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(auth);
  if (!match) {
    return { valid: false, keyId: '' };
  }
  const [, keyId = '', signedHeaders = '', signature = ''] = match;
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`)
    .join('');
  const payloadHash = sha256(payload);
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const expected = hmac(secret, `ACS3-HMAC-SHA256\n${sha256(canonical)}`).toString('hex');
  return { valid: expected === signature && req.headers['x-acs-content-sha256'] === payloadHash, keyId };
}

/** Tencent Cloud's TC3-HMAC-SHA256, recomputed from what arrived. */
function tencentSignatureValid(req: http.IncomingMessage, payload: string, secret: string): { valid: boolean; keyId: string } {
  const auth = String(req.headers.authorization ?? '');
  const match = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(auth);
  if (!match) {
    return { valid: false, keyId: '' };
  }
  const [, keyId = '', date = '', service = '', signedHeaders = '', signature = ''] = match;
  const timestamp = String(req.headers['x-tc-timestamp'] ?? '');
  // The SDK signs the host name without the port (the real endpoint is on 443, so the two agree).
  const headerValue = (name: string) => (name === 'host' ? String(req.headers.host ?? '').replace(/:\d+$/, '') : String(req.headers[name] ?? '').trim());
  const headers = signedHeaders
    .split(';')
    .map((name) => `${name}:${headerValue(name)}\n`)
    .join('');
  const canonical = [req.method, '/', '', headers, signedHeaders, sha256(payload)].join('\n');
  const scope = `${date}/${service}/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonical)}`;
  const signing = hmac(hmac(hmac(`TC3${secret}`, date), service), 'tc3_request');
  const expected = createHmac('sha256', signing).update(stringToSign).digest('hex');
  const dateOfTimestamp = new Date(Number(timestamp) * 1000).toISOString().slice(0, 10);
  return { valid: expected === signature && dateOfTimestamp === date, keyId };
}

/** The stand-in of both vendors' SendSms: verifies the signature with `secret`, answers `mode`. */
export class StandIn {
  received: Received[] = [];
  secret = '';
  mode: 'ok' | 'error' = 'ok';
  private server = http.createServer((req, res) => {
    let payload = '';
    req.on('data', (chunk: Buffer) => (payload += chunk.toString('utf8')));
    req.on('end', () => this.answer(req, payload, res));
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(req: http.IncomingMessage, payload: string, res: http.ServerResponse) {
    res.setHeader('content-type', 'application/json;charset=utf-8');
    if (req.headers['x-tc-action'] === 'SendSms') {
      const check = tencentSignatureValid(req, payload, this.secret);
      const request = JSON.parse(payload) as { PhoneNumberSet: string[]; SmsSdkAppId: string; SignName: string; TemplateId: string; TemplateParamSet: string[] };
      this.received.push({ vendor: 'tencent', signatureValid: check.valid, keyId: check.keyId, phone: request.PhoneNumberSet[0] ?? '', signName: request.SignName, template: request.TemplateId, code: request.TemplateParamSet[0] ?? '', params: Object.fromEntries(request.TemplateParamSet.map((value, i) => [String(i + 1), value])), sdkAppId: request.SmsSdkAppId });
      if (!check.valid) {
        res.end(JSON.stringify({ Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' }, RequestId: 'tc-req-sig' } }));
      } else if (this.mode === 'error') {
        res.end(JSON.stringify({ Response: { SendStatusSet: [{ SerialNo: '', PhoneNumber: request.PhoneNumberSet[0], Fee: 0, SessionContext: '', Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'the number of sms messages sent from a single mobile number every day exceeds the upper limit', IsoCode: 'CN' }], RequestId: 'tc-req-limit' } }));
      } else {
        res.end(JSON.stringify({ Response: { SendStatusSet: [{ SerialNo: '2028:1', PhoneNumber: request.PhoneNumberSet[0], Fee: 1, SessionContext: '', Code: 'Ok', Message: 'send success', IsoCode: 'CN' }], RequestId: 'tc-req-ok' } }));
      }
      return;
    }
    if (req.headers['x-acs-action'] === 'SendSms') {
      const check = aliyunSignatureValid(req, payload, this.secret);
      const query = new URL(req.url ?? '/', 'http://stand-in').searchParams;
      this.received.push({ vendor: 'aliyun', signatureValid: check.valid, keyId: check.keyId, phone: query.get('PhoneNumbers') ?? '', signName: query.get('SignName') ?? '', template: query.get('TemplateCode') ?? '', code: (JSON.parse(query.get('TemplateParam') ?? '{}') as { code?: string }).code ?? '', params: JSON.parse(query.get('TemplateParam') ?? '{}') as Record<string, string> });
      if (!check.valid) {
        res.statusCode = 400;
        res.end(JSON.stringify({ RequestId: 'ali-req-sig', HostId: 'dysmsapi.aliyuncs.com', Code: 'IncompleteSignature', Message: 'The request signature does not conform to Aliyun standards.' }));
      } else if (this.mode === 'error') {
        res.end(JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发天级流控Permits:10', RequestId: 'ali-req-limit' }));
      } else {
        res.end(JSON.stringify({ Code: 'OK', Message: 'OK', BizId: '9006197469364984^0', RequestId: 'ali-req-ok' }));
      }
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  }
}

