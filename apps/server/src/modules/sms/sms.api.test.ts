import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { StandIn } from '@server/test/smsVendorStandIn';

/**
 * SMS providers (issue 14.6, docs/sms.md): the Alibaba Cloud and Tencent Cloud SDKs are pointed at
 * a stand-in on loopback that recomputes their request signatures (ACS3-HMAC-SHA256,
 * TC3-HMAC-SHA256) with the secret the platform administrator entered, and answers like the real
 * services: a sent message, or an error.
 */

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
