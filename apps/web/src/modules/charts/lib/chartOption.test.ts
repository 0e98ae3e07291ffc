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
    expect((option.yAxis as object[])[0]).not.toHaveProperty('splitNumber');
  });

  it('keeps a small widget readable: wheel zoom only, three value ticks, a tight grid', () => {
    const option = chartOption('line', result, {}, 'Asia/Shanghai', (s) => s.name, true);
    expect(option.dataZoom).toEqual([{ type: 'inside' }]);
    expect(option.yAxis).toMatchObject([{ splitNumber: 3, name: '℃' }]);
    expect(option.grid).toMatchObject({ bottom: 4, top: 24 });
  });

  it('gives each unit its own value axis, named after the unit (issue 13)', () => {
    const mixed = {
      ...result,
      series: [
        result.series[0]!,
        { ...result.series[0]!, field: 'humidity', name: '湿度', unit: '%' },
        { ...result.series[0]!, field: 'dew', name: '露点', unit: '℃' },
      ],
    } as ChartQueryResult;
    const option = chartOption('line', mixed, {}, 'Asia/Shanghai', (s) => s.name);
    expect(option.yAxis).toMatchObject([
      { name: '℃', position: 'left' },
      { name: '%', position: 'right' },
    ]);
    expect((option.series as Array<{ yAxisIndex: number }>).map((s) => s.yAxisIndex)).toEqual([0, 1, 0]);
  });

  it('draws a category axis over the categories the query answered (value per location)', () => {
    const perLocation = {
      ...result,
      categories: ['二号库', '一号库'],
      series: [{ ...result.series[0]!, aggregate: 'SUM', points: [[0, 70], [1, 40]] }],
    } as ChartQueryResult;
    const option = chartOption('bar', perLocation, {}, 'Asia/Shanghai', (s) => s.name);
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['二号库', '一号库'] });
    expect(option.dataZoom).toEqual([]);
    expect((option.series as Array<{ data: unknown }>)[0]!.data).toEqual([[0, 70], [1, 40]]);
  });
});
