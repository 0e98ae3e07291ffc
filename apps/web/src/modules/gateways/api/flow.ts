import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlowDocument } from '@smartdata/domain';
import { api } from '@/shared/api/client';

export const gatewayKeys = {
  all: ['gateways'] as const,
  flow: (deviceId: number) => [...gatewayKeys.all, 'flow', deviceId] as const,
  versions: (deviceId: number) => [...gatewayKeys.all, 'versions', deviceId] as const,
};

/** The saved configuration of a gateway; `flow` null until one is saved. */
export interface SavedFlow {
  flow: FlowDocument | null;
  version: number | null;
  savedAt: number | null;
}

export interface ConfigVersion {
  version: number;
  savedAt: number;
  savedBy: string | null;
  /** How it came to be: saved, pushed, rollback, detection. */
  source: string;
  pushed: boolean;
}

/** `GET /gateway/getFlow?deviceId` */
export function useSavedFlowQuery(deviceId: number) {
  return useQuery({ queryKey: gatewayKeys.flow(deviceId), queryFn: ({ signal }) => api.get<SavedFlow>('/gateway/getFlow', { deviceId }, { signal }), enabled: deviceId > 0 });
}

/** `POST /gateway/checkFlow {firmwareVersion, flow}` → `{warnings}`; 50001 with every reason. */
export function checkFlowOnServer(firmwareVersion: string, flow: FlowDocument) {
  return api.post<{ warnings: unknown[] }>('/gateway/checkFlow', { firmwareVersion, flow });
}

/** `POST /gateway/saveFlow {deviceId, flow}` (checked the same way first; kept as a version). */
export function useSaveFlowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { deviceId: number; flow: FlowDocument }) => api.post<{ version: number }>('/gateway/saveFlow', values),
    onSuccess: (_data, values) => queryClient.invalidateQueries({ queryKey: [...gatewayKeys.all] }).then(() => queryClient.invalidateQueries({ queryKey: ['devices', 'detail', values.deviceId] })),
  });
}

/** `POST /gateway/pushConfig {deviceId}`: the saved configuration goes to the gateway (offline refused). */
export function usePushConfigMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: number) => api.post<null>('/gateway/pushConfig', { deviceId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
}

/** `POST /gateway/detectConfig {deviceId}`: the gateway checks the configuration (passed → saved). */
export function useDetectConfigMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: number) => api.post<null>('/gateway/detectConfig', { deviceId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
}

/** `GET /gateway/getConfigVersions?deviceId` (newest first). */
export function useConfigVersionsQuery(deviceId: number) {
  return useQuery({
    queryKey: gatewayKeys.versions(deviceId),
    queryFn: ({ signal }) => api.get<{ list: ConfigVersion[]; total: number }>('/gateway/getConfigVersions', { deviceId, pageNum: 1, pageSize: 50 }, { signal }),
    enabled: deviceId > 0,
  });
}

/** `POST /gateway/rollbackConfig {deviceId, version}`: that version becomes the saved configuration again. */
export function useRollbackConfigMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { deviceId: number; version: number }) => api.post<{ version: number }>('/gateway/rollbackConfig', values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewayKeys.all }),
  });
}
