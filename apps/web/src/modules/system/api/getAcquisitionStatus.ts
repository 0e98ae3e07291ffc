import { useQuery } from '@tanstack/react-query';
import type { AcquisitionItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { systemKeys } from './keys';

/** `GET /system/getAcquisitionStatus`: devices and values received per company (null: not reported). */
export function fetchAcquisitionStatus(signal?: AbortSignal): Promise<AcquisitionItem[]> {
  return api.get<AcquisitionItem[]>('/system/getAcquisitionStatus', undefined, { signal });
}

export function useAcquisitionStatusQuery() {
  return useQuery({ queryKey: systemKeys.acquisition(), queryFn: ({ signal }) => fetchAcquisitionStatus(signal) });
}
