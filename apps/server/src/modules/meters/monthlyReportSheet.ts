import { MeterNodeType, type Locale, type MonthlyReport } from '@smartdata/domain';
import { translate } from '@server/platform/i18n';
import { columnLetter, safeFileName, type SheetCell, type SheetModel } from '@server/platform/sheets';

const kwhFormat = '0.000';
const moneyFormat = '0.00';

const text = (value: string, extra: Partial<SheetCell> = {}): SheetCell => ({ value, ...extra });
const number = (value: number | null, format: string, extra: Partial<SheetCell> = {}): SheetCell => ({ value, format, align: 'right', ...extra });

/** The export's file name: the meter, what it is (a monthly report, in `locale`) and the month — `总进线-用电月报-2025-11.xlsx`. */
export function monthlyReportFileName(report: Pick<MonthlyReport, 'meterName' | 'year' | 'month'>, format: 'xlsx' | 'pdf', locale: Locale): string {
  return `${translate(`meter.report.fileName|${safeFileName(report.meterName)}|${report.year}|${String(report.month).padStart(2, '0')}`, locale)}.${format}`;
}

/**
 * The monthly report as a sheet (docs/meters.md "The export"): a title, the meter and zone, one
 * row per day (date, consumption, each tariff period's consumption and cost, the day's cost, a
 * note on gaps), a totals row, and the tariff below. Numbers stay numbers (formats `0.000` kWh,
 * `0.00` money); a gap is an empty cell. Labels in the caller's language. The PDF prints the
 * title as its heading, so only the XLSX (`titleRow`) repeats it in its first row.
 */
export function monthlyReportSheet(report: MonthlyReport, locale: Locale, generatedAt: string, { titleRow }: { titleRow: boolean }): SheetModel {
  const t = (key: string) => translate(key, locale);
  const periodName = (period: string) => t(`meter.period.${period}`);
  const periods = report.totals.periods.map((p) => p.period);
  const priced = report.tariff.length > 0;
  const month = String(report.month).padStart(2, '0');
  const title = translate(`meter.report.title|${report.meterName}|${report.year}|${month}`, locale);

  const header: SheetCell[] = [
    text(t('meter.sheet.date'), { bold: true, fill: '#F0F5FF' }),
    text(t('meter.sheet.consumption'), { bold: true, fill: '#F0F5FF', align: 'right' }),
    ...periods.flatMap((p) => [
      text(translate(`meter.sheet.periodConsumption|${periodName(p)}`, locale), { bold: true, fill: '#F0F5FF', align: 'right' }),
      text(translate(`meter.sheet.periodCost|${periodName(p)}`, locale), { bold: true, fill: '#F0F5FF', align: 'right' }),
    ]),
    ...(priced ? [text(t('meter.sheet.cost'), { bold: true, fill: '#F0F5FF', align: 'right' })] : []),
    text(t('meter.sheet.note'), { bold: true, fill: '#F0F5FF' }),
  ];
  const width = header.length;
  const last = columnLetter(width - 1);

  const rows: (SheetCell | null)[][] = [
    ...(titleRow ? [[text(title, { bold: true })]] : []),
    [text(translate(`meter.sheet.meter|${report.meterName}|${t(report.nodeType === MeterNodeType.virtual ? 'meter.sheet.virtual' : 'meter.sheet.standard')}`, locale))],
    [text(translate(`meter.sheet.timeZone|${report.timeZone}`, locale))],
    header,
  ];
  for (const day of report.days) {
    rows.push([
      text(day.date),
      number(day.value, kwhFormat),
      ...periods.flatMap((p) => {
        const usage = day.periods.find((u) => u.period === p);
        return [number(usage?.value ?? null, kwhFormat), number(usage?.cost ?? null, moneyFormat)];
      }),
      ...(priced ? [number(day.cost, moneyFormat)] : []),
      text(day.gap ? t('meter.sheet.gap') : '', day.gap ? { color: '#CF1322' } : {}),
    ]);
  }
  rows.push([
    text(t('meter.sheet.total'), { bold: true }),
    number(report.totals.value, kwhFormat, { bold: true }),
    ...report.totals.periods.flatMap((p) => [number(p.value, kwhFormat, { bold: true }), number(p.cost, moneyFormat, { bold: true })]),
    ...(priced ? [number(report.totals.cost, moneyFormat, { bold: true })] : []),
    text(report.totals.gapDays > 0 ? translate(`meter.sheet.gapDays|${report.totals.gapDays}`, locale) : '', { bold: true }),
  ]);
  rows.push([]);
  rows.push([text(t('meter.sheet.tariff'), { bold: true })]);
  if (priced) {
    rows.push([text(t('meter.sheet.period'), { bold: true }), text(t('meter.sheet.window'), { bold: true }), text(t('meter.sheet.price'), { bold: true, align: 'right' })]);
    for (const w of report.tariff) {
      rows.push([text(periodName(w.period)), text(`${w.start}–${w.end}`), number(w.price, '0.0000')]);
    }
  } else {
    rows.push([text(t('meter.sheet.noTariff'))]);
  }

  return {
    title,
    sheetName: `${report.year}-${month}`,
    columns: header.map((_, index) => ({ width: index === 0 ? 14 : index === width - 1 ? 16 : 15 })),
    rows,
    merges: (titleRow ? [1, 2, 3] : [1, 2]).map((row) => ({ from: `A${row}`, to: `${last}${row}` })),
    footer: translate(`meter.sheet.footer|${generatedAt}`, locale),
  };
}
