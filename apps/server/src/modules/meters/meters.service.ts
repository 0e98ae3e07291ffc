import {
  bucketStarts,
  buildMonthlyReport,
  combineUsage,
  consumptionAnswer,
  counterUsage,
  formulaCycle,
  isItemSource,
  levelAtLeast,
  limits,
  localDateText,
  meterLimits,
  minuteOfClock,
  MeterNodeType,
  numericFieldTypes,
  readingDays,
  roundMeterValue,
  tariffClock,
  tariffProblem,
  zonedMidnight,
  type AddMeterInput,
  type AllMetersQuery,
  type ConsumptionInterval,
  type ConsumptionResponse,
  type FormulaTerm,
  type FormulaTermView,
  type Locale,
  type MeterDetail,
  type MeterListItem,
  type MeterLog,
  type MeterNodeTypeCode,
  type MeterReading,
  type MeterSource,
  type MeterSourceView,
  type MonthlyReport,
  type Page,
  type PermissionLevel,
  type SystemMeterRow,
  type Tariff,
  type TariffClock,
  type TariffPeriod,
  type TariffWindow,
  type UpdateMeterInput,
  type UsageBucket,
} from '@smartdata/domain';
import { conflict, notFound, permissionDenied, validationError } from '@server/platform/errors';
import { builtinName } from '@server/platform/i18n';
import { renderPdf, renderXlsx } from '@server/platform/sheets';
import type { CabinCaller, CabinService, NodeKindHandler } from '../cabin/cabin.service';
import type { DataItemsService } from '../data-items/dataItems.service';
import type { SeriesReads } from '../data-items/series.port';
import type { DevicesService } from '../devices/devices.service';
import type { DeviceTelemetry } from '../telemetry/deviceTelemetry.port';
import type { MeterConsumption } from './meterConsumption.port';
import { MetersRepository, type MeterRow, type SourceColumns, type TariffWindowRow } from './meters.repository';
import { monthlyReportFileName, monthlyReportSheet } from './monthlyReportSheet';

/** What meters need of data items: the caller's level on an item, items with their fields, the company's time zone. */
export type MeterItems = Pick<DataItemsService, 'requireItem' | 'itemsByIds' | 'timeZone'>;
/** What meters need of devices: the caller's level on a device, devices' names. */
export type MeterDevices = Pick<DevicesService, 'requireDevice' | 'targets'>;
type MeterCabin = Pick<CabinService, 'createNode' | 'effectiveLevel' | 'rename' | 'delete' | 'levelMap'>;

export interface MetersDependencies {
  cabin: MeterCabin;
  items: MeterItems;
  devices: MeterDevices;
  deviceTelemetry: DeviceTelemetry;
  series: SeriesReads;
  /** The clock (tests move it). */
  now: () => number;
}

const day = 86_400_000;
/** The newest reading: any time before the end of time. */
const endOfTime = 8_640_000_000_000_000;

const clockText = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const toWindow = (row: TariffWindowRow): TariffWindow => ({ period: row.period as TariffPeriod, start: clockText(row.start_minute), end: clockText(row.end_minute), price: row.price });
const nodeTypeOf = (row: MeterRow): MeterNodeTypeCode => (row.node_type === MeterNodeType.virtual ? MeterNodeType.virtual : MeterNodeType.standard);

/** One computation's memory: a meter's usage is computed once even when several formulas name it. */
class UsageRun {
  readonly usage = new Map<number, UsageBucket[]>();
}

/**
 * Electric meters (issue 17, docs/meters.md): cabin nodes of kind `meter`. A standard meter (101)
 * reads a cumulative counter — a numeric field of a data item, or a device's telemetry key (the
 * field of that name of the IoT data lists bound to the device) — from the series store; a
 * virtual meter (100) is a formula over other meters. The arithmetic is the domain's
 * (`counterUsage`, `combineUsage`, tariffs); this service finds readings and checks permissions:
 * read on the meter's node to read it, read-write to change it, and read on every source when a
 * source or formula is set.
 */
export class MetersService implements MeterConsumption {
  constructor(
    private readonly repository: MetersRepository,
    private readonly deps: MetersDependencies,
  ) {}

