import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * SMS providers (issue 14.6, docs/sms.md): the Alibaba Cloud and Tencent Cloud SDKs are pointed at
 * a stand-in on loopback that recomputes their request signatures (ACS3-HMAC-SHA256,
 * TC3-HMAC-SHA256) with the secret the platform administrator entered, and answers like the real
 * services: a sent message, or an error.
 */

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 percent-encoding, as both vendors canonicalise. */
const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

interface Received {
  vendor: 'aliyun' | 'tencent';
  signatureValid: boolean;
  keyId: string;
  phone: string;
  signName: string;
  template: string;
  code: string;
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
class StandIn {
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
      this.received.push({ vendor: 'tencent', signatureValid: check.valid, keyId: check.keyId, phone: request.PhoneNumberSet[0] ?? '', signName: request.SignName, template: request.TemplateId, code: request.TemplateParamSet[0] ?? '', sdkAppId: request.SmsSdkAppId });
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
      this.received.push({ vendor: 'aliyun', signatureValid: check.valid, keyId: check.keyId, phone: query.get('PhoneNumbers') ?? '', signName: query.get('SignName') ?? '', template: query.get('TemplateCode') ?? '', code: (JSON.parse(query.get('TemplateParam') ?? '{}') as { code?: string }).code ?? '' });
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

let t: TestApp;
let admin: ReturnType<typeof as>;
const standIn = new StandIn();
let endpoint = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await signIn(t.app, 'admin', adminPassword));
  endpoint = await standIn.start();
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.received = [];
  standIn.mode = 'ok';
});

const vendorSetting = (provider: 'aliyun' | 'tencent', secret: string) => ({
  provider,
  accessKeyId: `${provider}-key-id`,
  accessKeySecret: secret,
  signName: '智慧数据',
  templateCode: provider === 'aliyun' ? 'SMS_154950909' : '1234567',
  sdkAppId: provider === 'tencent' ? '1400006666' : '',
  region: provider === 'aliyun' ? 'cn-hangzhou' : 'ap-guangzhou',
  endpoint,
});

async function sendCode(phone: string, purpose: 'login' | 'reset', locale = 'zh-CN') {
  return body(await t.app.inject({ url: `/general/user/access/getSmsCode?phone=${phone}&purpose=${purpose}`, headers: { 'accept-language': locale } }));
}

async function signInByPhone(phone: string, smsCode: string) {
  return body(
    await t.app.inject({
      method: 'POST',
      url: '/general/user/access/getToken',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ phone, smsCode }).toString(),
    }),
  );
}

