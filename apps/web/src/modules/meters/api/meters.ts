import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AllMetersQuery,
  ConsumptionResponse,
  MeterDetail,
  MeterListItem,
  MeterListQuery,
  MeterLog,
  MeterLogQuery,
  MonthlyReport,
  Page,
  SystemMeterRow,
  Tariff,
} from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { metersKeys } from './keys';

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** `GET /meter/getMeter?meterId=`: settings, live reading, today and this month. */
export function fetchMeter(meterId: number, signal?: AbortSignal): Promise<MeterDetail> {
  return api.get<MeterDetail>('/meter/getMeter', { meterId }, { signal });
}

export function useMeterQuery(meterId: number, options: { refetchInterval?: number } = {}) {
  return useQuery({ queryKey: metersKeys.meter(meterId), queryFn: ({ signal }) => fetchMeter(meterId, signal), enabled: validId(meterId), retry: false, ...options });
}

/** `GET /meter/getConsumption?meterId=&from=&to=&interval=day`: one entry per local day of [from, to). */
export function fetchConsumption(meterId: number, from: number, to: number, signal?: AbortSignal): Promise<ConsumptionResponse> {
  return api.get<ConsumptionResponse>('/meter/getConsumption', { meterId, from, to, interval: 'day' }, { signal });
}

export function useConsumptionQuery(meterId: number, from: number, to: number) {
  return useQuery({
    queryKey: metersKeys.consumption(meterId, from, to),
    queryFn: ({ signal }) => fetchConsumption(meterId, from, to, signal),
    enabled: validId(meterId) && to > from,
    placeholderData: keepPreviousData,
  });
}

/** `GET /meter/getMonthlyReport?meterId=&year=&month=` */
export function fetchMonthlyReport(meterId: number, year: number, month: number, signal?: AbortSignal): Promise<MonthlyReport> {
  return api.get<MonthlyReport>('/meter/getMonthlyReport', { meterId, year, month }, { signal });
}

export function useMonthlyReportQuery(meterId: number, year: number, month: number) {
  return useQuery({
    queryKey: metersKeys.report(meterId, year, month),
    queryFn: ({ signal }) => fetchMonthlyReport(meterId, year, month, signal),
    enabled: validId(meterId) && year >= 2000 && year <= 2100 && month >= 1 && month <= 12,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** `GET /meter/getMeterList?keyword=&nodeType=`: the company's meters the caller can read (the formula picker). */
export function fetchMeterList(query: MeterListQuery, signal?: AbortSignal): Promise<Page<MeterListItem>> {
  return api.get<Page<MeterListItem>>('/meter/getMeterList', query, { signal });
}

export function useMeterListQuery(query: MeterListQuery, enabled = true) {
  return useQuery({ queryKey: metersKeys.list(query), queryFn: ({ signal }) => fetchMeterList(query, signal), enabled, placeholderData: keepPreviousData });
}

/** `GET /meter/getTariff`: the company's time-of-use tariff. */
export function fetchTariff(signal?: AbortSignal): Promise<Tariff> {
  return api.get<Tariff>('/meter/getTariff', undefined, { signal });
}

export function useTariffQuery() {
  return useQuery({ queryKey: metersKeys.tariff(), queryFn: ({ signal }) => fetchTariff(signal) });
}

/** `GET /meter/getAllMeters` (system_e_meter): every company's meters. */
export function fetchAllMeters(query: AllMetersQuery, signal?: AbortSignal): Promise<Page<SystemMeterRow>> {
  return api.get<Page<SystemMeterRow>>('/meter/getAllMeters', query, { signal });
}

export function useAllMetersQuery(query: AllMetersQuery) {
  return useQuery({ queryKey: metersKeys.system(query), queryFn: ({ signal }) => fetchAllMeters(query, signal), placeholderData: keepPreviousData });
}

/** `GET /meter/getMeterLog?meterId=&from=&to=` (system_e_meter_log): readings per day, resets and gaps. */
export function fetchMeterLog(query: MeterLogQuery, signal?: AbortSignal): Promise<MeterLog> {
  return api.get<MeterLog>('/meter/getMeterLog', query, { signal });
}

export function useMeterLogQuery(query: MeterLogQuery | null) {
  return useQuery({
    queryKey: metersKeys.log(query ?? { meterId: 0 }),
    queryFn: ({ signal }) => fetchMeterLog(query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