  // ---- meters ----

  /** A meter of the caller's company where the caller holds `level` (40400 / 40300). */
  private async requireMeter(caller: CabinCaller, id: number, level: PermissionLevel): Promise<{ row: MeterRow; level: PermissionLevel; directoryId: number | null }> {
    const row = await this.repository.findMeter(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    const effective = await this.deps.cabin.effectiveLevel(caller, row.node_id);
    if (!levelAtLeast(effective.level, level)) {
      throw permissionDenied(`cabin.needs.${level}`);
    }
    return { row, level: effective.level, directoryId: effective.node.parent_id };
  }

  /** Checks a standard meter's source (read on it, a numeric field) and answers its columns. */
  private async checkedSource(caller: CabinCaller, source: MeterSource): Promise<SourceColumns> {
    if (isItemSource(source)) {
      const item = await this.deps.items.requireItem(caller, source.itemId, 'read');
      const field = item.fields.find((f) => f.fieldName === source.fieldName);
      if (!field) {
        throw validationError(`validation.meter.fieldUnknown|${source.fieldName}`);
      }
      if (!numericFieldTypes.includes(field.type)) {
        throw validationError(`validation.meter.fieldNotNumeric|${field.name}`);
      }
      return { source_item_id: source.itemId, source_field: source.fieldName, source_device_id: null, source_key: null };
    }
    await this.deps.devices.requireDevice(caller, source.deviceId, 'read');
    const items = await this.deps.items.itemsByIds(caller.companyId, await this.deps.deviceTelemetry.itemsOfDevice(caller.companyId, source.deviceId));
    const fields = items.flatMap((item) => item.fields.filter((f) => f.fieldName === source.key));
    if (!fields.some((f) => numericFieldTypes.includes(f.type))) {
      throw validationError(fields.length > 0 ? `validation.meter.fieldNotNumeric|${fields[0].name}` : `validation.meter.deviceKeyUnknown|${source.key}`);
    }
    return { source_item_id: null, source_field: null, source_device_id: source.deviceId, source_key: source.key };
  }

  /**
   * Checks a virtual meter's formula: every meter of the company (40400) and readable (40300), and
   * no cycle through the other virtual meters (50001 naming the meters along it).
   */
  private async checkFormula(caller: CabinCaller, meterId: number | null, formula: readonly FormulaTerm[]): Promise<void> {
    const ids = formula.map((t) => t.meterId);
    const sources = await this.repository.metersByIds(caller.companyId, ids);
    if (sources.length !== new Set(ids).size) {
      throw notFound();
    }
    for (const source of sources) {
      const { level } = await this.deps.cabin.effectiveLevel(caller, source.node_id);
      if (!levelAtLeast(level, 'read')) {
        throw permissionDenied('cabin.needs.read');
      }
    }
    if (meterId === null) {
      return;
    }
    const formulas = await this.repository.formulasOfCompany(caller.companyId);
    formulas.delete(meterId);
    const cycle = formulaCycle(meterId, ids, formulas);
    if (cycle) {
      const names = new Map((await this.repository.metersByIds(caller.companyId, cycle)).map((m) => [m.id, m.name]));
      throw validationError(`validation.meter.cycle|${cycle.map((id) => names.get(id) ?? String(id)).join(' → ')}`);
    }
  }

  /** A new meter node under a directory or project (read-write there): standard over a source, virtual over a formula. */
  async addMeter(caller: CabinCaller, input: AddMeterInput): Promise<{ id: number; nodeId: number }> {
    let source: SourceColumns = { source_item_id: null, source_field: null, source_device_id: null, source_key: null };
    if (input.nodeType === MeterNodeType.standard) {
      source = await this.checkedSource(caller, input.source);
    } else {
      await this.checkFormula(caller, null, input.formula);
    }
    const factor = input.nodeType === MeterNodeType.standard ? input.factor : 1;
    const { nodeId, refId } = await this.deps.cabin.createNode(caller, { kind: 'meter', parentId: input.directoryId, name: input.name }, async (trx, newNodeId) => {
      const meters = MetersRepository.in(trx);
      const id = await meters.insertMeter({ companyId: caller.companyId, nodeId: newNodeId, name: input.name, nodeType: input.nodeType, factor, source, userId: caller.userId });
      if (input.nodeType === MeterNodeType.virtual) {
        await meters.replaceTerms(caller.companyId, id, input.formula);
      }
      return id;
    });
    return { id: refId, nodeId };
  }

  /** Changes what is given (read-write): the name through the cabin, a standard meter's source and factor, a virtual meter's formula. */
  async updateMeter(caller: CabinCaller, input: UpdateMeterInput): Promise<void> {
    const { row } = await this.requireMeter(caller, input.id, 'readWrite');
    const virtual = row.node_type === MeterNodeType.virtual;
    if (virtual && (input.source !== undefined || input.factor !== undefined)) {
      throw validationError('validation.meter.sourceForStandard');
    }
    if (!virtual && input.formula !== undefined) {
      throw validationError('validation.meter.formulaForVirtual');
    }
    const source = input.source === undefined ? undefined : await this.checkedSource(caller, input.source);
    if (input.formula !== undefined) {
      await this.checkFormula(caller, row.id, input.formula);
    }
    if (input.name !== undefined) {
      await this.deps.cabin.rename(caller, row.node_id, input.name);
    }
    if (source !== undefined || input.factor !== undefined) {
      await this.repository.updateMeter(caller.companyId, row.id, { ...source, ...(input.factor === undefined ? {} : { factor: input.factor }) });
    }
    if (input.formula !== undefined) {
      await this.repository.replaceTerms(caller.companyId, row.id, input.formula);
      await this.repository.updateMeter(caller.companyId, row.id, {});
    }
  }

  /** Deletes the meter's node through the cabin (admin there); a meter a virtual meter still names is refused (40900). */
  async deleteMeter(caller: CabinCaller, id: number): Promise<void> {
    const { row } = await this.requireMeter(caller, id, 'read');
    await this.deps.cabin.delete(caller, row.node_id);
  }

  /** The company's meters the caller can read, by name (a formula's picker, lists). */
  async listMeters(caller: CabinCaller, query: { pageNum: number; pageSize: number; keyword?: string; nodeType?: number }): Promise<Page<MeterListItem>> {
    const [rows, levels] = await Promise.all([this.repository.metersOfCompany(caller.companyId, query), this.deps.cabin.levelMap(caller)]);
    const parents = new Map(levels.nodes.map((n) => [n.id, n.parent_id]));
    const readable = rows.filter((row) => levelAtLeast(levels.levelOf(row.node_id), 'read'));
    const start = (query.pageNum - 1) * query.pageSize;
    return {
      list: readable.slice(start, start + query.pageSize).map((row) => ({
        id: row.id,
        nodeId: row.node_id,
        directoryId: parents.get(row.node_id) ?? null,
        name: row.name,
        nodeType: nodeTypeOf(row),
        level: levels.levelOf(row.node_id),
        updatedAt: row.updated_at,
      })),
      total: readable.length,
    };
  }

  /** Settings, the live reading, today and this month (read). */
  async getMeter(caller: CabinCaller, id: number): Promise<MeterDetail> {
    const { row, level, directoryId } = await this.requireMeter(caller, id, 'read');
    const companyId = caller.companyId;
    const timeZone = await this.deps.items.timeZone(companyId);
    const now = this.deps.now();
    const today = await this.usageOf(companyId, row, bucketStarts(now, now + 1, 'day', timeZone), 'day', timeZone, null);
    const month = await this.usageOf(companyId, row, bucketStarts(now, now + 1, 'month', timeZone), 'month', timeZone, null);
    const formula = nodeTypeOf(row) === MeterNodeType.virtual ? await this.formulaView(companyId, row.id) : null;
    return {
      id: row.id,
      nodeId: row.node_id,
      directoryId,
      name: row.name,
      nodeType: nodeTypeOf(row),
      level,
      factor: row.factor,
      source: await this.sourceView(companyId, row),
      formula,
      reading: await this.liveReading(companyId, row, new Set()),
      today: today[0]?.value === null || today[0] === undefined ? null : roundMeterValue(today[0].value, meterLimits.valueDecimals),
      thisMonth: month[0]?.value === null || month[0] === undefined ? null : roundMeterValue(month[0].value, meterLimits.valueDecimals),
      timeZone,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** Consumption per local day or month of [from, to) (read); gaps are null and marked. */
  async consumption(caller: CabinCaller, query: { meterId: number; from: number; to: number; interval: ConsumptionInterval }): Promise<ConsumptionResponse> {
    const { row } = await this.requireMeter(caller, query.meterId, 'read');
    const timeZone = await this.deps.items.timeZone(caller.companyId);
    const span = query.interval === 'day' ? (meterLimits.dayRangeMax + 2) * day : (meterLimits.monthRangeMax + 1) * 31 * day;
    const window = query.to - query.from <= span ? bucketStarts(query.from, query.to, query.interval, timeZone) : null;
    const max = query.interval === 'day' ? meterLimits.dayRangeMax : meterLimits.monthRangeMax;
    if (!window || window.starts.length > max) {
      throw validationError(`validation.meter.rangeTooLong|${meterLimits.dayRangeMax}|${meterLimits.monthRangeMax}`);
    }
    return consumptionAnswer(await this.usageOf(caller.companyId, row, window, query.interval, timeZone, null));
  }

  /** The monthly report (read): per day, per tariff period with costs, totals. */
  async monthlyReport(caller: CabinCaller, query: { meterId: number; year: number; month: number }): Promise<MonthlyReport> {
    const { row } = await this.requireMeter(caller, query.meterId, 'read');
    return this.reportOf(caller.companyId, row, query.year, query.month);
  }

  /**
   * The monthly report as a file (read): its sheet model rendered by the reports module's
   * renderer as XLSX (numeric cells with formats) or PDF (embedded CJK font), labels in `locale`.
   */
  async exportMonthlyReport(
    caller: CabinCaller,
    query: { meterId: number; year: number; month: number; format: 'xlsx' | 'pdf' },
    locale: Locale,
  ): Promise<{ fileName: string; contentType: string; body: Buffer }> {
    const report = await this.monthlyReport(caller, query);
    const generatedAt = new Intl.DateTimeFormat('sv-SE', { timeZone: report.timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date(this.deps.now()));
    const sheet = monthlyReportSheet(report, locale, generatedAt, { titleRow: query.format === 'xlsx' });
    const fileName = monthlyReportFileName(report, query.format, locale);
    return query.format === 'pdf'
      ? { fileName, contentType: 'application/pdf', body: await renderPdf(sheet) }
      : { fileName, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: await renderXlsx(sheet) };
  }

  private async reportOf(companyId: number, row: MeterRow, year: number, month: number): Promise<MonthlyReport> {
    const timeZone = await this.deps.items.timeZone(companyId);
    const windows = (await this.repository.tariffWindows(companyId)).map(toWindow);
    const tariff = tariffClock(windows);
    const from = zonedMidnight(year, month, 1, timeZone);
    const to = zonedMidnight(year, month + 1, 1, timeZone);
    const days = await this.usageOf(companyId, row, bucketStarts(from, to, 'day', timeZone), 'day', timeZone, tariff);
    return buildMonthlyReport({ meter: { id: row.id, name: row.name, nodeType: nodeTypeOf(row) }, year, month, timeZone, windows, tariff, days });
  }

  // ---- tariffs ----

  async tariff(companyId: number): Promise<Tariff> {
    const rows = await this.repository.tariffWindows(companyId);
    return { windows: rows.map(toWindow), timeZone: await this.deps.items.timeZone(companyId), updatedAt: rows[0]?.updated_at ?? null };
  }

  /** Replaces the company's tariff; the windows must cover the day once (or be none). */
  async setTariff(caller: CabinCaller, windows: readonly TariffWindow[]): Promise<Tariff> {
    const problem = tariffProblem(windows);
    if (problem) {
      throw validationError(problem);
    }
    const ordered = [...windows].sort((a, b) => minuteOfClock(a.start) - minuteOfClock(b.start));
    await this.repository.replaceTariff(
      caller.companyId,
      ordered.map((w) => ({ period: w.period, startMinute: minuteOfClock(w.start), endMinute: minuteOfClock(w.end), price: w.price })),
      caller.userId,
    );
    return this.tariff(caller.companyId);
  }

  // ---- system maintenance (platform administrators, every company) ----

  /** A page of every company's meters with their newest reading; the platform company named in the reader's `locale`. */
  async allMeters(query: AllMetersQuery & { pageNum: number; pageSize: number; nodeType?: number }, locale: Locale): Promise<Page<SystemMeterRow>> {
    const { rows, total } = await this.repository.pageAllMeters({ pageNum: query.pageNum, pageSize: query.pageSize, keyword: query.keyword, nodeType: query.nodeType });
    const list: SystemMeterRow[] = [];
    for (const row of rows) {
      const virtual = nodeTypeOf(row) === MeterNodeType.virtual;
      list.push({
        id: row.id,
        name: row.name,
        nodeType: nodeTypeOf(row),
        companyId: row.company_id,
        companyName: builtinName(row.company_name ?? '', row.company_builtin_key, locale),
        source: await this.sourceView(row.company_id, row),
        formula: virtual ? (await this.repository.termsOf(row.company_id, [row.id])).map((t) => ({ meterId: t.source_meter_id, factor: t.factor })) : null,
        factor: row.factor,
        lastReading: await this.liveReading(row.company_id, row, new Set()),
        createdAt: row.created_at,
      });
    }
    return { list, total };
  }

  /** A meter's reading log per local day, newest first (default: the last 30 days): readings, resets, gaps. */
  async meterLog(query: { meterId: number; from?: number; to?: number; pageNum: number; pageSize: number }, locale: Locale): Promise<MeterLog> {
    const row = await this.repository.findAnyMeter(query.meterId);
    if (!row) {
      throw notFound();
    }
    const companyId = row.company_id;
    const timeZone = await this.deps.items.timeZone(companyId);
    const now = this.deps.now();
    const to = query.to ?? now + 1;
    const from = query.from ?? to - 30 * day;
    const window = to > from && to - from <= (meterLimits.dayRangeMax + 2) * day ? bucketStarts(from, to, 'day', timeZone) : null;
    if (!window || window.starts.length > meterLimits.dayRangeMax) {
      throw validationError(`validation.meter.rangeTooLong|${meterLimits.dayRangeMax}|${meterLimits.monthRangeMax}`);
    }
    const usage = await this.usageOf(companyId, row, window, 'day', timeZone, null);
    const received =
      nodeTypeOf(row) === MeterNodeType.standard ? readingDays(...(await this.readingsIn(companyId, row, window.starts[0], window.end)), window.starts, window.end) : null;
    const rows = window.starts.map((time, index) => {
      const days = received?.[index];
      const use = usage[index];
      return {
        date: localDateText(time, timeZone),
        time,
        readings: days ? days.readings : null,
        first: days?.first ?? null,
        last: days?.last ?? null,
        resets: days?.resets ?? 0,
        value: use.value === null ? null : roundMeterValue(use.value, meterLimits.valueDecimals),
        gap: use.gap,
      };
    });
    rows.reverse();
    const start = (query.pageNum - 1) * query.pageSize;
    return {
      meterId: row.id,
      meterName: row.name,
      companyName: builtinName(row.company_name ?? '', row.company_builtin_key, locale),
      nodeType: nodeTypeOf(row),
      list: rows.slice(start, start + query.pageSize),
      total: rows.length,
      gapDays: rows.filter((r) => r.gap).length,
    };
  }

  // ---- for smart analyses (meterConsumption.port.ts) ----

  async readableMeter(caller: CabinCaller, meterId: number): Promise<{ id: number; name: string }> {
    const { row } = await this.requireMeter(caller, meterId, 'read');
    return { id: row.id, name: row.name };
  }

  async consumptionOver(companyId: number, meterId: number, from: number, to: number): Promise<number | null> {
    const [row] = await this.repository.metersByIds(companyId, [meterId]);
    if (!row) {
      return null;
    }
    const [bucket] = await this.usageOf(companyId, row, { starts: [from], end: to }, 'day', await this.deps.items.timeZone(companyId), null);
    return bucket?.value ?? null;
  }

  async readingFields(companyId: number, meterIds: readonly number[]): Promise<Array<{ itemId: number; fieldName: string }>> {
    const fields: Array<{ itemId: number; fieldName: string }> = [];
    const seen = new Set<number>();
    for (let ids = [...meterIds]; ids.length > 0; ) {
      const rows = await this.repository.metersByIds(companyId, ids.filter((id) => !seen.has(id)));
      rows.forEach((row) => seen.add(row.id));
      for (const row of rows) {
        if (row.source_item_id !== null && row.source_field !== null) {
          fields.push({ itemId: row.source_item_id, fieldName: row.source_field });
        } else if (row.source_device_id !== null && row.source_key !== null) {
          for (const itemId of await this.deps.deviceTelemetry.itemsOfDevice(companyId, row.source_device_id)) {
            fields.push({ itemId, fieldName: row.source_key });
          }
        }
      }
      const virtual = rows.filter((row) => nodeTypeOf(row) === MeterNodeType.virtual).map((row) => row.id);
      ids = (await this.repository.termsOf(companyId, virtual)).map((t) => t.source_meter_id).filter((id) => !seen.has(id));
    }
    return fields;
  }

  // ---- readings and usage ----

  /** The series a standard meter reads: the item field's, or the first bound item of the device that has the key. */
  private async seriesOf(companyId: number, row: MeterRow): Promise<number | null> {
    if (row.source_item_id !== null && row.source_field !== null) {
      return (await this.deps.series.refs(companyId, row.source_item_id, [row.source_field])).get(row.source_field)?.id ?? null;
    }
    if (row.source_device_id !== null && row.source_key !== null) {
      for (const itemId of await this.deps.deviceTelemetry.itemsOfDevice(companyId, row.source_device_id)) {
        const series = (await this.deps.series.refs(companyId, itemId, [row.source_key])).get(row.source_key);
        if (series) {
          return series.id;
        }
      }
    }
    return null;
  }

  /** Readings (× factor) that close intervals ending in [start, end) — instants in (start, end] — and the one before. */
  private async readingsIn(companyId: number, row: MeterRow, start: number, end: number): Promise<[MeterReading[], MeterReading | null]> {
    const seriesId = await this.seriesOf(companyId, row);
    if (seriesId === null) {
      return [[], null];
    }
    const scale = (point: [number, number]): MeterReading => ({ at: point[0], value: point[1] * row.factor });
    const [points, before] = await Promise.all([this.deps.series.points(seriesId, start + 1, end + 1), this.deps.series.last(seriesId, 0, start + 1)]);
    return [points.map(scale), before ? scale(before) : null];
  }

  /** Days or months of a meter; a virtual meter's from its formula's meters (each computed once per call). */
  private async usageOf(
    companyId: number,
    row: MeterRow,
    window: { starts: number[]; end: number },
    interval: ConsumptionInterval,
    timeZone: string,
    tariff: TariffClock | null,
    run: UsageRun = new UsageRun(),
    path: ReadonlySet<number> = new Set(),
  ): Promise<UsageBucket[]> {
    const known = run.usage.get(row.id);
    if (known) {
      return known;
    }
    const gaps = () => window.starts.map((time): UsageBucket => ({ time, value: null, gap: true, periods: null }));
    const now = this.deps.now();
    let usage: UsageBucket[];
    if (nodeTypeOf(row) === MeterNodeType.standard) {
      const [readings, previous] = window.starts.length > 0 ? await this.readingsIn(companyId, row, window.starts[0], window.end) : [[], null];
      usage = counterUsage(readings, previous, { starts: window.starts, end: window.end, now, timeZone, tariff, createdAt: row.created_at });
    } else if (path.has(row.id)) {
      // A cycle cannot be saved; should one exist anyway, its meters have no value.
      usage = gaps();
    } else {
      const terms = await this.repository.termsOf(companyId, [row.id]);
      const sources = new Map((await this.repository.metersByIds(companyId, terms.map((t) => t.source_meter_id))).map((m) => [m.id, m]));
      const parts: Array<{ factor: number; buckets: UsageBucket[] }> = [];
      for (const term of terms) {
        const source = sources.get(term.source_meter_id);
        parts.push({ factor: term.factor, buckets: source ? await this.usageOf(companyId, source, window, interval, timeZone, tariff, run, new Set([...path, row.id])) : gaps() });
      }
      usage = terms.length > 0 ? combineUsage(parts, window.starts) : gaps();
    }
    run.usage.set(row.id, usage);
    return usage;
  }

  /** The newest reading; a virtual meter's is its formula over its sources' newest readings (null when one has none). */
  private async liveReading(companyId: number, row: MeterRow, path: ReadonlySet<number>): Promise<MeterReading | null> {
    if (nodeTypeOf(row) === MeterNodeType.standard) {
      const seriesId = await this.seriesOf(companyId, row);
      const last = seriesId === null ? null : await this.deps.series.last(seriesId, 0, endOfTime);
      return last ? { at: last[0], value: roundMeterValue(last[1] * row.factor, meterLimits.valueDecimals) } : null;
    }
    if (path.has(row.id)) {
      return null;
    }
    const terms = await this.repository.termsOf(companyId, [row.id]);
    const sources = new Map((await this.repository.metersByIds(companyId, terms.map((t) => t.source_meter_id))).map((m) => [m.id, m]));
    let value = 0;
    let at = 0;
    for (const term of terms) {
      const source = sources.get(term.source_meter_id);
      const reading = source ? await this.liveReading(companyId, source, new Set([...path, row.id])) : null;
      if (!reading) {
        return null;
      }
      value += term.factor * reading.value;
      at = Math.max(at, reading.at);
    }
    return terms.length > 0 ? { at, value: roundMeterValue(value, meterLimits.valueDecimals) } : null;
  }

  private async sourceView(companyId: number, row: MeterRow): Promise<MeterSourceView | null> {
    if (row.source_item_id !== null) {
      const [item] = await this.deps.items.itemsByIds(companyId, [row.source_item_id]);
      return { kind: 'item', itemId: row.source_item_id, fieldName: row.source_field, deviceId: null, key: null, sourceName: item?.name ?? '' };
    }
    if (row.source_device_id !== null) {
      const [device] = await this.deps.devices.targets(companyId, [row.source_device_id]);
      return { kind: 'device', itemId: null, fieldName: null, deviceId: row.source_device_id, key: row.source_key, sourceName: device?.name ?? '' };
    }
    return null;
  }

  private async formulaView(companyId: number, meterId: number): Promise<FormulaTermView[]> {
    const terms = await this.repository.termsOf(companyId, [meterId]);
    const meters = new Map((await this.repository.metersByIds(companyId, terms.map((t) => t.source_meter_id))).map((m) => [m.id, m]));
    return terms.map((t) => {
      const meter = meters.get(t.source_meter_id);
      return { meterId: t.source_meter_id, factor: t.factor, meterName: meter?.name ?? '', nodeType: meter ? nodeTypeOf(meter) : null };
    });
  }

  /** How the cabin names, describes and deletes meter nodes. */
  nodeHandler(): NodeKindHandler {
    return {
      // The general name rule (spec §9: 25 characters), as addMeter checks it.
      nameProblem: (name) => (name === '' ? 'validation.nameRequired' : [...name].length > limits.generalNameLength ? 'validation.tooLong' : null),
      describe: async (companyId, refIds) => {
        const rows = await this.repository.metersByIds(companyId, refIds);
        return new Map(rows.map((row) => [row.id, { nodeType: nodeTypeOf(row) }]));
      },
      rename: (trx, companyId, refId, name) => MetersRepository.in(trx).renameMeter(companyId, refId, name),
      remove: async (trx, companyId, refIds) => {
        const meters = MetersRepository.in(trx);
        const [user] = await meters.usersOf(companyId, refIds, refIds);
        if (user) {
          // A virtual meter's value would silently change: its formula is changed first, by a person.
          throw conflict(`meter.inUse|${user.sourceName}|${user.userName}`);
        }
        await meters.deleteMeters(companyId, refIds);
      },
    };
  }
}