describe('SMS providers against a stand-in on loopback', () => {
  it('outbox is the default; the setting says so and has no secret', async () => {
    const setting = body(await admin({ url: '/general/sms/getSmsSetting' }));
    expect(setting).toMatchObject({ code: 0, data: { provider: 'outbox', secretSet: false } });
  });

  for (const provider of ['aliyun', 'tencent'] as const) {
    it(`${provider}: the code goes out signed with the stored secret, and signs the user in; errors answer 50210`, async () => {
      const secret = `${provider}-Secret-${provider.length}x7Qp`;
      const phone = provider === 'aliyun' ? '13900000011' : '13900000012';
      await createCompanyUser(t.app, { codes: [], phone });
      const saved = await admin({ method: 'POST', url: '/general/sms/updateSmsSetting', payload: vendorSetting(provider, secret) });
      expect(body(saved).code).toBe(0);

      // The secret is never answered, and is not stored in the clear.
      const read = await admin({ url: '/general/sms/getSmsSetting' });
      expect(body(read).data).toMatchObject({ provider, secretSet: true, accessKeyId: `${provider}-key-id`, endpoint });
      expect(read.body).not.toContain(secret);
      const row = await t.app.platform.db.selectFrom('sms_setting').selectAll().executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(secret);

      standIn.secret = secret;
      expect(await sendCode(phone, 'login')).toMatchObject({ code: 0 });
      expect(standIn.received).toHaveLength(1);
      const message = standIn.received[0]!;
      expect(message).toMatchObject({ vendor: provider, signatureValid: true, keyId: `${provider}-key-id`, signName: '智慧数据', template: vendorSetting(provider, '').templateCode });
      expect(message.phone).toBe(provider === 'tencent' ? `+86${phone}` : phone);
      if (provider === 'tencent') {
        expect(message.sdkAppId).toBe('1400006666');
      }
      expect(message.code).toMatch(/^\d{6}$/);
      // Sent through the vendor, so not into the outbox.
      const outbox = await t.app.platform.db.selectFrom('sms_outbox').selectAll().where('phone', '=', phone).execute();
      expect(outbox).toHaveLength(0);
      expect(await signInByPhone(phone, message.code)).toMatchObject({ code: 0 });

      // The vendor refuses (a daily limit): the user is told the SMS failed, in their language.
      standIn.mode = 'error';
      expect(await sendCode(phone, 'reset', 'en-US')).toEqual({ code: 50210, msg: 'The text message could not be sent, please try again later', data: null });
      expect(standIn.received[1]).toMatchObject({ signatureValid: true });
      // The failed code was not stored: asking again at once is not "too soon", and goes out.
      standIn.mode = 'ok';
      expect(await sendCode(phone, 'reset')).toMatchObject({ code: 0 });
      expect(standIn.received).toHaveLength(3);
    });
  }

  it('a secret the vendor does not know is refused by its signature check: 50210, 短信发送失败', async () => {
    const phone = '13900000013';
    await createCompanyUser(t.app, { codes: [], phone });
    await admin({ method: 'POST', url: '/general/sms/updateSmsSetting', payload: vendorSetting('aliyun', 'the-wrong-secret') });
    standIn.secret = 'the-right-secret';
    expect(await sendCode(phone, 'login')).toEqual({ code: 50210, msg: '短信发送失败，请稍后重试', data: null });
    expect(standIn.received[0]).toMatchObject({ vendor: 'aliyun', signatureValid: false });
  });

  it('an empty secret keeps the stored one; a vendor needs its fields; back to the outbox', async () => {
    const incomplete = await admin({ method: 'POST', url: '/general/sms/updateSmsSetting', payload: { ...vendorSetting('tencent', ''), sdkAppId: '' } });
    expect(body(incomplete).code).toBe(50001);
    const kept = await admin({ method: 'POST', url: '/general/sms/updateSmsSetting', payload: vendorSetting('tencent', '') });
    expect(body(kept).code).toBe(0);
    const remote = await admin({ method: 'POST', url: '/general/sms/updateSmsSetting', payload: { ...vendorSetting('aliyun', ''), endpoint: 'http://sms.example.com' } });
    expect(body(remote).code).toBe(50001);
    const phone = '13900000014';
    await createCompanyUser(t.app, { codes: [], phone });
    await admin({ method: 'POST', url: '/general/sms/updateSmsSetting', payload: { ...vendorSetting('aliyun', ''), provider: 'outbox' } });
    expect(await sendCode(phone, 'login')).toMatchObject({ code: 0 });
    expect(standIn.received).toHaveLength(0);
    const outbox = await t.app.platform.db.selectFrom('sms_outbox').selectAll().where('phone', '=', phone).execute();
    expect(outbox).toHaveLength(1);
  });

  it('only platform administrators see or change the setting (40300)', async () => {
    const member = await createCompanyUser(t.app, { codes: ['system_maintenance'] });
    const call = as(t.app, await signIn(t.app, member.userName, member.password));
    expect(body(await call({ url: '/general/sms/getSmsSetting' })).code).toBe(40300);
    expect(body(await call({ method: 'POST', url: '/general/sms/updateSmsSetting', payload: vendorSetting('aliyun', 'x') })).code).toBe(40300);
  });
});
