import { describe, expect, it } from 'vitest';
import type { ChartQueryResult } from '@smartdata/domain';
import { chartCsv, pointCount, seriesLabel, tableRows, timeFormatter } from './chartData';
import { niceMax } from './chartOption';

const sh = (iso: string) => Date.parse(`${iso}+08:00`);
const result: ChartQueryResult = {
  from: sh('2026-11-10T00:00:00'),
  to: sh('2026-11-11T00:00:00'),
  bucket: 'hour',
  series: [
    { field: 't', name: '温度', unit: '℃', aggregate: 'AVG', downsampled: false, summary: { count: 3, sum: 60, min: 10, max: 30, avg: 20, last: [sh('2026-11-10T01:10:00'), 30] }, points: [[sh('2026-11-10T00:00:00'), 15], [sh('2026-11-10T01:00:00'), 30]] },
    { field: 'c', name: 'Count, "all"', unit: '', aggregate: 'SUM', downsampled: false, summary: null, points: [[sh('2026-11-10T01:00:00'), 7]] },
  ],
};
const labels = { time: 'Time', series: (s: ChartQueryResult['series'][number]) => seriesLabel(s, (a) => a.toLowerCase()) };

describe('chart data', () => {
  it('writes CSV with the company wall clock, units, quoted names and empty cells', () => {
    expect(chartCsv(result, 'line', 'Asia/Shanghai', labels)).toBe(
      '\uFEFFTime,温度 (avg) (℃),"Count, ""all"" (sum)"\r\n2026-11-10 00:00,15,\r\n2026-11-10 01:00,30,7\r\n',
    );
  });

  it('writes one row of the window for single-value kinds', () => {
    expect(chartCsv(result, 'numberCard', 'Asia/Shanghai', labels).split('\r\n')[1]).toBe('2026-11-10 00:00:00 – 2026-11-11 00:00:00,20,');
  });

  it('counts points and merges rows by instant, newest first', () => {
    expect(pointCount(result)).toBe(3);
    expect(tableRows(result).map((r) => r.values)).toEqual([
      [30, 7],
      [15, null],
    ]);
  });

  it('formats instants in the zone and rounds gauge scales', () => {
    expect(timeFormatter('Europe/Berlin')(Date.parse('2026-10-25T01:30:00Z'))).toBe('2026-10-25 02:30:00');
    expect([niceMax(0), niceMax(7), niceMax(130), niceMax(1000)]).toEqual([100, 10, 200, 1000]);
  });
});
