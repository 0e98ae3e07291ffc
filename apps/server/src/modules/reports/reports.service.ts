import {
  deliveredPeriod,
  emptyStats,
  mergeStats,
  isMeterBinding,
  levelAtLeast,
  nextDeliveryAfter,
  numericFieldTypes,
  periodWindow,
  reportInstant,
  reportLimits,
  type AddTemplateValues,
  type ComputedCell,
  type ConsumptionInterval,
  type ConsumptionResponse,
  type PermissionLevel,
  type ReportDelivery,
  type ReportFormat,
  type ReportFrequency,
  type ReportPeriod,
  type ReportPreview,
  type ReportTemplate,
  type TemplateCell,
  type TemplateMerge,
  type UpdateTemplateValues,
  type ValueStats,
} from '@smartdata/domain';
import { AppError, notFound, permissionDenied, validationError } from '@server/platform/errors';
import type { MailSender } from '@server/platform/mail';
import { renderPdf, renderXlsx, safeFileName } from '@server/platform/sheets';
import type { CabinCaller, CabinService, NodeKindHandler } from '../cabin/cabin.service';
import type { DataItemsService } from '../data-items/dataItems.service';
import type { SeriesReads, SeriesRef } from '../data-items/series.port';
import { computeCells, formulaProblem, reportSheetModel, usedSize } from './reportSheet';
import { ReportsRepository, type TemplateRow } from './reports.repository';

type ReportCabin = Pick<CabinService, 'createNode' | 'effectiveLevel' | 'levelMap'>;
/** What reports need of data items: the caller's access to an item and its fields, the company zone. */
export type ReportItems = Pick<DataItemsService, 'requireItem' | 'timeZone'>;
/** What reports need of meters: that the caller may read a meter, and its consumption over a period. */
export interface ReportMeters {
  getMeter(caller: CabinCaller, id: number): Promise<unknown>;
  consumption(caller: CabinCaller, query: { meterId: number; from: number; to: number; interval: ConsumptionInterval }): Promise<ConsumptionResponse>;
}

export interface ReportsDeps {
  repository: ReportsRepository;
  cabin: ReportCabin;
  items: ReportItems;
  series: SeriesReads;
  meters: ReportMeters;
  /** E-mail of scheduled reports (to the schedule's listed addresses; off until SMTP is configured). */
  mail: MailSender;
  now: () => number;
  log: { error: (obj: unknown, msg?: string) => void };
}

export const contentTypes: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

const DAY = 86_400_000;
const MINUTE = 60_000;
/** Due schedules taken per sweep (the rest at the next one). */
const SWEEP_BATCH = 20;

interface PeriodInput {
  period?: ReportPeriod;
  at?: number | string;
  from?: number | string;
  to?: number | string;
}

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

