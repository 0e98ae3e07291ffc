import { addCardRequest, simLimits, type AddCardRequest, type ExportCardsQuery, type ImportCardsRequest, type Locale, type SimImportReport, type SimImportRowError } from '@smartdata/domain';
import { validationError } from '@server/platform/errors';
import { translate } from '@server/platform/i18n';
import type { CabinCaller } from '../cabin/cabin.service';
import { unreadableCellText } from '@server/platform/xlsxFormula';
import { cellKey, parseCsv, parseXlsx, toCsv, toXlsx, type SimTable } from './simFiles';
import type { SimCardsService } from './simCards.service';

/** The columns of the import and export: the request key, and the header texts a file may use. */
const columns: { key: keyof AddCardRequest; headers: string[]; required: boolean }[] = [
  { key: 'number', headers: ['number', '卡号', 'msisdn'], required: true },
  { key: 'iccid', headers: ['iccid'], required: true },
  { key: 'carrier', headers: ['carrier', '运营商'], required: true },
  { key: 'imsi', headers: ['imsi'], required: false },
  { key: 'planName', headers: ['planname', '套餐名称', 'plan name'], required: false },
  { key: 'planPeriod', headers: ['planperiod', '套餐周期', 'plan period'], required: false },
  { key: 'planMb', headers: ['planmb', '套餐流量(mb)', '套餐流量（mb）', '套餐流量', 'allowance (mb)', 'plan (mb)'], required: false },
  { key: 'alertPercent', headers: ['alertpercent', '告警阈值(%)', '告警阈值（%）', '告警阈值', 'alert (%)'], required: false },
  { key: 'remarks', headers: ['remarks', '备注'], required: false },
];
/** Carrier and period words a file may hold, in both languages. */
const carrierWords: Record<string, string> = { 无: 'none', 移动: 'mobile', 中国移动: 'mobile', 联通: 'unicom', 中国联通: 'unicom', 电信: 'telecom', 中国电信: 'telecom' };
const periodWords: Record<string, string> = { 月: 'monthly', 月付: 'monthly', 包月: 'monthly', 季: 'quarterly', 季付: 'quarterly', 年: 'yearly', 年付: 'yearly', 包年: 'yearly' };
const reportLinesMax = 20;

const headerLabels: Record<string, Record<Locale, string>> = {
  number: { 'zh-CN': '卡号', 'en-US': 'Number' },
  iccid: { 'zh-CN': 'ICCID', 'en-US': 'ICCID' },
  carrier: { 'zh-CN': '运营商', 'en-US': 'Carrier' },
  imsi: { 'zh-CN': 'IMSI', 'en-US': 'IMSI' },
  planName: { 'zh-CN': '套餐名称', 'en-US': 'Plan name' },
  planPeriod: { 'zh-CN': '套餐周期', 'en-US': 'Plan period' },
  planMb: { 'zh-CN': '套餐流量(MB)', 'en-US': 'Allowance (MB)' },
  alertPercent: { 'zh-CN': '告警阈值(%)', 'en-US': 'Alert (%)' },
  remarks: { 'zh-CN': '备注', 'en-US': 'Remarks' },
  status: { 'zh-CN': '状态', 'en-US': 'Status' },
  state: { 'zh-CN': '数据卡状态', 'en-US': 'Data card state' },
  usedMb: { 'zh-CN': '已用流量(MB)', 'en-US': 'Used (MB)' },
  device: { 'zh-CN': '绑定网关', 'en-US': 'Gateway' },
  lastSyncAt: { 'zh-CN': '最后同步', 'en-US': 'Last sync' },
};

const fileTypes = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv; charset=utf-8' } as const;

/** Import (all rows or none, with a per-row report) and export of the company's cards. */
export class SimTransfer {
  constructor(
    private readonly sim: SimCardsService,
    private readonly timeZone: (companyId: number) => Promise<string>,
  ) {}

