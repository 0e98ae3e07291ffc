import { describe, expect, it } from 'vitest';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartQueryResult } from '@smartdata/domain';
import { chartOption } from './chartOption';

// The unit on each value axis must be drawn, and drawn inside the chart (issue 13: one screenshot
// showed no unit at all). Rendered for real, on the server-side SVG renderer.
echarts.use([LineChart, BarChart, GridComponent, LegendComponent, DataZoomComponent, SVGRenderer]);

const series = (unit: string, index: number) => ({
  field: `f${index}`,
  name: `Series ${index}`,
  unit,
  aggregate: 'none',
  downsampled: false,
  summary: null,
  points: Array.from({ length: 20 }, (_, i) => [i * 60_000, 12_000 + ((i * (index + 3)) % 7) * 900]),
});

/** The axis names as drawn: text, fill, and the horizontal extent (12 px per character, the widest case). */
function axisNames(units: string[], width: number, height: number, compact: boolean) {
  const result = { bucket: 'raw', from: 0, to: 3_600_000, series: units.map(series) } as unknown as ChartQueryResult;
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  chart.setOption(chartOption('line', result, {}, 'Asia/Shanghai', (s) => s.name, compact) as never);
  const svg = chart.renderToSVGString();
  chart.dispose();
  return [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)]
    .filter((m) => units.includes(m[2]!))
    .map((m) => {
      const attrs = m[1]!;
      const x = Number(/translate\(([-\d.]+)/.exec(attrs)?.[1] ?? Number.NaN);
      const anchor = /text-anchor="(\w+)"/.exec(attrs)?.[1] ?? 'start';
      const textWidth = [...m[2]!].length * 12;
      const from = anchor === 'middle' ? x - textWidth / 2 : anchor === 'end' ? x - textWidth : x;
      return { text: m[2]!, fill: /fill="([^"]*)"/.exec(attrs)?.[1], from, to: from + textWidth };
    });
}

describe('value axis names (units)', () => {
  for (const [label, width, height, compact] of [
    ['a chart page', 1000, 420, false],
    ['a dashboard widget', 360, 240, true],
  ] as const) {
    for (const units of [['标准立方米每小时（标况）'], ['kWh', '标准立方米每小时（标况）']]) {
      it(`${label}, ${units.length} unit(s): every unit is drawn, inside the chart`, () => {
        const names = axisNames(units, width, height, compact);
        expect(names.map((n) => n.text).sort()).toEqual([...units].sort());
        for (const name of names) {
          expect(name.fill, name.text).not.toBe('none');
          expect(name.from, name.text).toBeGreaterThanOrEqual(0);
          expect(name.to, name.text).toBeLessThanOrEqual(width);
        }
      });
    }
  }
});
