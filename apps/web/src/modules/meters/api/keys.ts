import type { AllMetersQuery, MeterListQuery, MeterLogQuery } from '@smartdata/domain';

/**
 * The cabin module's queries (its tree shows a meter's name): read again after a meter is renamed
 * or deleted here. The key's root only — the meters module does not import the cabin (which
 * imports it).
 */
export const cabinQueries = ['cabin'] as const;

/** Query keys of the meters module. */
export const metersKeys = {
  all: ['meters'] as const,
  meter: (id: number) => [...metersKeys.all, 'meter', id] as const,
  consumption: (id: number, from: number, to: number) => [...metersKeys.all, 'meter', id, 'consumption', from, to] as const,
  report: (id: number, year: number, month: number) => [...metersKeys.all, 'meter', id, 'report', year, month] as const,
  list: (query: MeterListQuery) => [...metersKeys.all, 'list', query] as const,
  tariff: () => [...metersKeys.all, 'tariff'] as const,
  system: (query: AllMetersQuery) => [...metersKeys.all, 'system', query] as const,
  log: (query: MeterLogQuery) => [...metersKeys.all, 'log', query] as const,
};
