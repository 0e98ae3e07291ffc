import { useMutation, useQuery } from '@tanstack/react-query';
import type { CarrierConnection, ConnectionTestResult, TestConnectionRequest, UpdateConnectionRequest } from '@smartdata/domain';
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

/**
 * `POST /sim/updateConnection`: one carrier's connection (secret omitted keeps the stored one). A
 * live China Mobile connection is tested by the server first: a failed test is refused (50001).
 */
export function updateConnection(request: UpdateConnectionRequest): Promise<null> {
  return api.post<null>('/sim/updateConnection', request, { timeoutMs: 30_000 });
}

export function useUpdateConnectionMutation() {
  return useInvalidatingMutation(updateConnection, simKeys.connections());
}

/** `POST /sim/testConnection`: a test call with these credentials (the stored ones fill the gaps); nothing saved. */
export function testConnection(request: TestConnectionRequest): Promise<ConnectionTestResult> {
  return api.post<ConnectionTestResult>('/sim/testConnection', request, { timeoutMs: 30_000 });
}

export function useTestConnectionMutation() {
  return useMutation({ mutationFn: testConnection });
}
