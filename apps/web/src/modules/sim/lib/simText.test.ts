import { describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '@smartdata/domain';
import { batchProblem, formatMb, iccidHint, usageTone } from './simText';

const body = '898604123456789012';
const valid = `${body}${luhnCheckDigit(body)}`;
const wrong = `${body}${(luhnCheckDigit(body) + 1) % 10}`;

describe('batchProblem', () => {
  it('takes cards of one real carrier only', () => {
    expect(batchProblem([])).toBe('empty');
    expect(batchProblem([{ carrier: 'mobile' }, { carrier: 'mobile' }])).toBeNull();
    expect(batchProblem([{ carrier: 'mobile' }, { carrier: 'unicom' }])).toBe('mixedCarriers');
    expect(batchProblem([{ carrier: 'none' }])).toBe('noCarrier');
  });
});

describe('usageTone', () => {
  it('warns from the alert threshold and turns red at the allowance', () => {
    expect(usageTone(null)).toBe('normal');
    expect(usageTone(79.9)).toBe('normal');
    expect(usageTone(80)).toBe('warning');
    expect(usageTone(100)).toBe('exception');
    expect(usageTone(95, 0)).toBe('normal');
  });
});

describe('formatMb', () => {
  it('reads MB below a GB and GB above', () => {
    expect(formatMb(null, 'en-US')).toBe('—');
    expect(formatMb(12.345, 'en-US')).toBe('12.35 MB');
    expect(formatMb(2048, 'en-US')).toBe('2 GB');
  });
});

describe('iccidHint', () => {
  it('counts digits while typing, then checks the Luhn digit', () => {
    expect(iccidHint('')).toBeNull();
    expect(iccidHint('8986')).toEqual({ ok: false, key: 'form.iccidDigits', count: 4 });
    expect(iccidHint(valid)).toEqual({ ok: true, key: 'form.iccidValid', count: 19 });
    expect(iccidHint(wrong)).toEqual({ ok: false, key: 'validation.sim.iccid.luhn', count: 19 });
    expect(iccidHint('89860x')).toEqual({ ok: false, key: 'validation.sim.iccid.pattern', count: 6 });
  });
});

describe('usageRange', () => {
  it('turns a band into the call’s bounds', async () => {
    const { usageRange } = await import('./usageFilter');
    expect(usageRange(undefined)).toEqual({});
    expect(usageRange('under50')).toEqual({ usageMax: 50 });
    expect(usageRange('from80')).toEqual({ usageMin: 80, usageMax: 100 });
    expect(usageRange('full')).toEqual({ usageMin: 100 });
  });
});
