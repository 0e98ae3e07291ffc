import { describe, expect, it } from 'vitest';
import { validationMessage } from '../validationMessages';
import { iccidProblem, luhnCheckDigit, luhnValid } from './luhn';
import { addCardRequest, carrierConnectionProblem, carrierConnectionProblems, carrierEndpointProblem, dataCardStates, oneLinkDefaultEndpoint, simStatuses, updateCardRequest, updateConnectionRequest } from './sim.schemas';
import { simMessages } from './simMessages';
import { dataCardStateOf, exhaustionWarning, gatewayDailyMb, localDay, planWindow, spreadOverDays, usedPercent } from './simUsage';

const zone = 'Asia/Shanghai';
const DAY = 86_400_000;

describe('ICCID check digit (Luhn)', () => {
  it('accepts the textbook number and real-shaped ICCIDs, refuses a changed digit', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    const body = '8986001234567890123';
    const iccid = `${body}${luhnCheckDigit(body)}`;
    expect(iccid).toBe('89860012345678901238');
    expect(iccidProblem(iccid)).toBeNull();
    for (let i = 0; i < iccid.length; i += 1) {
      const changed = `${iccid.slice(0, i)}${(Number(iccid[i]) + 1) % 10}${iccid.slice(i + 1)}`;
      expect(iccidProblem(changed), changed).toBe('validation.sim.iccid.luhn');
    }
  });

  it('wants 19 or 20 digits', () => {
    const nineteen = `898601234567890123`;
    expect(iccidProblem(`${nineteen}${luhnCheckDigit(nineteen)}`)).toBeNull();
    expect(iccidProblem('123456789012345678')).toBe('validation.sim.iccid.pattern');
    expect(iccidProblem('898600123456789012345')).toBe('validation.sim.iccid.pattern');
    expect(iccidProblem('8986001234567890123F')).toBe('validation.sim.iccid.pattern');
    expect(luhnValid('')).toBe(false);
  });

  it('is checked by the add request, with a text in both languages', () => {
    expect(addCardRequest.safeParse({ number: '1440012345678', iccid: '89860012345678901238', carrier: 'mobile' }).success).toBe(true);
    const bad = addCardRequest.safeParse({ number: '1440012345678', iccid: '89860012345678901239', carrier: 'mobile' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('validation.sim.iccid.luhn');
    expect(validationMessage('validation.sim.iccid.luhn', 'zh-CN')).toBe('ICCID 校验位不正确');
    expect(addCardRequest.safeParse({ number: '1440012345678', iccid: '89860012345678901238', carrier: 'cmcc' }).success).toBe(false);
    expect(updateCardRequest.safeParse({ id: 1, dataFrequency: 7 }).success).toBe(false);
    expect(updateCardRequest.safeParse({ id: 1, dataFrequency: '5' }).success).toBe(true);
  });

  it('has every message in both languages', () => {
    for (const [key, text] of Object.entries(simMessages)) {
      expect(text['zh-CN'], key).not.toBe('');
      expect(text['en-US'], key).not.toBe('');
    }
  });
});

describe('plan periods and usage', () => {
  const at = Date.UTC(2026, 10, 10, 2); // 2026-11-10 10:00 in Shanghai
  it('finds the month, quarter and year in the company zone', () => {
    expect(planWindow('monthly', at, zone)).toEqual({ from: Date.UTC(2026, 9, 31, 16), to: Date.UTC(2026, 10, 30, 16) });
    expect(planWindow('quarterly', at, zone)).toEqual({ from: Date.UTC(2026, 8, 30, 16), to: Date.UTC(2026, 11, 31, 16) });
    expect(planWindow('yearly', at, zone)).toEqual({ from: Date.UTC(2025, 11, 31, 16), to: Date.UTC(2026, 11, 31, 16) });
    // 2026-11-30 23:30 in Shanghai is still November.
    expect(planWindow('monthly', Date.UTC(2026, 10, 30, 15, 30), zone).to).toBe(Date.UTC(2026, 10, 30, 16));
  });

  it('spreads traffic over the local days between two syncs, in proportion to time', () => {
    const from = Date.UTC(2026, 10, 10, 4); // 12:00 local
    const to = from + DAY + 12 * 3_600_000; // 00:00 local two days later
    const parts = spreadOverDays(from, to, 36, zone);
    expect(parts).toEqual([
      { day: '2026-11-10', mb: 12 },
      { day: '2026-11-11', mb: 24 },
    ]);
    expect(spreadOverDays(from, from, 5, zone)).toEqual([{ day: '2026-11-10', mb: 5 }]);
    expect(spreadOverDays(from, to, 0, zone)).toEqual([]);
    expect(localDay(Date.UTC(2026, 10, 10, 16), zone)).toBe('2026-11-11');
  });

  it('gives a percentage only with an allowance', () => {
    expect(usedPercent(25, 100)).toBe(25);
    expect(usedPercent(1, 3)).toBe(33.3);
    expect(usedPercent(5, null)).toBeNull();
    expect(usedPercent(5, 0)).toBeNull();
  });

  it('maps every status to a data-card state of spec §4', () => {
    const states = new Set(simStatuses.map((status) => dataCardStateOf(status, 0, 100)));
    expect(states).toEqual(new Set(['notActivated', 'running', 'abnormal']));
    expect([...states].every((s) => (dataCardStates as readonly string[]).includes(s))).toBe(true);
    expect(dataCardStateOf('normal', 100, 100)).toBe('abnormal');
    expect(dataCardStateOf('normal', 100, null)).toBe('running');
    expect(dataCardStateOf('test', 0, 100)).toBe('notActivated');
    expect(dataCardStateOf('suspendedKept', 0, 100)).toBe('abnormal');
  });
});

describe('plan-exhaustion warning of a bound gateway', () => {
  const now = Date.UTC(2026, 10, 10, 2);
  const periodEnd = Date.UTC(2026, 10, 30, 16); // 20.6 days on
  it('computes what a gateway sends a day', () => {
    // 1440 messages × (1024 + 150) bytes.
    expect(gatewayDailyMb(1, 1024)).toBeCloseTo((1440 * 1174) / 1_048_576, 10);
    expect(gatewayDailyMb(15, 1024)).toBeCloseTo(gatewayDailyMb(1, 1024) / 15, 10);
  });

  it('warns a 1-minute gateway on a 30 MB plan, with the day it runs out', () => {
    const warning = exhaustionWarning({ usedMb: 0, planMb: 30, now, periodEnd, dataFrequency: 1, payloadBytes: 1024 });
    expect(warning).not.toBeNull();
    expect(warning!.dailyMb).toBeCloseTo(1.612, 3);
    expect(warning!.projectedMb).toBeGreaterThan(30);
    // 30 MB / 1.612 MB a day ≈ 18.6 days.
    expect((warning!.exhaustsAt - now) / DAY).toBeCloseTo(30 / gatewayDailyMb(1, 1024), 3);
    expect(warning!.periodEnd).toBe(periodEnd);
  });

  it('stays quiet when the plan lasts, and without frequency, payload or allowance', () => {
    expect(exhaustionWarning({ usedMb: 0, planMb: 30, now, periodEnd, dataFrequency: 15, payloadBytes: 1024 })).toBeNull();
    expect(exhaustionWarning({ usedMb: 0, planMb: 30, now, periodEnd, dataFrequency: null, payloadBytes: 1024 })).toBeNull();
    expect(exhaustionWarning({ usedMb: 0, planMb: null, now, periodEnd, dataFrequency: 1, payloadBytes: 1024 })).toBeNull();
  });

  it('says "now" when the allowance is already used', () => {
    expect(exhaustionWarning({ usedMb: 31, planMb: 30, now, periodEnd, dataFrequency: 10, payloadBytes: 100 })?.exhaustsAt).toBe(now);
  });
});

describe('carrier connection rules (issue 36)', () => {
  it('wants an AppID and a password (typed or stored) for a live China Mobile connection only', () => {
    const live = { carrier: 'mobile' as const, mode: 'live' as const, account: '100001', secret: 'pw', secretStored: false };
    expect(carrierConnectionProblems(live)).toEqual({ account: null, secret: null });
    expect(carrierConnectionProblems({ ...live, account: ' ' })).toEqual({ account: 'validation.sim.appid', secret: null });
    expect(carrierConnectionProblems({ ...live, account: 'app id' }).account).toBe('validation.sim.appid');
    expect(carrierConnectionProblems({ ...live, secret: undefined }).secret).toBe('validation.sim.password');
    expect(carrierConnectionProblems({ ...live, secret: undefined, secretStored: true }).secret).toBeNull();
    expect(carrierConnectionProblems({ ...live, secret: '', secretStored: true }).secret).toBe('validation.sim.password');
    expect(carrierConnectionProblem({ ...live, account: '', secret: undefined })).toBe('validation.sim.appid');
    expect(carrierConnectionProblem({ ...live, mode: 'simulated', account: '' })).toBeNull();
    expect(carrierConnectionProblem({ ...live, carrier: 'unicom', account: '' })).toBeNull();
    expect(validationMessage('validation.sim.appid', 'zh-CN')).toBe('AppID 为 1 到 100 位字母、数字、- 或 _');
  });

  it('takes an empty endpoint (the default) or an http(s) address', () => {
    expect(carrierEndpointProblem('')).toBeNull();
    expect(carrierEndpointProblem(oneLinkDefaultEndpoint)).toBeNull();
    expect(carrierEndpointProblem('http://127.0.0.1:8080/v5')).toBeNull();
    expect(carrierEndpointProblem('ftp://example.com')).toBe('validation.sim.endpoint');
    expect(carrierEndpointProblem('api.iot.10086.cn')).toBe('validation.sim.endpoint');
    expect(updateConnectionRequest.safeParse({ carrier: 'mobile', mode: 'live', endpoint: 'ftp://x' }).success).toBe(false);
  });
});
