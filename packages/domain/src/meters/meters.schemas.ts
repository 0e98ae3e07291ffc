import { z } from 'zod';
import { idSchema, nameSchema } from '../shared/ids';
import { numeric } from '../shared/numbers';
import { pageQuery } from '../shared/paging';
import { textSchema } from '../shared/text';

/**
 * Electric meters (spec §2 electricMeterConfig, /standardElectricMeter, /virtualElectricMeter,
 * /standardReport, /virtualReport, systememeter, systememeterlog; §3 node types 100/101): cabin
 * nodes of kind `meter`. The arithmetic is in consumption.ts and tariffs.ts; the rules and
 * decisions in docs/meters.md.
 */

/** Spec §3 node types. */
export const MeterNodeType = { virtual: 100, standard: 101 } as const;
export type MeterNodeTypeCode = (typeof MeterNodeType)[keyof typeof MeterNodeType];

export const meterLimits = {
  /** Terms of one virtual meter's formula. */
  formulaTermsMax: 20,
  /** A formula term's factor: |factor| within this, never 0 (difference: -1, scaling: 0.5 …). */
  termFactorMax: 1000,
  /** A standard meter's multiplier of its counter (current/voltage transformer ratio): (0, this]. */
  meterFactorMax: 100_000,
  /** Days of one `interval=day` consumption call, months of one `interval=month` call. */
  dayRangeMax: 400,
  monthRangeMax: 36,
  /** Time-of-use windows of a company's tariff. */
  tariffWindowsMax: 24,
  /** Price per kWh, in the company's currency. */
  priceMax: 1000,
  /** Kept decimals: kWh 3, money 2. */
  valueDecimals: 3,
  costDecimals: 2,
  fieldNameLength: 64,
} as const;

/** A meter factor: the multiplier of a standard meter's counter. */
export const meterFactorSchema = numeric<number | string>(
  z.number().refine((f) => Number.isFinite(f) && f > 0 && f <= meterLimits.meterFactorMax, 'validation.meter.factor'),
);
/** A formula term's factor: non-zero, |factor| ≤ 1000. */
export const termFactorSchema = numeric<number | string>(
  z.number().refine((f) => Number.isFinite(f) && f !== 0 && Math.abs(f) <= meterLimits.termFactorMax, 'validation.meter.termFactor'),
);

const keyText = textSchema().min(1, 'validation.meter.keyRequired').max(meterLimits.fieldNameLength, 'validation.tooLong');

/** Where a standard meter reads its cumulative counter: a numeric field of a data item, or a device's telemetry key. */
export const itemSourceSchema = z.object({ itemId: idSchema, fieldName: keyText });
export const deviceSourceSchema = z.object({ deviceId: idSchema, key: keyText });
export const meterSourceSchema = z.union([itemSourceSchema, deviceSourceSchema]);
export type ItemMeterSource = z.infer<typeof itemSourceSchema>;
export type DeviceMeterSource = z.infer<typeof deviceSourceSchema>;
export type MeterSource = z.infer<typeof meterSourceSchema>;

export function isItemSource(source: MeterSource): source is ItemMeterSource {
  return 'itemId' in source;
}

/** One term of a virtual meter: factor × the consumption of another meter. */
export const formulaTermSchema = z.object({ meterId: idSchema, factor: termFactorSchema.default(1) });
export type FormulaTerm = z.infer<typeof formulaTermSchema>;
export const formulaSchema = z
  .array(formulaTermSchema)
  .min(1, 'validation.meter.formulaRequired')
  .max(meterLimits.formulaTermsMax, 'validation.meter.formulaTooLong')
  .refine((terms) => new Set(terms.map((t) => t.meterId)).size === terms.length, 'validation.meter.formulaDuplicate');

const directoryIdSchema = z.preprocess((value) => (value === '' || value === undefined ? null : value), idSchema.nullable());

/**
 * `POST /general/meter/addMeter` (issue 17 contract): a standard meter (101) over a source or a
 * virtual meter (100) over a formula, under a directory or project (read-write there) → `{id}`.
 */
export const addMeterRequest = z.discriminatedUnion('nodeType', [
  z.object({ directoryId: directoryIdSchema, name: nameSchema, nodeType: z.literal(MeterNodeType.standard), source: meterSourceSchema, factor: meterFactorSchema.default(1) }),
  z.object({ directoryId: directoryIdSchema, name: nameSchema, nodeType: z.literal(MeterNodeType.virtual), formula: formulaSchema }),
]);
export type AddMeterRequest = z.input<typeof addMeterRequest>;
export type AddMeterInput = z.infer<typeof addMeterRequest>;

