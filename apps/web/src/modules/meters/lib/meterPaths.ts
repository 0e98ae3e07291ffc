/**
 * Paths of the meter pages (spec §2): the detail /standardElectricMeter|/virtualElectricMeter/{id}/{name},
 * the monthly report /standardReport|/virtualReport/{year}/{month}/{id}/{name} and the settings
 * /smartdata/electricMeterConfig/{id}/{name}. 101 standard, 100 virtual.
 */
const seg = (text: string) => encodeURIComponent(text === '' ? '-' : text);

export function isVirtualType(nodeType: unknown): boolean {
  return nodeType === 100;
}

export { meterPath } from '@/shared/routing/cabinNodePaths';

export function meterReportPath(meter: { id: number; name: string; nodeType: number }, year: number, month: number): string {
  return `/${isVirtualType(meter.nodeType) ? 'virtual' : 'standard'}Report/${year}/${month}/${meter.id}/${seg(meter.name)}`;
}

export function meterConfigPath(meter: { id: number; name: string }): string {
  return `/smartdata/electricMeterConfig/${meter.id}/${seg(meter.name)}`;
}

/** The year and month (1–12) of an instant in a time zone. */
export function monthOf(instant: number, timeZone: string): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(new Date(instant));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: value('year'), month: value('month') };
}

/** The month before or after (`step` ±1). */
export function shiftMonth(year: number, month: number, step: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + step;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}
