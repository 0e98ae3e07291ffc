import { offsetAt, summaryValue, type ChartAggregate,
  type ChartBucket, type ChartKind, type ChartOptions, type ChartQueryResult } from '@smartdata/domain';

export type ChartSeriesResult = ChartQueryResult['series'][number];

/** A series' legend label: its field name, with the aggregate when there is one ("温度 (平均)"). */
export function seriesLabel(series: Pick<ChartSeriesResult, 'name' | 'aggregate'>, aggregateText: (aggregate: ChartAggregate) => string): string {
  return series.aggregate === 'none' ? series.name : `${series.name} (${aggregateText(series.aggregate)})`;
}

export function pointCount(result: ChartQueryResult | undefined): number {
  return result ? result.series.reduce((n, s) => n + s.points.length, 0) : 0;
}

/**
 * Instants shifted by the company zone's offset, so a chart drawn in UTC (`useUTC`) shows the
 * company's wall clock whatever the browser's zone; offsets are cached per quarter hour.
 */
export function zoneShifter(timeZone: string): (instant: number) => number {
  const cache = new Map<number, number>();
  return (instant) => {
    const key = Math.floor(instant / 900_000);
    let offset = cache.get(key);
    if (offset === undefined) {
      offset = offsetAt(instant, timeZone);
      cache.set(key, offset);
    }
    return instant + offset;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` (or shorter) of an instant on the company's wall clock. */
export function timeFormatter(timeZone: string): (instant: number, precision?: 'second' | 'minute' | 'day' | 'month') => string {
  const shift = zoneShifter(timeZone);
  return (instant, precision = 'second') => {
    const d = new Date(shift(instant));
    const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    switch (precision) {
      case 'month':
        return day.slice(0, 7);
      case 'day':
        return day;
      case 'minute':
        return `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
      case 'second':
        return `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
    }
  };
}

/** How precisely a bucket's time is shown. */
export function bucketPrecision(bucket: ChartBucket): 'second' | 'minute' | 'day' | 'month' {
  return bucket === 'raw' ? 'second' : bucket === 'day' ? 'day' : bucket === 'month' ? 'month' : 'minute';
}

export interface TableRow {
  key: number;
  at: number;
  values: Array<number | null>;
}

/** One row per instant (newest first), a column per series. */
export function tableRows(result: ChartQueryResult): TableRow[] {
  const rows = new Map<number, Array<number | null>>();
  result.series.forEach((series, index) => {
    for (const [at, value] of series.points) {
      const row = rows.get(at) ?? result.series.map(() => null);
      row[index] = value;
      rows.set(at, row);
    }
  });
  // A category axis keeps the server's order (largest first); a time axis shows the newest first.
  return [...rows.entries()].sort((a, b) => (result.categories ? a[0] - b[0] : b[0] - a[0])).map(([at, values]) => ({ key: at, at, values }));
}

/** Formats a number with the chart's decimals (or as it is). */
export function formatNumber(value: number | null, options: Pick<ChartOptions, 'decimals'>): string {
  if (value === null || !Number.isFinite(value)) {
    return '—';
  }
  return options.decimals !== undefined ? value.toFixed(options.decimals) : String(Math.round(value * 1e6) / 1e6);
}

/** The one value a number card, gauge or pie slice shows per series. */
export function singleValues(result: ChartQueryResult): Array<{ series: ChartSeriesResult; value: number | null }> {
  return result.series.map((series) => ({ series, value: summaryValue(series.summary, series.aggregate) }));
}

const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The chart's data as CSV (UTF-8 with BOM for spreadsheets): time in the company zone, a column per series. */
export function chartCsv(result: ChartQueryResult, kind: ChartKind, timeZone: string, labels: { time: string; category?: string; series: (s: ChartSeriesResult) => string }): string {
  const format = timeFormatter(timeZone);
  const header = [result.categories ? (labels.category ?? labels.time) : labels.time, ...result.series.map((s) => (s.unit ? `${labels.series(s)} (${s.unit})` : labels.series(s)))];
  const lines = [header.map(csvCell).join(',')];
  if (kind === 'pie' || kind === 'gauge' || kind === 'numberCard') {
    const values = singleValues(result);
    lines.push([`${format(result.from)} – ${format(result.to)}`, ...values.map((v) => (v.value === null ? '' : String(v.value)))].map(csvCell).join(','));
  } else {
    const rows = tableRows(result);
    for (const row of result.categories ? rows : rows.reverse()) {
      lines.push([result.categories ? (result.categories[row.at] ?? '') : format(row.at, bucketPrecision(result.bucket)), ...row.values.map((v) => (v === null ? '' : String(v)))].map(csvCell).join(','));
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
