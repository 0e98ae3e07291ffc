import { useQuery } from '@tanstack/react-query';
import type { IoSocketInfo } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { settingsKeys } from './keys';

/** `GET /company/getIoSocket`: MQTT address, topic prefix and access key for the company's devices. */
export function fetchIoSocket(signal?: AbortSignal): Promise<IoSocketInfo> {
  return api.get<IoSocketInfo>('/company/getIoSocket', undefined, { signal });
}

export function useIoSocketQuery() {
  return useQuery({ queryKey: settingsKeys.ioSocket(), queryFn: ({ signal }) => fetchIoSocket(signal) });
}
