import { describe, expect, it } from 'vitest';
import type { ChartQueryResult } from '@smartdata/domain';
import { chartOption } from './chartOption';

const result = {
  bucket: 'raw',
  from: 0,
  to: 3_600_000,
  series: [{ field: 'temperature', name: '温度', unit: '℃', aggregate: 'none', downsampled: false, points: [[0, 20], [60_000, 21]], summary: { count: 2, sum: 41, min: 20, max: 21 } }],
} as unknown as ChartQueryResult;

describe('chartOption', () => {
  it('gives a full-size time chart a zoom slider under its axis', () => {
    const option = chartOption('line', result, {}, 'Asia/Shanghai', (s) => s.name);
    expect(option.dataZoom).toEqual([{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }]);
    expect(option.yAxis).not.toHaveProperty('splitNumber');
  });

  it('keeps a small widget readable: wheel zoom only, three value ticks, a tight grid', () => {
    const option = chartOption('line', result, {}, 'Asia/Shanghai', (s) => s.name, true);
    expect(option.dataZoom).toEqual([{ type: 'inside' }]);
    expect(option.yAxis).toMatchObject({ splitNumber: 3, name: '℃' });
    expect(option.grid).toMatchObject({ bottom: 4, top: 24 });
  });
});
