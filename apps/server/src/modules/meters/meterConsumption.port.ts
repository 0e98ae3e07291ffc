import type { CabinCaller } from '../cabin/cabin.service';

/**
 * What smart analyses read of meters (issue 31.16, docs/tasks.md "Meter sources"): a meter the
 * caller may read, its consumption over a window computed as its reports compute a day or a month,
 * and the data-item fields its readings come from (so that a late reading recomputes the window).
 * Implemented by MetersService.
 */
export interface MeterConsumption {
  /** A meter of the caller's company the caller may read (40400 for another company's, 40300 without read). */
  readableMeter(caller: CabinCaller, meterId: number): Promise<{ id: number; name: string }>;
  /** The consumption over [from, to) as one bucket of the meter's report; null on a gap (no reading) or no such meter. */
  consumptionOver(companyId: number, meterId: number, from: number, to: number): Promise<number | null>;
  /** The item fields the meters' readings are read from (a virtual meter's: its formula's meters'). */
  readingFields(companyId: number, meterIds: readonly number[]): Promise<Array<{ itemId: number; fieldName: string }>>;
}