  /**
   * Reads an XLSX or CSV file whose first row names the columns (卡号/number, ICCID, 运营商/carrier
   * required), checks every row as addCard would, and adds them all in one transaction — or, when
   * any row has a problem, none: a dry run answers the report; a real run refuses with 50001, the
   * report's first lines as text.
   */
  async import(caller: CabinCaller, request: ImportCardsRequest, locale: Locale): Promise<SimImportReport> {
    const extension = /\.[^.]+$/.exec(request.fileName.toLowerCase())?.[0];
    if (extension !== '.csv' && extension !== '.xlsx') {
      throw validationError('sim.import.format');
    }
    const bytes = Buffer.from(request.content, 'base64');
    let file: SimTable;
    try {
      file = extension === '.csv' ? { rows: parseCsv(bytes), unreadable: new Map() } : await parseXlsx(bytes);
    } catch {
      throw validationError('sim.import.unreadable');
    }
    const table = file.rows;
    const isEmpty = (cells: string[]) => cells.every((c) => c.trim() === '');
    const header = table[0];
    if (!header || isEmpty(header)) {
      throw validationError('sim.import.empty');
    }
    const rows = table.slice(1).map((cells, index) => ({ cells, line: index + 2 })).filter((r) => !isEmpty(r.cells));
    if (rows.length > simLimits.importRowsMax) {
      throw validationError(`sim.import.tooMany|${simLimits.importRowsMax}`);
    }
    const errors: SimImportRowError[] = [];
    const at = new Map<keyof AddCardRequest, number>();
    header.forEach((cell, index) => {
      const text = cell.trim().toLowerCase();
      if (text === '') {
        return;
      }
      const column = columns.find((c) => c.headers.includes(text) || headerLabels[c.key]?.['en-US'].toLowerCase() === text);
      if (!column || at.has(column.key)) {
        errors.push({ row: 1, column: cell.trim(), message: translate('sim.import.unknownColumn', locale) });
      } else {
        at.set(column.key, index);
      }
    });
    for (const column of columns) {
      if (column.required && !at.has(column.key)) {
        errors.push({ row: 1, column: headerLabels[column.key][locale], message: translate('sim.import.missingColumn', locale) });
      }
    }
    const checked: { line: number; request: AddCardRequest }[] = [];
    if (errors.length === 0) {
      const seen = new Map<string, number>();
      for (const { cells, line } of rows) {
        const raw: Record<string, string> = {};
        // A formula saved without its result (or with an error) is the row's error, never an empty value.
        const unreadable = [...at].flatMap(([key, index]) => {
          const cell = file.unreadable.get(cellKey(line - 1, index));
          return cell ? [{ row: line, column: headerLabels[key]?.[locale] ?? key, message: translate(unreadableCellText(cell), locale) }] : [];
        });
        if (unreadable.length > 0) {
          errors.push(...unreadable);
          continue;
        }
        for (const [key, index] of at) {
          const text = (cells[index] ?? '').trim();
          if (text !== '') {
            raw[key] = key === 'carrier' ? (carrierWords[text] ?? text.toLowerCase()) : key === 'planPeriod' ? (periodWords[text] ?? text.toLowerCase()) : text;
          }
        }
        const parsed = addCardRequest.safeParse(raw);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const key = String(issue.path[0] ?? '');
            const message = key === 'carrier' ? 'sim.carrier' : key === 'planPeriod' ? 'sim.planPeriod' : issue.message;
            errors.push({ row: line, column: headerLabels[key]?.[locale] ?? key, message: translate(message.includes('.') ? message : 'validation.invalid', locale) });
          }
          continue;
        }
        const first = seen.get(parsed.data.iccid);
        if (first !== undefined) {
          errors.push({ row: line, column: 'ICCID', message: translate(`sim.iccid.repeated|${parsed.data.iccid}`, locale) });
          continue;
        }
        seen.set(parsed.data.iccid, line);
        checked.push({ line, request: parsed.data });
      }
      const taken = await this.sim.takenIccids(
        caller.companyId,
        checked.map((c) => c.request.iccid),
      );
      for (const { line, request: card } of checked) {
        if (taken.has(card.iccid)) {
          errors.push({ row: line, column: 'ICCID', message: translate(`sim.iccid.taken|${card.iccid}`, locale) });
        }
      }
      errors.sort((a, b) => a.row - b.row);
    }
    const report: SimImportReport = { rows: rows.length, imported: 0, errors };
    if (request.dryRun) {
      return report;
    }
    if (errors.length > 0) {
      const lines = errors.slice(0, reportLinesMax).map((e) => translate(`sim.import.rowError|${e.row}|${e.column}: ${e.message}`, locale));
      const more = errors.length > reportLinesMax ? [translate(`sim.import.more|${errors.length - reportLinesMax}`, locale)] : [];
      throw validationError([translate(`sim.import.refused|${errors.length}`, locale), ...lines, ...more].join('\n'));
    }
    report.imported = await this.sim.addCheckedCards(
      caller,
      checked.map((c) => c.request),
    );
    return report;
  }

  /** The cards of the filters as an XLSX or CSV file, the import's columns first (a file that imports again). */
  async export(caller: CabinCaller, query: ExportCardsQuery, locale: Locale): Promise<{ fileName: string; contentType: string; body: Buffer }> {
    const cards = await this.sim.exportRows(caller, query, locale);
    const timeZone = await this.timeZone(caller.companyId);
    const when = (instant: number | null) => (instant === null ? '' : new Date(instant).toLocaleString('sv-SE', { timeZone }));
    const keys = ['number', 'iccid', 'carrier', 'imsi', 'planName', 'planPeriod', 'planMb', 'alertPercent', 'remarks', 'status', 'state', 'usedMb', 'device', 'lastSyncAt'];
    const table: (string | number | null)[][] = [keys.map((key) => headerLabels[key][locale])];
    for (const card of cards) {
      table.push([card.number, card.iccid, card.carrier, card.imsi ?? '', card.planName, card.planPeriod, card.planMb, card.alertPercent, card.remarks, card.status, card.state, card.usedMb, card.deviceName ?? '', when(card.lastSyncAt)]);
    }
    const name = locale === 'zh-CN' ? '流量卡' : 'SIM cards';
    return query.format === 'csv'
      ? { fileName: `${name}.csv`, contentType: fileTypes.csv, body: toCsv(table) }
      : { fileName: `${name}.xlsx`, contentType: fileTypes.xlsx, body: await toXlsx(name, table) };
  }
}