function localStamp(instant: number, timeZone: string, withTime: boolean): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${get('year')}-${get('month')}-${get('day')}`;
  return withTime ? `${date} ${get('hour')}:${get('minute')}` : date;
}

/**
 * The period in a report's file name, in the company's zone (issue 31.9): a day `yyyy-MM-dd`, a
 * calendar month `yyyy-MM`, other whole days `first_last` (both included), else the dates of
 * `from` and `to` — so a month exported from a template named "…日报" does not read as one day.
 */
function periodStamp(from: number, to: number, timeZone: string): string {
  const midnight = (ms: number) => localStamp(ms, timeZone, true).endsWith(' 00:00');
  const days = midnight(from) && midnight(to);
  const first = localStamp(from, timeZone, false);
  const last = localStamp(days ? to - 1 : to, timeZone, false);
  if (first === last) {
    return first;
  }
  const wholeMonth = days && first.endsWith('-01') && localStamp(to, timeZone, false).endsWith('-01') && first.slice(0, 7) === last.slice(0, 7);
  return wholeMonth ? first.slice(0, 7) : `${first}_${last}`;
}

/**
 * Report templates (issue 17, docs/reports.md): cabin nodes of kind `reportTemplate`; a layout of
 * cells computed for a period — data-item fields through the series store (data items' `series`
 * port), meters' consumption (the meters service), formulas (reportSheet.ts) — previewed, exported
 * as XLSX or PDF (platform/sheets.ts), and delivered on a schedule (in-app and by e-mail).
 */
export class ReportsService {
  constructor(private readonly deps: ReportsDeps) {}

  private get repository(): ReportsRepository {
    return this.deps.repository;
  }

  private async requireTemplate(caller: CabinCaller, id: number, level: PermissionLevel): Promise<{ row: TemplateRow; level: PermissionLevel }> {
    const row = await this.repository.findTemplate(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    const { level: held } = await this.deps.cabin.effectiveLevel(caller, row.node_id);
    if (!levelAtLeast(held, level)) {
      throw permissionDenied(`cabin.needs.${level}`);
    }
    return { row, level: held };
  }

  /** Bindings the caller may read (40400/40300 from the owner), to number fields; formulas that parse. */
  private async checkCells(caller: CabinCaller, cells: readonly TemplateCell[]): Promise<void> {
    const checkedItems = new Map<number, Awaited<ReturnType<ReportItems['requireItem']>>>();
    const checkedMeters = new Set<number>();
    for (const cell of cells) {
      if (cell.formula) {
        if (formulaProblem(cell.formula) !== null) {
          throw validationError(`validation.report.formulaSyntax|${cell.ref}`);
        }
      }
      if (!cell.bind) {
        continue;
      }
      if (isMeterBinding(cell.bind)) {
        if (!checkedMeters.has(cell.bind.meterId)) {
          await this.deps.meters.getMeter(caller, cell.bind.meterId);
          checkedMeters.add(cell.bind.meterId);
        }
        continue;
      }
      let item = checkedItems.get(cell.bind.itemId);
      if (!item) {
        item = await this.deps.items.requireItem(caller, cell.bind.itemId, 'read');
        checkedItems.set(cell.bind.itemId, item);
      }
      const fieldName = cell.bind.fieldName;
      const field = item.fields.find((f) => f.fieldName === fieldName);
      if (!field) {
        throw validationError(`validation.report.unknownField|${cell.ref}`);
      }
      if (!numericFieldTypes.includes(field.type)) {
        throw validationError(`validation.report.numericField|${cell.ref}`);
      }
    }
  }

  private layoutOf(values: { cells: TemplateCell[]; merges: TemplateMerge[]; columnWidths: number[] }) {
    const cells = values.cells.map((cell) => {
      // Keep only what the cell is (one content) and its styles; empty strings drop out.
      const out: TemplateCell = { ref: cell.ref };
      if (cell.text) {
        out.text = cell.text;
      }
      if (cell.formula) {
        out.formula = cell.formula.replace(/^=/, '').trim();
      }
      if (cell.bind) {
        out.bind = cell.bind;
      }
      if (cell.format) {
        out.format = cell.format;
      }
      if (cell.bold) {
        out.bold = true;
      }
      if (cell.color) {
        out.color = cell.color.startsWith('#') ? cell.color.toUpperCase() : `#${cell.color.toUpperCase()}`;
      }
      if (cell.fill) {
        out.fill = cell.fill.startsWith('#') ? cell.fill.toUpperCase() : `#${cell.fill.toUpperCase()}`;
      }
      if (cell.align) {
        out.align = cell.align;
      }
      return out;
    });
    return { cells: JSON.stringify(cells), merges: JSON.stringify(values.merges), columnWidths: JSON.stringify(values.columnWidths) };
  }

  /** A template node under a directory where the caller may write (issue 17 contract). */
  async addTemplate(caller: CabinCaller, request: AddTemplateValues): Promise<{ id: number; nodeId: number }> {
    await this.checkCells(caller, request.cells);
    const name = request.name.trim();
    const layout = this.layoutOf(request);
    const { nodeId, refId } = await this.deps.cabin.createNode(caller, { kind: 'reportTemplate', parentId: request.directoryId, name }, (trx, newNodeId) =>
      ReportsRepository.in(trx).insertTemplate({ companyId: caller.companyId, nodeId: newNodeId, name, userId: caller.userId, ...layout }),
    );
    return { id: refId, nodeId };
  }

  /** The layout (read-write). */
  async updateTemplate(caller: CabinCaller, request: UpdateTemplateValues): Promise<void> {
    const { row } = await this.requireTemplate(caller, request.id, 'readWrite');
    await this.checkCells(caller, request.cells);
    await this.repository.updateLayout(caller.companyId, row.id, this.layoutOf(request));
  }

  private toTemplate(row: TemplateRow, level: PermissionLevel): ReportTemplate {
    return {
      id: row.id,
      nodeId: row.node_id,
      name: row.name,
      cells: parseJson<TemplateCell[]>(row.cells, []),
      merges: parseJson<TemplateMerge[]>(row.merges, []),
      columnWidths: parseJson<number[]>(row.column_widths, []),
      schedule: {
        frequency: row.frequency as ReportFrequency,
        format: row.format as ReportFormat,
        emails: parseJson<string[]>(row.emails, []),
        nextRunAt: row.next_run_at === null ? null : Number(row.next_run_at),
        lastRunAt: row.last_run_at === null ? null : Number(row.last_run_at),
      },
      level,
      updatedAt: Number(row.updated_at),
    };
  }

  async getTemplate(caller: CabinCaller, id: number): Promise<ReportTemplate> {
    const { row, level } = await this.requireTemplate(caller, id, 'read');
    return this.toTemplate(row, level);
  }

  /** [from, to) of a preview or export, in the company zone; 50001 for a bad or too long range. */
  async period(companyId: number, input: PeriodInput): Promise<{ from: number; to: number; timeZone: string }> {
    const timeZone = await this.deps.items.timeZone(companyId);
    if (input.period && input.period !== 'custom' && (input.from === undefined || input.to === undefined)) {
      const at = input.at === undefined ? this.deps.now() : reportInstant(input.at, timeZone);
      if (!Number.isFinite(at)) {
        throw validationError('validation.report.instant');
      }
      return { ...periodWindow(input.period, at, timeZone), timeZone };
    }
    if (input.from === undefined || input.to === undefined) {
      throw validationError('validation.report.range');
    }
    const from = reportInstant(input.from, timeZone);
    const to = reportInstant(input.to, timeZone);
    if (!Number.isFinite(from) || !Number.isFinite(to)) {
      throw validationError('validation.report.instant');
    }
    if (to <= from) {
      throw validationError('validation.report.order');
    }
    if (to - from > reportLimits.customDays * DAY) {
      throw validationError('validation.report.tooLongPeriod');
    }
    return { from, to, timeZone };
  }

  /** The value of each bound cell over [from, to): fields through the series store, meters' consumption. */
  private async boundValues(reader: CabinCaller, cells: readonly TemplateCell[], from: number, to: number): Promise<Map<string, number | null>> {
    const values = new Map<string, number | null>();
    const meterTotals = new Map<number, number | null>();
    for (const cell of cells) {
      if (!cell.bind) {
        continue;
      }
      if (isMeterBinding(cell.bind)) {
        const meterId = cell.bind.meterId;
        if (!meterTotals.has(meterId)) {
          try {
            const answer = await this.deps.meters.consumption(reader, { meterId, from, to, interval: 'day' });
            meterTotals.set(meterId, answer.list.length === 0 ? null : answer.total);
          } catch (error) {
            // A meter removed or no longer readable leaves its cell empty.
            if (!(error instanceof AppError)) {
              throw error;
            }
            meterTotals.set(meterId, null);
          }
        }
        values.set(cell.ref, meterTotals.get(meterId) ?? null);
        continue;
      }
      const { itemId, fieldName, aggregate } = cell.bind;
      const series = (await this.deps.series.refs(reader.companyId, itemId, [fieldName])).get(fieldName);
      if (!series) {
        values.set(cell.ref, aggregate === 'count' ? 0 : null);
        continue;
      }
      if (aggregate === 'last') {
        values.set(cell.ref, (await this.deps.series.last(series.id, from, to))?.[1] ?? null);
        continue;
      }
      const stats = await this.windowStats(series, from, to);
      if (aggregate === 'count') {
        values.set(cell.ref, stats.count);
      } else if (stats.count === 0) {
        values.set(cell.ref, null);
      } else {
        values.set(cell.ref, aggregate === 'sum' ? stats.sum : aggregate === 'avg' ? stats.sum / stats.count : aggregate === 'min' ? stats.min : stats.max);
      }
    }
    return values;
  }

  /**
   * Statistics of [from, to) exactly: the series store answers whole rollup buckets (minutes), so
   * the minute-aligned middle comes from it and the partial minutes at the edges from the points.
   */
  private async windowStats(series: SeriesRef, from: number, to: number): Promise<ValueStats> {
    const start = Math.ceil(from / MINUTE) * MINUTE;
    const end = Math.floor(to / MINUTE) * MINUTE;
    const total = emptyStats();
    const addPoints = (points: Array<[number, number]>) => {
      for (const [, value] of points) {
        mergeStats(total, { count: 1, sum: value, min: value, max: value });
      }
    };
    if (start >= end) {
      addPoints(await this.deps.series.points(series.id, from, to));
      return total;
    }
    if (from < start) {
      addPoints(await this.deps.series.points(series.id, from, start));
    }
    const middle = await this.deps.series.stats(series, start, end);
    if (middle.count > 0) {
      mergeStats(total, middle);
    }
    if (end < to) {
      addPoints(await this.deps.series.points(series.id, end, to));
    }
    return total;
  }

  private async compute(reader: CabinCaller, template: ReportTemplate, from: number, to: number): Promise<ComputedCell[]> {
    return computeCells(template.cells, await this.boundValues(reader, template.cells, from, to));
  }

  /** The computed table for a period (read on the node). */
  async preview(caller: CabinCaller, query: PeriodInput & { templateId: number }): Promise<ReportPreview> {
    const { row, level } = await this.requireTemplate(caller, query.templateId, 'read');
    const template = this.toTemplate(row, level);
    const { from, to, timeZone } = await this.period(caller.companyId, query);
    const cells = await this.compute(caller, template, from, to);
    const size = usedSize(template.cells, template.merges, template.columnWidths);
    return { templateId: template.id, name: template.name, from, to, timeZone, cells, merges: template.merges, columnWidths: template.columnWidths, layout: template.cells, rows: size.rows, columns: size.columns };
  }

  private async render(reader: CabinCaller, template: ReportTemplate, period: { from: number; to: number; timeZone: string }, format: ReportFormat): Promise<{ body: Buffer; fileName: string; contentType: string }> {
    const computed = await this.compute(reader, template, period.from, period.to);
    // Whole local days read as dates, the last day included (a month is 11-01 – 11-30); else date-times, [from, to).
    const midnight = (ms: number) => localStamp(ms, period.timeZone, true).endsWith(' 00:00');
    const days = midnight(period.from) && midnight(period.to);
    const fromText = localStamp(period.from, period.timeZone, !days);
    const toText = localStamp(days ? period.to - 1 : period.to, period.timeZone, !days);
    const footer = `${template.name} · ${fromText} – ${toText} (${period.timeZone})`;
    const sheet = reportSheetModel({ title: template.name, footer, cells: template.cells, computed, merges: template.merges, columnWidths: template.columnWidths });
    const body = format === 'pdf' ? await renderPdf(sheet) : await renderXlsx(sheet);
    return { body, fileName: `${safeFileName(template.name)}-${periodStamp(period.from, period.to, period.timeZone)}.${format}`, contentType: contentTypes[format] };
  }

  /** The report of a period as XLSX or PDF (read on the node; issue 17 contract). */
  async exportReport(caller: CabinCaller, query: PeriodInput & { templateId: number; format: ReportFormat }): Promise<{ body: Buffer; fileName: string; contentType: string }> {
    const { row, level } = await this.requireTemplate(caller, query.templateId, 'read');
    const period = await this.period(caller.companyId, query);
    return this.render(caller, this.toTemplate(row, level), period, query.format);
  }

  /** The schedule (read-write): runs as the caller from now on. */
  async setSchedule(caller: CabinCaller, request: { templateId: number; frequency: ReportFrequency; format: ReportFormat; emails: string[] }): Promise<ReportTemplate['schedule']> {
    const { row, level } = await this.requireTemplate(caller, request.templateId, 'readWrite');
    const timeZone = await this.deps.items.timeZone(caller.companyId);
    const nextRunAt = request.frequency === 'off' ? null : nextDeliveryAfter(request.frequency, this.deps.now(), timeZone);
    const emails = [...new Set(request.emails.map((e) => e.trim().toLowerCase()))];
    await this.repository.updateSchedule(caller.companyId, row.id, { frequency: request.frequency, format: request.format, emails: JSON.stringify(emails), userId: request.frequency === 'off' ? null : caller.userId, nextRunAt });
    return this.toTemplate({ ...row, frequency: request.frequency, format: request.format, emails: JSON.stringify(emails), next_run_at: nextRunAt }, level).schedule;
  }

  /** Delivered reports of the templates the caller may read, newest first (the personal center). */
  async deliveries(caller: CabinCaller, page: { pageNum: number; pageSize: number }): Promise<{ list: ReportDelivery[]; total: number }> {
    const templates = await this.repository.templateNodes(caller.companyId);
    const { levelOf } = await this.deps.cabin.levelMap(caller);
    const readable = templates.filter((t) => levelAtLeast(levelOf(t.node_id), 'read')).map((t) => t.id);
    const { list, total } = await this.repository.deliveries(caller.companyId, readable, page);
    return {
      total,
      list: list.map((d) => ({
        id: d.id,
        templateId: d.template_id,
        templateName: d.template_name,
        from: Number(d.period_from),
        to: Number(d.period_to),
        format: d.format as ReportFormat,
        fileName: d.file_name,
        size: d.size,
        createdAt: Number(d.created_at),
      })),
    };
  }

  async downloadDelivery(caller: CabinCaller, id: number): Promise<{ body: Buffer; fileName: string; contentType: string }> {
    const delivery = await this.repository.findDelivery(caller.companyId, id);
    if (!delivery) {
      throw notFound();
    }
    await this.requireTemplate(caller, delivery.template_id, 'read');
    return { body: Buffer.from(delivery.content), fileName: delivery.file_name, contentType: contentTypes[delivery.format as ReportFormat] };
  }

  /**
   * Runs the due schedules (every instance may call it; a run is claimed by moving `next_run_at` on
   * with a compare-and-set, so one instance delivers each period). Each run delivers the period that
   * just closed, as the user who set the schedule; a run that fails is logged and moved on.
   */
  async sweep(now = this.deps.now()): Promise<number> {
    let delivered = 0;
    for (const row of await this.repository.due(now, SWEEP_BATCH)) {
      const frequency = row.frequency as Exclude<ReportFrequency, 'off'>;
      const timeZone = await this.deps.items.timeZone(row.company_id);
      const due = Number(row.next_run_at);
      const next = nextDeliveryAfter(frequency, Math.max(now, due), timeZone);
      if (!(await this.repository.advance(row.company_id, row.id, due, next, now))) {
        continue;
      }
      const period = deliveredPeriod(frequency, due, timeZone);
      try {
        const reader: CabinCaller = { userId: row.schedule_user_id ?? row.created_by ?? 0, companyId: row.company_id, isCompanyAdmin: false };
        const template = this.toTemplate(row, 'read');
        const file = await this.render(reader, template, { ...period, timeZone }, row.format as ReportFormat);
        await this.repository.insertDelivery({ companyId: row.company_id, templateId: row.id, templateName: row.name, from: period.from, to: period.to, format: row.format, fileName: file.fileName, content: file.body });
        delivered += 1;
        const emails = template.schedule.emails;
        if (this.deps.mail.configured && emails.length > 0) {
          const span = `${localStamp(period.from, timeZone, false)} – ${localStamp(period.to - 1, timeZone, false)}`;
          await this.deps.mail.send(emails, `${row.name} ${span}`, `${row.name}\n${span} (${timeZone})\n\n报表已生成，可在个人中心下载。\nThe report is ready: download it in the personal center.`, [{ filename: file.fileName, content: file.body, contentType: file.contentType }]);
        }
      } catch (error) {
        this.deps.log.error({ err: error, templateId: row.id }, 'scheduled report failed');
      }
    }
    return delivered;
  }

  nodeHandler(): NodeKindHandler {
    return {
      describe: async (companyId, refIds) => new Map((await this.repository.templatesByIds(companyId, refIds)).map((r) => [r.id, { frequency: r.frequency }])),
      rename: (trx, companyId, refId, name) => ReportsRepository.in(trx).renameTemplate(companyId, refId, name),
      copy: (trx, companyId, refId, copy) => ReportsRepository.in(trx).copyTemplate(companyId, refId, copy),
      remove: (trx, companyId, refIds) => ReportsRepository.in(trx).deleteTemplates(companyId, refIds),
    };
  }
}
