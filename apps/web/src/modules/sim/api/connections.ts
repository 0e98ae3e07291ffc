import { useQuery } from '@tanstack/react-query';
import type { CarrierConnection, UpdateConnectionRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { simKeys } from './keys';

/** `GET /sim/getConnections`: the company's carrier connections (secrets only as set or not). */
export function fetchConnections(signal?: AbortSignal): Promise<CarrierConnection[]> {
  return api.get<CarrierConnection[]>('/sim/getConnections', {}, { signal });
}

export function useConnectionsQuery() {
  return useQuery({ queryKey: simKeys.connections(), queryFn: ({ signal }) => fetchConnections(signal) });
}

/** `POST /sim/updateConnection`: one carrier's connection (secret omitted keeps the stored one). */
export function updateConnection(request: UpdateConnectionRequest): Promise<null> {
  return api.post<null>('/sim/updateConnection', request);
}

export function useUpdateConnectionMutation() {
  return useInvalidatingMutation(updateConnection, simKeys.connections());
}
