import {
  aggregateValue,
  alignWindow,
  bucketStart,
  bucketEdges,
  categoryFieldTypes,
  chartableFieldTypes,
  chartLimits,
  emptyStats,
  fixedBucketMs,
  foldIntoBuckets,
  lttb,
  mergeStats,
  minMaxDownsample,
  offsetSegments,
  statsOf,
  timeRangeOf,
  type AddChartRequest,
  type ChartAggregate,
  type ChartBucket,
  type ChartConfig,
  type ChartListQuery,
  type ChartQueryRequest,
  type ChartQueryResult,
  type ChartSummary,
  type DataField,
  type Page,
  type Point,
  type UpdateChartRequest,
  type ValueStats,
} from '@smartdata/domain';
import { RawJson } from '@server/platform/rawJson';
import { conflict, notFound, validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { DataItemsService } from '../data-items/dataItems.service';
import { rollupGrains, type RollupGrain, type RollupRow, type SeriesReads, type SeriesRef } from '../data-items/series.port';
import type { ChartRow, ChartsRepository } from './charts.repository';

/** What charts need of the data-items module: the caller's level on an item (with its fields) and the company's time zone. */
export type ChartItems = Pick<DataItemsService, 'requireItem' | 'timeZone'>;

/** A series as answered: its points may be a JSON text from the database, spliced in as is (`stringifyWithRaw`). */
export type ServedSeries = Omit<SeriesResult, 'points'> & { points: Point[] | RawJson };
export type ServedChartResult = Omit<ChartQueryResult, 'series'> & { series: ServedSeries[] };

/** Raw windows with at most this many values are read whole and thinned exactly; larger ones from rollups. */
const RAW_READ_MAX = 20_000;
const DAY = 86_400_000;

type SeriesResult = ChartQueryResult['series'][number];

/**
 * The options column holds the display options and, with a category axis, the axis
 * (`category`): one JSON column, so the axis needed no migration.
 */
function optionsOf(json: string): Pick<ChartConfig, 'options' | 'category'> {
  const { category = null, ...options } = JSON.parse(json) as ChartConfig['options'] & { category?: ChartConfig['category'] };
  return { options, category };
}

function toChart(row: ChartRow): ChartConfig {
  return {
    id: Number(row.id),
    itemId: Number(row.item_id),
    name: row.name,
    kind: row.kind as ChartConfig['kind'],
    series: JSON.parse(row.series) as ChartConfig['series'],
    bucket: row.bucket as ChartBucket,
    range: JSON.parse(row.time_range) as ChartConfig['range'],
    ...optionsOf(row.options),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The coarsest rollup grain that divides every given instant or length. */
function grainDividing(values: readonly number[]): RollupGrain | null {
  for (const grain of [...rollupGrains].reverse()) {
    if (values.every((v) => v % grain === 0)) {
      return grain;
    }
  }
  return null;
}

/**
 * Min/max thinning from rollup rows: the window in maxPoints/2 slots, each keeping the lowest
 * minimum and highest maximum of its rows at the start of the row that held them.
 */
function minMaxOfRollups(rows: readonly RollupRow[], from: number, to: number, maxPoints: number): Point[] {
  const slots = Math.max(1, Math.floor(maxPoints / 2));
  const out: Point[] = [];
  let slot = -1;
  let lo: Point | null = null;
  let hi: Point | null = null;
  const flush = () => {
    if (lo && hi) {
      out.push(...(lo[0] < hi[0] ? [lo, hi] : lo[0] > hi[0] ? [hi, lo] : lo[1] === hi[1] ? [lo] : [lo, hi]));
    }
  };
  for (const row of rows) {
    const s = Math.min(slots - 1, Math.floor(((row.at - from) / (to - from)) * slots));
    if (s !== slot) {
      flush();
      slot = s;
      lo = [row.at, row.min];
      hi = [row.at, row.max];
    } else {
      if (row.min < lo![1]) {
        lo = [row.at, row.min];
      }
      if (row.max > hi![1]) {
        hi = [row.at, row.max];
      }
    }
  }
  flush();
  return out;
}

const summaryOf = (stats: ValueStats, last: [number, number] | null): ChartSummary | null =>
  stats.count === 0 || !last ? null : { count: stats.count, sum: stats.sum, min: stats.min, max: stats.max, avg: stats.sum / stats.count, last };

/**
 * Charts of data items (docs/charts.md): the chart query — values of numeric fields from the
 * series store, bucketed in the company's time zone, aggregated and thinned to the point limit —
 * and the chart configs saved per data item.
 */
export class ChartsService {
  constructor(
    private readonly charts: ChartsRepository,
    private readonly dataItems: ChartItems,
    private readonly store: SeriesReads,
  ) {}

  // ---- query ----

  /** `POST /general/chart/query`: read on the item; unknown or non-numeric fields are 50001. */
  async query(caller: CabinCaller, request: ChartQueryRequest, now = Date.now()): Promise<ServedChartResult> {
    const { fields } = await this.dataItems.requireItem(caller, request.itemId, 'read');
    this.checkSeries(fields, request.series);
    this.checkCategory(fields, request);
    const timeZone = await this.dataItems.timeZone(caller.companyId);
    const maxPoints = Math.min(request.maxPoints ?? chartLimits.maxPointsPerSeries, chartLimits.maxPointsPerSeries);
    const refs = await this.store.refs(caller.companyId, request.itemId, [...new Set(request.series.map((s) => s.field))]);

    let from: number;
    let to: number;
    if ('preset' in request.range) {
      ({ from, to } = timeRangeOf(request.range.preset, now, timeZone));
    } else {
      to = request.range.to ?? now + 1;
      from = request.range.from ?? (await this.store.firstInstant([...refs.values()].map((r) => r.id))) ?? to - DAY;
    }
    if (from >= to) {
      throw validationError('chart.rangeEmpty');
    }
    if (request.category) {
      return this.categorySeries(caller.companyId, { ...request, category: request.category }, fields, refs, from, to);
    }
    const window = alignWindow(from, to, request.bucket, timeZone);
    const series: ServedSeries[] = [];
    for (const s of request.series) {
      const ref = refs.get(s.field);
      const field = fields.find((f) => f.fieldName === s.field)!;
      const head = { field: s.field, name: field.name, unit: field.unit ?? '', aggregate: s.aggregate };
      if (ref === undefined) {
        series.push({ ...head, points: [], downsampled: false, summary: null });
      } else if (request.bucket === 'raw' || s.aggregate === 'none') {
        series.push({ ...head, ...(await this.rawSeries(ref, window.from, window.to, maxPoints, request.downsample ?? 'minmax')) });
      } else {
        series.push({ ...head, ...(await this.bucketSeries(ref, request.bucket, s.aggregate, window.from, window.to, timeZone, maxPoints)) });
      }
    }
    return { from: window.from, to: window.to, bucket: request.bucket, series };
  }

  /** A category axis groups by a text field, and every series needs an aggregate to group. */
  private checkCategory(fields: readonly DataField[], request: Pick<ChartQueryRequest, 'category' | 'series'>): void {
    if (!request.category) {
      return;
    }
    const field = fields.find((f) => f.fieldName === request.category!.field);
    if (!field) {
      throw validationError(`chart.fieldUnknown|${request.category.field}`);
    }
    if (!categoryFieldTypes.includes(field.type)) {
      throw validationError(`chart.categoryField|${field.name}`);
    }
    if (request.series.some((s) => s.aggregate === 'none')) {
      throw validationError('chart.categoryAggregate');
    }
  }

  /**
   * A category axis: each series' aggregate per value of the category field within the window;
   * the top N categories by the first series' value, largest first (ties by name).
   */
  private async categorySeries(
    companyId: number,
    request: ChartQueryRequest & { category: NonNullable<ChartQueryRequest['category']> },
    fields: readonly DataField[],
    refs: Map<string, SeriesRef>,
    from: number,
    to: number,
  ): Promise<ServedChartResult> {
    const ids = [...new Set([...refs.values()].map((r) => r.id))];
    const rows = await this.store.categoryStats(companyId, ids, request.category.field, from, to);
    const bySeries = new Map<number, Map<string, ValueStats>>();
    for (const row of rows) {
      const map = bySeries.get(row.seriesId) ?? new Map<string, ValueStats>();
      map.set(row.category, { count: row.count, sum: row.sum, min: row.min, max: row.max });
      bySeries.set(row.seriesId, map);
    }
    const valueOf = (s: ChartQueryRequest['series'][number], category: string): number | null => {
      const ref = refs.get(s.field);
      const stats = ref ? bySeries.get(ref.id)?.get(category) : undefined;
      return stats ? aggregateValue(stats, s.aggregate) : null;
    };
    const first = request.series[0];
    const all = [...new Set(rows.map((r) => r.category))];
    const categories = all
      .map((category) => ({ category, value: valueOf(first, category) }))
      .sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity) || a.category.localeCompare(b.category))
      .slice(0, request.category.top)
      .map((c) => c.category);
    const series: ServedSeries[] = request.series.map((s) => {
      const field = fields.find((f) => f.fieldName === s.field)!;
      const ref = refs.get(s.field);
      const points = categories.flatMap((category, index): Point[] => {
        const value = valueOf(s, category);
        return value === null ? [] : [[index, value]];
      });
      const total = [...(ref ? (bySeries.get(ref.id)?.values() ?? []) : [])].reduce((sum, stats) => mergeStats(sum, stats), emptyStats());
      const summary = total.count > 0 ? { count: total.count, sum: total.sum, min: total.min, max: total.max, avg: total.sum / total.count, last: [to, total.sum / total.count] as [number, number] } : null;
      return { field: s.field, name: field.name, unit: field.unit ?? '', aggregate: s.aggregate, points, downsampled: false, summary };
    });
    return { from, to, bucket: request.bucket, categories, series };
  }

  private checkSeries(fields: readonly DataField[], series: ChartQueryRequest['series']): void {
    for (const s of series) {
      const field = fields.find((f) => f.fieldName === s.field);
      if (!field) {
        throw validationError(`chart.fieldUnknown|${s.field}`);
      }
      if (!chartableFieldTypes.includes(field.type)) {
        throw validationError(`chart.fieldNotNumeric|${field.name}`);
      }
    }
  }

  /** Raw values: all of them when they fit, else min/max (or LTTB) of the values or, for big windows, of rollups. */
  private async rawSeries(series: SeriesRef, from: number, to: number, maxPoints: number, method: 'minmax' | 'lttb'): Promise<Omit<ServedSeries, 'field' | 'name' | 'unit' | 'aggregate'>> {
    // A window of at most maxPoints minutes usually fits: one read answers the points and their
    // summary. Longer windows count first (from the rollups) so a dense series is never read whole.
    if (to - from <= maxPoints * 60_000) {
      // SQLite: the points as one JSON text with their summary, passed into the answer as is;
      // elsewhere (PostgreSQL, inside a transaction) as rows.
      const served = this.store.pointsJson(series.id, from, to, maxPoints + 1);
      if (served) {
        if (served.stats.count <= maxPoints) {
          return { points: new RawJson(served.json), downsampled: false, summary: summaryOf(served.stats, served.last) };
        }
      } else {
        const head = await this.store.points(series.id, from, to, maxPoints + 1);
        if (head.length <= maxPoints) {
          return { points: head, downsampled: false, summary: summaryOf(statsOf(head.map((p) => p[1])), head.at(-1) ?? null) };
        }
      }
    }
    const stats = await this.store.stats(series, from, to);
    if (stats.count === 0) {
      return { points: [], downsampled: false, summary: null };
    }
    if (stats.count <= maxPoints) {
      const points = await this.store.points(series.id, from, to);
      return { points, downsampled: false, summary: summaryOf(stats, points.at(-1) ?? null) };
    }
    const summary = summaryOf(stats, await this.store.last(series.id, from, to));
    if (stats.count <= RAW_READ_MAX) {
      const points = await this.store.points(series.id, from, to);
      return { points: method === 'lttb' ? lttb(points, maxPoints) : minMaxDownsample(points, maxPoints), downsampled: true, summary };
    }
    // A slot of the thinned line spans `width`; the coarsest rollup no longer than a slot keeps its extremes.
    const width = (to - from) / Math.max(1, Math.floor(maxPoints / 2));
    const grain = [...rollupGrains].reverse().find((g) => g <= width) ?? rollupGrains[0];
    const rows = await this.store.rollups(series, grain, from, to);
    return { points: minMaxOfRollups(rows, from, to, maxPoints), downsampled: true, summary };
  }

  /** One aggregate per bucket from the rollups (the window is whole buckets), thinned if there are more buckets than points. */
  private async bucketSeries(
    series: SeriesRef,
    bucket: ChartBucket,
    aggregate: ChartAggregate,
    from: number,
    to: number,
    timeZone: string,
    maxPoints: number,
  ): Promise<Omit<SeriesResult, 'field' | 'name' | 'unit' | 'aggregate'>> {
    let buckets: Array<{ at: number; stats: ValueStats }>;
    const size = fixedBucketMs[bucket];
    if (size !== undefined) {
      // Fixed buckets group in SQL, one stretch of constant offset at a time.
      const segments = offsetSegments(from, to, timeZone);
      const grain = grainDividing([size, ...segments.flatMap((s) => [s.offset, s.from, s.to])]) ?? rollupGrains[0];
      buckets = [];
      for (const segment of segments) {
        // A bucket that is a whole rollup row needs no grouping.
        const rows =
          grain === size && segment.offset % size === 0
            ? await this.store.rollups(series, grain, segment.from, segment.to)
            : await this.store.grouped(series, grain, size, segment.offset, segment.from, segment.to);
        for (const row of rows) {
          const last = buckets[buckets.length - 1];
          // A bucket cut by an offset change (sub-hour offsets) joins its first part.
          if (last && last.at === row.at) {
            mergeStats(last.stats, row);
          } else {
            buckets.push({ at: row.at, stats: { count: row.count, sum: row.sum, min: row.min, max: row.max } });
          }
        }
      }
    } else {
      // Days group in SQL too (a day is 24 h within a stretch of constant offset); the part of a
      // day after an offset change is moved to its day's real start, and months fold the days.
      const segments = offsetSegments(from, to, timeZone);
      const grain = grainDividing([DAY, ...segments.flatMap((s) => [s.offset, s.from, s.to])]) ?? rollupGrains[0];
      const days: Array<{ at: number } & ValueStats> = [];
      for (const segment of segments) {
        for (const row of await this.store.grouped(series, grain, DAY, segment.offset, segment.from, segment.to)) {
          const at = bucketStart(row.at + DAY / 2, 'day', timeZone);
          const last = days[days.length - 1];
          if (last && last.at === at) {
            mergeStats(last, row);
          } else {
            days.push({ ...row, at });
          }
        }
      }
      buckets = bucket === 'day' ? days.map(({ at, ...stats }) => ({ at, stats })) : foldIntoBuckets(days, bucketEdges(from, to, bucket, timeZone), to);
    }
    if (buckets.length === 0) {
      return { points: [], downsampled: false, summary: null };
    }
    const total = buckets.reduce((all, b) => mergeStats(all, b.stats), emptyStats());
    const summary = summaryOf(total, await this.store.last(series.id, from, to));
    const points = buckets.map((b): Point => [b.at, aggregateValue(b.stats, aggregate) ?? 0]);
    return points.length > maxPoints ? { points: minMaxDownsample(points, maxPoints), downsampled: true, summary } : { points, downsampled: false, summary };
  }

  // ---- chart configs ----

  /**
   * Charts of the company by id, without a permission check: the dashboards module checks the
   * viewer's level on each chart's item before it shows or names one (its saved-chart widgets).
   */
  async chartsByIds(companyId: number, ids: readonly number[]): Promise<ChartConfig[]> {
    return (await this.charts.byIds(companyId, ids)).map(toChart);
  }

  /** The charts of these items of the company (no permission check; see chartsByIds). */
  async chartsOfItems(companyId: number, itemIds: readonly number[]): Promise<ChartConfig[]> {
    return (await this.charts.ofItems(companyId, itemIds)).map(toChart);
  }

  /** Charts of an item (read), paged, searched by name. */
  async getCharts(caller: CabinCaller, query: ChartListQuery): Promise<Page<ChartConfig>> {
    await this.dataItems.requireItem(caller, query.itemId, 'read');
    const { total, rows } = await this.charts.page(caller.companyId, query.itemId, query);
    return { total, list: rows.map(toChart) };
  }

  /** One chart config (read on its item). */
  async getChart(caller: CabinCaller, id: number): Promise<ChartConfig> {
    const row = await this.charts.find(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    await this.dataItems.requireItem(caller, row.item_id, 'read');
    return toChart(row);
  }

  /** Read-write on the item; fields numeric; names unique per item (40900). */
  async addChart(caller: CabinCaller, request: AddChartRequest): Promise<{ id: number }> {
    const { fields } = await this.dataItems.requireItem(caller, request.itemId, 'readWrite');
    this.checkConfig(fields, request);
    if (await this.charts.nameTaken(caller.companyId, request.itemId, request.name)) {
      throw conflict('chart.nameTaken');
    }
    const id = await this.charts.insert(caller.companyId, request.itemId, this.values(request), caller.userId, Date.now());
    return { id };
  }

  /** Changes a chart config (read-write on its item; names unique per item, 40900). */
  async updateChart(caller: CabinCaller, request: UpdateChartRequest): Promise<void> {
    const row = await this.charts.find(caller.companyId, request.id);
    if (!row) {
      throw notFound();
    }
    const { fields } = await this.dataItems.requireItem(caller, row.item_id, 'readWrite');
    this.checkConfig(fields, request);
    if (await this.charts.nameTaken(caller.companyId, row.item_id, request.name, request.id)) {
      throw conflict('chart.nameTaken');
    }
    await this.charts.update(caller.companyId, request.id, this.values(request), Date.now());
  }

  /** Deletes a chart config (read-write on its item). */
  async deleteChart(caller: CabinCaller, id: number): Promise<void> {
    const row = await this.charts.find(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    await this.dataItems.requireItem(caller, row.item_id, 'readWrite');
    await this.charts.delete(caller.companyId, id);
  }

  private checkConfig(fields: readonly DataField[], request: AddChartRequest | UpdateChartRequest): void {
    this.checkSeries(fields, request.series);
    this.checkCategory(fields, request);
    const keys = request.series.map((s) => `${s.field}|${s.aggregate}`);
    if (new Set(keys).size !== keys.length) {
      throw validationError('chart.seriesDuplicate');
    }
    if ('from' in request.range && request.range.from !== undefined && request.range.to !== undefined && request.range.from >= request.range.to) {
      throw validationError('chart.rangeEmpty');
    }
  }

  private values(request: AddChartRequest | UpdateChartRequest) {
    return {
      name: request.name,
      kind: request.kind,
      series: JSON.stringify(request.series),
      bucket: request.bucket,
      timeRange: JSON.stringify(request.range),
      options: JSON.stringify({ ...(request.options ?? {}), ...(request.category ? { category: request.category } : {}) }),
    };
  }
}