/**
 * `POST /general/meter/updateMeter` (read-write on the meter): what is given changes. `source` and
 * `factor` only for a standard meter, `formula` only for a virtual one (50001 otherwise).
 */
export const updateMeterRequest = z.object({
  id: idSchema,
  name: nameSchema.optional(),
  source: meterSourceSchema.optional(),
  factor: meterFactorSchema.optional(),
  formula: formulaSchema.optional(),
});
export type UpdateMeterRequest = z.input<typeof updateMeterRequest>;
export type UpdateMeterInput = z.infer<typeof updateMeterRequest>;

/** `POST /general/meter/deleteMeter {id}`: deletes the meter's cabin node (admin there, as any node). */
export const deleteMeterRequest = z.object({ id: idSchema });

/** `GET /general/meter/getMeter?meterId=` */
export const meterIdQuery = z.object({ meterId: idSchema });

const instantSchema = numeric<number | string>(z.number().int('validation.meter.instant').min(0, 'validation.meter.instant').max(8_640_000_000_000_000, 'validation.meter.instant'));

export const consumptionIntervals = ['day', 'month'] as const;
export type ConsumptionInterval = (typeof consumptionIntervals)[number];

/**
 * `GET /general/meter/getConsumption?meterId=&from=&to=&interval=day|month` (issue 17 contract):
 * one entry per local day or month of the company's time zone whose start lies in [from, to)
 * (from is moved back to the start of its day/month); times and from/to in ms since the epoch.
 */
export const consumptionQuery = z
  .object({
    meterId: idSchema,
    from: instantSchema,
    to: instantSchema,
    interval: z.enum(consumptionIntervals, 'validation.meter.interval').default('day'),
  })
  .refine((q) => q.to > q.from, { message: 'validation.meter.range', path: ['to'] });
export type ConsumptionQuery = z.input<typeof consumptionQuery>;

/** One day or month: `value` null with `gap` true when no reading was received in it; null without gap: not begun yet. */
export interface ConsumptionPoint {
  time: number;
  value: number | null;
  gap: boolean;
}
export interface ConsumptionResponse {
  list: ConsumptionPoint[];
  /** Sum of the entries that are not gaps (kWh). */
  total: number;
}

/** A counter reading: the instant and the counter × the meter's factor. */
export interface MeterReading {
  at: number;
  value: number;
}

export interface MeterSourceView {
  kind: 'item' | 'device';
  itemId: number | null;
  fieldName: string | null;
  deviceId: number | null;
  key: string | null;
  /** The item's or device's name, '' when it is gone. */
  sourceName: string;
}

export interface FormulaTermView {
  meterId: number;
  factor: number;
  /** '' when the meter is gone. */
  meterName: string;
  nodeType: MeterNodeTypeCode | null;
}

/** `GET /general/meter/getMeter`: settings, live reading, today and this month (kWh; null: a gap). */
export interface MeterDetail {
  id: number;
  nodeId: number;
  directoryId: number | null;
  name: string;
  nodeType: MeterNodeTypeCode;
  level: 'none' | 'read' | 'readWrite' | 'admin';
  factor: number;
  source: MeterSourceView | null;
  formula: FormulaTermView[] | null;
  /** The newest counter reading (× factor); for a virtual meter its formula over the sources' newest readings. */
  reading: MeterReading | null;
  today: number | null;
  thisMonth: number | null;
  timeZone: string;
  createdAt: number;
  updatedAt: number;
}

/** `GET /general/meter/getMeterList`: the company's meters the caller can read (a formula's picker), by name. */
export const meterListQuery = pageQuery.extend({
  keyword: textSchema().max(50, 'validation.tooLong').optional(),
  nodeType: numeric<number | string>(z.union([z.literal(MeterNodeType.standard), z.literal(MeterNodeType.virtual)])).optional(),
});
export type MeterListQuery = z.input<typeof meterListQuery>;

export interface MeterListItem {
  id: number;
  nodeId: number;
  directoryId: number | null;
  name: string;
  nodeType: MeterNodeTypeCode;
  level: 'none' | 'read' | 'readWrite' | 'admin';
  updatedAt: number;
}

// ---- tariffs ----

/** Time-of-use periods: 尖 sharp, 峰 peak, 平 flat, 谷 valley, 深谷 deep valley. */
export const tariffPeriods = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
export type TariffPeriod = (typeof tariffPeriods)[number];

const clockText = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.meter.clock');

/**
 * One window of the company's tariff, in local time `HH:mm`; `end` ≤ `start` crosses midnight
 * (22:00–06:00). Windows of one period share one price.
 */
