import { describe, expect, it } from 'vitest';
import { dailyBarsOption, gapDaysText } from './dailyBars';

const texts = { unit: 'kWh', gap: 'No data', notYet: 'Not yet' };

describe('daily bars', () => {
  it('leaves gaps and days not begun without a bar', () => {
    const option = dailyBarsOption(
      [
        { day: 1, value: 30, gap: false },
        { day: 2, value: null, gap: true },
        { day: 3, value: 0, gap: false },
        { day: 4, value: null, gap: false },
      ],
      texts,
    ) as { series: Array<{ data: unknown[] }>; xAxis: { data: string[] }; tooltip: { formatter: (p: Array<{ dataIndex: number }>) => string } };
    expect(option.series[0]!.data).toEqual([30, null, 0, null]);
    expect(option.xAxis.data).toEqual(['1', '2', '3', '4']);
    expect(option.tooltip.formatter([{ dataIndex: 1 }])).toBe('2: No data');
    expect(option.tooltip.formatter([{ dataIndex: 3 }])).toBe('4: Not yet');
    expect(option.tooltip.formatter([{ dataIndex: 0 }])).toBe('1: 30 kWh');
  });

  it('names gap days as runs', () => {
    const day = (n: number, gap: boolean) => ({ day: n, value: gap ? null : 1, gap });
    expect(gapDaysText([day(1, false), day(2, true), day(3, true), day(4, true), day(5, false), day(6, true)])).toBe('2–4, 6');
    expect(gapDaysText([day(1, false)])).toBe('');
  });
});
