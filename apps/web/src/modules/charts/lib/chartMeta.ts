import type { TFunction } from 'i18next';
import type { ChartConfig, TimeRange } from '@smartdata/domain';
import { timeFormatter } from './chartData';

/** A time range in words: the preset's name, or the custom days (both included). */
export function rangeText(range: TimeRange, timeZone: string, t: TFunction): string {
  if ('preset' in range) {
    return t(`presets.${range.preset}`);
  }
  const format = timeFormatter(timeZone);
  const from = range.from !== undefined ? format(range.from, 'day') : '…';
  const to = range.to !== undefined ? format(range.to - 1, 'day') : '…';
  return `${from} – ${to}`;
}

/**
 * "折线图 · 小时 · 最近 7 天"; a chart over a category axis says what it groups by instead of the
 * time bucket (which does not apply to it): "柱状图 · 按位置（前 10 项） · 今天". `fieldName` turns
 * a field key into the field's name (the key itself when the field is gone).
 */
export function chartMeta(
  chart: Pick<ChartConfig, 'kind' | 'bucket' | 'range' | 'category'>,
  timeZone: string,
  t: TFunction,
  fieldName: (key: string) => string = (key) => key,
): string {
  const range = rangeText(chart.range, timeZone, t);
  if (chart.category) {
    return t('metaCategory', { kind: t(`kinds.${chart.kind}`), field: fieldName(chart.category.field), top: chart.category.top, range });
  }
  return t('meta', { kind: t(`kinds.${chart.kind}`), bucket: t(`buckets.${chart.bucket}`), range });
}