export const tariffWindowSchema = z.object({
  period: z.enum(tariffPeriods, 'validation.meter.period'),
  start: clockText,
  end: clockText,
  price: numeric<number | string>(z.number().min(0, 'validation.meter.price').max(meterLimits.priceMax, 'validation.meter.price')),
});
export type TariffWindow = z.infer<typeof tariffWindowSchema>;

/**
 * `POST /general/meter/setTariff` (company administrator): the windows must cover the day once
 * (no overlap, no hole) — or be empty (no tariff: no costs). Checked by `tariffProblem`.
 */
export const setTariffRequest = z.object({ windows: z.array(tariffWindowSchema).max(meterLimits.tariffWindowsMax, 'validation.tooLong') });
export type SetTariffRequest = z.input<typeof setTariffRequest>;

/** `GET /general/meter/getTariff` */
export interface Tariff {
  windows: TariffWindow[];
  timeZone: string;
  updatedAt: number | null;
}

// ---- monthly report ----

/** `GET /general/meter/getMonthlyReport?meterId=&year=&month=` and `exportMonthlyReport …&format=xlsx|pdf`. */
export const monthlyReportQuery = z.object({
  meterId: idSchema,
  year: numeric<number | string>(z.number().int('validation.meter.year').min(2000, 'validation.meter.year').max(2100, 'validation.meter.year')),
  month: numeric<number | string>(z.number().int('validation.meter.month').min(1, 'validation.meter.month').max(12, 'validation.meter.month')),
});
export type MonthlyReportQuery = z.input<typeof monthlyReportQuery>;
export const exportFormats = ['xlsx', 'pdf'] as const;
export const exportMonthlyReportQuery = monthlyReportQuery.extend({ format: z.enum(exportFormats, 'validation.meter.format').default('xlsx') });
export type ExportMonthlyReportQuery = z.input<typeof exportMonthlyReportQuery>;

/** Consumption and cost of one tariff period (cost null without a tariff, or on a gap). */
export interface PeriodUsage {
  period: TariffPeriod;
  value: number | null;
  cost: number | null;
}

export interface ReportDay {
  /** Local date yyyy-MM-dd and its midnight. */
  date: string;
  time: number;
  value: number | null;
  gap: boolean;
  periods: PeriodUsage[];
  cost: number | null;
}

export interface MonthlyReport {
  meterId: number;
  meterName: string;
  nodeType: MeterNodeTypeCode;
  year: number;
  month: number;
  timeZone: string;
  /** The tariff the costs use ([] without one). */
  tariff: TariffWindow[];
  days: ReportDay[];
  totals: {
    value: number;
    cost: number | null;
    periods: Array<PeriodUsage & { price: number | null }>;
    gapDays: number;
  };
}

// ---- system maintenance (systememeter, systememeterlog) ----

/** `GET /general/meter/getAllMeters` (system_e_meter): every company's meters, by name. */
export const allMetersQuery = pageQuery.extend({
  keyword: textSchema().max(50, 'validation.tooLong').optional(),
  nodeType: numeric<number | string>(z.union([z.literal(MeterNodeType.standard), z.literal(MeterNodeType.virtual)])).optional(),
});
export type AllMetersQuery = z.input<typeof allMetersQuery>;

export interface SystemMeterRow {
  id: number;
  name: string;
  nodeType: MeterNodeTypeCode;
  companyId: number;
  companyName: string;
  source: MeterSourceView | null;
  formula: Array<{ meterId: number; factor: number }> | null;
  factor: number;
  lastReading: MeterReading | null;
  createdAt: number;
}

/**
 * `GET /general/meter/getMeterLog?meterId=&from=&to=` (system_e_meter_log): per local day, newest
 * first, the readings received (count, first and last), resets seen, and whether the day is a gap.
 * Default window: the last 30 days.
 */
export const meterLogQuery = pageQuery.extend({ meterId: idSchema, from: instantSchema.optional(), to: instantSchema.optional() });
export type MeterLogQuery = z.input<typeof meterLogQuery>;

export interface MeterLogRow {
  date: string;
  time: number;
  /** Readings received that day (null for a virtual meter: its sources have them). */
  readings: number | null;
  first: MeterReading | null;
  last: MeterReading | null;
  resets: number;
  value: number | null;
  gap: boolean;
}

export interface MeterLog {
  meterId: number;
  meterName: string;
  companyName: string;
  nodeType: MeterNodeTypeCode;
  list: MeterLogRow[];
  total: number;
  gapDays: number;
}
