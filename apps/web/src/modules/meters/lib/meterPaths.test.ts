import { describe, expect, it } from 'vitest';
import { meterConfigPath, meterPath, meterReportPath, monthOf, shiftMonth } from './meterPaths';
import { formatKwh, formatMoney, formulaText, messageText } from './meterText';

describe('meter paths', () => {
  it('opens a standard or virtual meter by its node type', () => {
    expect(meterPath({ id: 7, name: '1号 表', nodeType: 101 })).toBe('/standardElectricMeter/7/1%E5%8F%B7%20%E8%A1%A8');
    expect(meterPath({ id: 8, name: 'V', nodeType: 100 })).toBe('/virtualElectricMeter/8/V');
    expect(meterReportPath({ id: 8, name: 'V', nodeType: 100 }, 2026, 3)).toBe('/virtualReport/2026/3/8/V');
    expect(meterReportPath({ id: 7, name: 'S', nodeType: 101 }, 2026, 11)).toBe('/standardReport/2026/11/7/S');
    expect(meterConfigPath({ id: 7, name: 'a/b' })).toBe('/smartdata/electricMeterConfig/7/a%2Fb');
    expect(meterConfigPath({ id: 7, name: '' })).toBe('/smartdata/electricMeterConfig/7/-');
  });

  it('finds the month of an instant in a time zone and steps across years', () => {
    // 2025-12-31 17:00 UTC is already January 1st in Shanghai.
    expect(monthOf(Date.UTC(2025, 11, 31, 17), 'Asia/Shanghai')).toEqual({ year: 2026, month: 1 });
    expect(monthOf(Date.UTC(2025, 11, 31, 17), 'UTC')).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(2025, 12, 1)).toEqual({ year: 2026, month: 1 });
    expect(shiftMonth(2026, 5, 0)).toEqual({ year: 2026, month: 5 });
  });
});

describe('meter texts', () => {
  it('fills the parameters of a domain message key', () => {
    expect(messageText('validation.meter.tariffHole|22:00–06:00', 'en-US')).toBe('The tariff must cover the whole day; 22:00–06:00 has no window');
    expect(messageText('validation.meter.tariffOverlap|08:00–12:00|10:00–14:00', 'zh-CN')).toBe('时段 08:00–12:00 与 10:00–14:00 重叠');
    expect(messageText('not.ours', 'en-US')).toBeNull();
  });

  it('formats kWh, money and formulas', () => {
    expect(formatKwh(1234.5678, 'en-US')).toBe('1,234.568');
    expect(formatKwh(null, 'en-US')).toBe('—');
    expect(formatMoney(3, 'zh-CN')).toBe('3.00');
    expect(formulaText([{ factor: 1, meterName: 'A' }, { factor: 1, meterName: 'B' }], 'en-US')).toBe('A + B');
    expect(formulaText([{ factor: 1, meterName: 'A' }, { factor: -0.5, meterName: 'B' }], 'en-US')).toBe('A − 0.5 × B');
    expect(formulaText([{ factor: -1, meterName: 'A' }], 'en-US')).toBe('− A');
  });
});
