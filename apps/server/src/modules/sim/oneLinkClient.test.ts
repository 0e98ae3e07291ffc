import { describe, expect, it } from 'vitest';
import { beijingStamp, oneLinkBase, OneLinkClient } from './oneLinkClient';
import { beijingInstant, oneLinkStatuses } from './oneLinkProvider';

describe('OneLink calls (issue 36)', () => {
  it('makes transid = appid + yyyyMMddHHmmss (Beijing) + an 8-digit sequence', () => {
    const client = new OneLinkClient(() => Promise.reject(new Error('no calls here')));
    const at = Date.UTC(2026, 10, 10, 2, 3, 4); // 10:03:04 in Beijing
    expect(beijingStamp(at)).toBe('20261110100304');
    expect(client.transid('100001', at)).toBe('1000012026111010030400000001');
    expect(client.transid('100001', at)).toBe('1000012026111010030400000002');
  });

  it('reads the endpoint as the API base, the default when empty, a pasted token address trimmed', () => {
    expect(oneLinkBase('')).toBe('https://api.iot.10086.cn/v5');
    expect(oneLinkBase('https://api.iot.10086.cn/v5/ec/get/token')).toBe('https://api.iot.10086.cn/v5');
    expect(oneLinkBase(' http://127.0.0.1:9/v5/ ')).toBe('http://127.0.0.1:9/v5');
  });

  it('maps OneLink-CT and -PB card statuses to spec §3 and reads Beijing dates', () => {
    expect(oneLinkStatuses['6']).toBe('test');
    expect(oneLinkStatuses['1']).toBe('silent');
    expect(oneLinkStatuses['2']).toBe('normal');
    expect(oneLinkStatuses['4']).toBe('suspended');
    expect(oneLinkStatuses['7']).toBe('none');
    expect(oneLinkStatuses['00']).toBe('normal');
    expect(beijingInstant('2026-11-10 10:03:04')).toBe(Date.UTC(2026, 10, 10, 2, 3, 4));
    expect(beijingInstant('20261110')).toBe(Date.UTC(2026, 10, 9, 16, 0, 0));
    expect(beijingInstant(' ')).toBeNull();
  });

  it('renews the token once on 12021 and pauses the account after a rate-limit answer', async () => {
    const urls: string[] = [];
    let tokenCalls = 0;
    const answers: { status: number; body: string }[] = [];
    const client = new OneLinkClient((url) => {
      urls.push(new URL(url).pathname);
      if (url.includes('/ec/get/token')) {
        tokenCalls += 1;
        return Promise.resolve({ status: 200, body: JSON.stringify({ status: '0', message: '正确', result: [{ token: `t${tokenCalls}`, ttl: '3600' }] }) });
      }
      return Promise.resolve(answers.shift() ?? { status: 200, body: JSON.stringify({ status: '0', message: '正确', result: [{ cardStatus: '2' }] }) });
    });
    const account = { appid: '100001', password: 'pw', endpoint: 'http://127.0.0.1:9/v5' };
    answers.push({ status: 200, body: JSON.stringify({ status: '12021', message: 'token 已失效', result: [] }) });
    expect(await client.call(account, '/ec/query/sim-status', { iccid: '1' }, 0)).toMatchObject({ ok: true });
    expect(tokenCalls).toBe(2);
    answers.push({ status: 200, body: JSON.stringify({ status: '12021', message: 'token 已失效', result: [] }) }, { status: 200, body: JSON.stringify({ status: '12021', message: 'token 已失效', result: [] }) });
    expect(await client.call(account, '/ec/query/sim-status', { iccid: '1' }, 0)).toMatchObject({ ok: false, message: 'sim.onelink.refused|12021|token 已失效' });
    expect(tokenCalls).toBe(3); // once per call, never in a loop

    answers.push({ status: 429, body: '' });
    expect(await client.call(account, '/ec/query/sim-status', { iccid: '1' }, 1000)).toMatchObject({ ok: false, rateLimited: true });
    const made = urls.length;
    expect(await client.call(account, '/ec/query/sim-status', { iccid: '1' }, 30_000)).toMatchObject({ ok: false, rateLimited: true });
    expect(urls.length).toBe(made);
    expect(await client.call(account, '/ec/query/sim-status', { iccid: '1' }, 62_000)).toMatchObject({ ok: true });
  });
});
