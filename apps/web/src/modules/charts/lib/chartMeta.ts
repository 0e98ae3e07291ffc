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

/** "折线图 · 小时 · 最近 7 天" */
export function chartMeta(chart: Pick<ChartConfig, 'kind' | 'bucket' | 'range'>, timeZone: string, t: TFunction): string {
  return t('meta', { kind: t(`kinds.${chart.kind}`), bucket: t(`buckets.${chart.bucket}`), range: rangeText(chart.range, timeZone, t) });
}
