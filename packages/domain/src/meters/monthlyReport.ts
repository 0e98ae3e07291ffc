import { localDateText, roundMeterValue, type UsageBucket } from './consumption';
import { meterLimits, type MeterNodeTypeCode, type MonthlyReport, type PeriodUsage, type TariffWindow } from './meters.schemas';
import { periodsOf, pricedPeriods, type TariffClock } from './tariffs';

const kwh = (value: number | null) => (value === null ? null : roundMeterValue(value, meterLimits.valueDecimals));
const money = (value: number | null) => (value === null ? null : roundMeterValue(value, meterLimits.costDecimals));

/**
 * A meter's monthly report (/standardReport, /virtualReport): one row per local day of the month
 * with its consumption, consumption and cost per tariff period; totals over the days that are not
 * gaps. Values are summed unrounded and rounded once (kWh to 3 places, money to 2).
 */
export function buildMonthlyReport(input: {
  meter: { id: number; name: string; nodeType: MeterNodeTypeCode };
  year: number;
  month: number;
  timeZone: string;
  windows: readonly TariffWindow[];
  tariff: TariffClock | null;
  days: readonly UsageBucket[];
}): MonthlyReport {
  const { tariff } = input;
  let total = 0;
  let totalCost: number | null = tariff ? 0 : null;
  let gapDays = 0;
  const periodTotals = new Map(periodsOf(tariff).map((p) => [p, { value: 0, cost: 0 }]));
  const days = input.days.map((day) => {
    if (day.gap) {
      gapDays += 1;
    }
    const priced = pricedPeriods(day.value === null ? null : day.periods, tariff);
    if (day.value !== null) {
      total += day.value;
    }
    if (priced.cost !== null && totalCost !== null) {
      totalCost += priced.cost;
    }
    for (const p of priced.periods) {
      const sum = periodTotals.get(p.period);
      if (sum && p.value !== null) {
        sum.value += p.value;
        sum.cost += p.cost ?? 0;
      }
    }
    return {
      date: localDateText(day.time, input.timeZone),
      time: day.time,
      value: kwh(day.value),
      gap: day.gap,
      periods: priced.periods.map((p): PeriodUsage => ({ period: p.period, value: kwh(p.value), cost: money(p.cost) })),
      cost: money(priced.cost),
    };
  });
  return {
    meterId: input.meter.id,
    meterName: input.meter.name,
    nodeType: input.meter.nodeType,
    year: input.year,
    month: input.month,
    timeZone: input.timeZone,
    tariff: [...input.windows],
    days,
    totals: {
      value: roundMeterValue(total, meterLimits.valueDecimals),
      cost: money(totalCost),
      periods: [...periodTotals].map(([period, sum]) => ({ period, value: kwh(sum.value), cost: money(sum.cost), price: tariff?.prices[period] ?? null })),
      gapDays,
    },
  };
}
