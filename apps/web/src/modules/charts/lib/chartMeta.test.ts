import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { ChartConfig } from '@smartdata/domain';
import en from '../locales/en-US.json';
import zh from '../locales/zh-CN.json';
import { chartMeta } from './chartMeta';

const t = i18next.createInstance();
await t.init({ lng: 'en-US', resources: { 'en-US': { charts: en }, 'zh-CN': { charts: zh } }, defaultNS: 'charts', interpolation: { escapeValue: false } });

const timeChart: Pick<ChartConfig, 'kind' | 'bucket' | 'range' | 'category'> = { kind: 'bar', bucket: 'hour', range: { preset: 'today' }, category: null };
const categoryChart: typeof timeChart = { ...timeChart, bucket: 'raw', category: { field: 'location', top: 10 } };
const names = (key: string) => ({ location: 'Location' })[key] ?? key;

describe('chart summary line', () => {
  it('a time chart names its bucket', () => {
    expect(chartMeta(timeChart, 'Asia/Shanghai', t.getFixedT('en-US'), names)).toBe('Bar · Hour · Today');
  });

  it('a category chart says what it groups by and how many categories it shows, not "Raw"', () => {
    expect(chartMeta(categoryChart, 'Asia/Shanghai', t.getFixedT('en-US'), names)).toBe('Bar · per Location (top 10) · Today');
    expect(chartMeta(categoryChart, 'Asia/Shanghai', t.getFixedT('zh-CN'), () => '位置')).toBe('柱状图 · 按位置（前 10 项） · 今天');
  });
});
