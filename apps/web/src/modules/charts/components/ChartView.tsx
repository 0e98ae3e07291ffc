import { lazy, Suspense, useCallback, useEffect, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import { Button, Empty, Spin, Table, Typography } from 'antd';
import { LockOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChartBucket, ChartCategoryAxis, ChartKind, ChartOptions, ChartQueryRequest, ChartQueryResult, ChartSeries, TimeRange } from '@smartdata/domain';
import { ApiError } from '@/shared/api/ApiError';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { useRecordsChannel } from '@/modules/data-items/hooks/useRecordsChannel';
import { chartsKeys } from '../api/keys';
import { useChartQuery } from '../api/queryChart';
import { bucketPrecision, chartCsv, formatNumber, pointCount, seriesLabel, singleValues, tableRows, timeFormatter, type ChartSeriesResult } from '../lib/chartData';
import { chartOption, compactChartHeight } from '../lib/chartOption';
import type { EChartHandle } from './EChart';
import '../charts.css';

const EChart = lazy(() => import('./EChart'));

/** What a chart page can ask of a rendered chart. */
export interface ChartViewHandle {
  /** PNG data URL of an ECharts kind (null for number cards and tables, or before it is drawn). */
  toPng(): string | null;
  /** The shown data as CSV, or null before it loaded. */
  toCsv(): string | null;
}

export interface ChartViewProps {
  itemId: number;
  kind: ChartKind;
  series: ChartSeries[];
  bucket: ChartBucket;
  range: TimeRange;
  maxPoints?: number;
  /** Refetch when records of the item change (realtime `records:<itemId>` pushes). */
  live?: boolean;
  /** Canvas height in px (default 360). */
  height?: number;
  options?: ChartOptions;
  /** A category axis over a text field instead of time (null or absent: time). */
  category?: ChartCategoryAxis | null;
  ref?: Ref<ChartViewHandle>;
  /** Called with every answer (a page shows counts or enables exports with it). */
  onData?: (result: ChartQueryResult) => void;
}

/** One object for "no options", so a chart without options is not redrawn on every render. */
const noOptions: ChartOptions = {};

/** At most one refetch a second however fast records arrive. */
const liveThrottleMs = 1_000;

/**
 * A chart of a data item: asks `POST /general/chart/query` and draws the answer as a line, bar,
 * area, pie or gauge (ECharts, loaded lazily), a number card or a table. Shows loading, empty,
 * "no permission" (40300: a dashboard widget the viewer may not read) and error states instead
 * of failing the page. `data-points` on the root holds the number of points drawn.
 */
export function ChartView({ itemId, kind, series, bucket, range, maxPoints, live = false, height = 360, options = noOptions, category = null, ref, onData }: ChartViewProps) {
  const { t } = useTranslation('charts');
  const timeZone = useCompanyTimeZone();
  const queryClient = useQueryClient();
  const categoryField = category?.field;
  const categoryTop = category?.top;
  const request = useMemo<ChartQueryRequest>(
    () => ({ itemId, series, bucket, range, maxPoints, ...(categoryField ? { category: { field: categoryField, top: categoryTop ?? 10 } } : {}) }),
    [itemId, series, bucket, range, maxPoints, categoryField, categoryTop],
  );
  const query = useChartQuery(request, itemId > 0 && series.length > 0);
  const chart = useRef<EChartHandle>(null);

  const throttle = useRef<{ timer?: number; last: number }>({ last: 0 });
  const refresh = useCallback(() => {
    const state = throttle.current;
    if (state.timer !== undefined) {
      return;
    }
    const wait = Math.max(0, state.last + liveThrottleMs - Date.now());
    state.timer = window.setTimeout(() => {
      state.timer = undefined;
      state.last = Date.now();
      void queryClient.invalidateQueries({ queryKey: chartsKeys.queries(itemId) });
    }, wait);
  }, [queryClient, itemId]);
  useEffect(() => () => window.clearTimeout(throttle.current.timer), []);
  useRecordsChannel(live ? itemId : 0, refresh, refresh);

  const label = useCallback((s: ChartSeriesResult) => seriesLabel(s, (aggregate) => t(`aggregates.${aggregate}`)), [t]);
  const result = query.data;
  useEffect(() => {
    if (result) {
      onData?.(result);
    }
  }, [result, onData]);

  useImperativeHandle(
    ref,
    () => ({
      toPng: () => chart.current?.toPng() ?? null,
      toCsv: () => (result ? chartCsv(result, kind, timeZone, { time: t('csv.time'), category: t('csv.category'), series: label }) : null),
    }),
    [result, kind, timeZone, t, label],
  );

  const compact = height < compactChartHeight;
  const option = useMemo(() => (result && usesECharts(kind) ? chartOption(kind, result, options, timeZone, label, compact) : null), [result, kind, options, timeZone, label, compact]);
  const points = pointCount(result);
  const state = query.error ? (query.error instanceof ApiError && query.error.code === 40300 ? 'denied' : 'error') : !result ? 'loading' : points === 0 ? 'empty' : 'ready';

  let body;
  if (state === 'denied') {
    body = <Empty image={<LockOutlined className="sd-chart__lock" />} description={t('view.denied')} />;
  } else if (state === 'error') {
    const reason = query.error instanceof ApiError && typeof query.error.data === 'string' ? query.error.data : query.error instanceof Error ? query.error.message : '';
    body = (
      <Empty description={<span role="alert">{t('view.failed', { reason })}</span>}>
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
          {t('view.retry')}
        </Button>
      </Empty>
    );
  } else if (state === 'loading') {
    body = <Spin className="sd-chart__spin" />;
  } else if (state === 'empty') {
    body = <Empty description={t('view.empty')} />;
  } else if (kind === 'numberCard') {
    body = (
      <div className="sd-chart__cards">
        {singleValues(result!).map(({ series: s, value }) => (
          <div key={`${s.field}-${s.aggregate}`} className="sd-chart__card">
            <Typography.Text type="secondary">{label(s)}</Typography.Text>
            <div className="sd-chart__number">
              {formatNumber(value, options)}
              {s.unit && <span className="sd-chart__unit">{s.unit}</span>}
            </div>
          </div>
        ))}
      </div>
    );
  } else if (kind === 'table') {
    const format = timeFormatter(timeZone);
    const precision = bucketPrecision(result!.bucket);
    body = (
      <Table
        size="small"
        rowKey="key"
        dataSource={tableRows(result!)}
        pagination={{ pageSize: 20, showSizeChanger: false, size: 'small' }}
        scroll={{ y: Math.max(120, height - 90) }}
        columns={[
          result!.categories
            ? { title: t('csv.category'), dataIndex: 'at', width: 180, render: (index: number) => result!.categories![index] ?? '' }
            : { title: t('csv.time'), dataIndex: 'at', width: 180, render: (at: number) => format(at, precision) },
          ...result!.series.map((s, index) => ({
            title: s.unit ? `${label(s)} (${s.unit})` : label(s),
            key: `${s.field}-${s.aggregate}`,
            align: 'right' as const,
            render: (_: unknown, row: { values: Array<number | null> }) => formatNumber(row.values[index] ?? null, options),
          })),
        ]}
      />
    );
  } else {
    body = (
      <Suspense fallback={<Spin className="sd-chart__spin" />}>
        <EChart ref={chart} option={option!} height={height} />
      </Suspense>
    );
  }

  return (
    <div
      className={`sd-chart sd-chart--${kind}`}
      data-testid="chart-view"
      data-state={state}
      data-kind={kind}
      data-points={points}
      data-downsampled={result?.series.some((s) => s.downsampled) ? 'true' : 'false'}
      style={{ minHeight: kind === 'numberCard' ? undefined : height }}
      aria-busy={query.isFetching}
    >
      {body}
    </div>
  );
}

function usesECharts(kind: ChartKind): boolean {
  return kind === 'line' || kind === 'bar' || kind === 'area' || kind === 'pie' || kind === 'gauge';
}
