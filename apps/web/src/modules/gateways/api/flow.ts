import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CertificateItem,
  CheckFlowRequest,
  CheckFlowResult,
  ConfigVersionItem,
  ConfigVersionQuery,
  ConfigVersionsQuery,
  DetectConfigRequest,
  FlowDocument,
  GatewayConfig,
  GatewayDeviceQuery,
  GatewayDeviceRequest,
  Page,
  RollbackConfigRequest,
  SaveFlowRequest,
  SaveFlowResult,
  UploadCertificateRequest,
} from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';

export const gatewayKeys = {
  all: ['gateways'] as const,
  flow: (deviceId: number) => [...gatewayKeys.all, 'flow', deviceId] as const,
  versions: (deviceId: number) => [...gatewayKeys.all, 'versions', deviceId] as const,
};

/** `GET /gateway/getFlow?deviceId` */
export function fetchSavedFlow(query: GatewayDeviceQuery, signal?: AbortSignal): Promise<GatewayConfig> {
  return api.get<GatewayConfig>('/gateway/getFlow', query, { signal });
}
export function useSavedFlowQuery(deviceId: number) {
  return useQuery({ queryKey: gatewayKeys.flow(deviceId), queryFn: ({ signal }) => fetchSavedFlow({ deviceId }, signal), enabled: deviceId > 0 });
}

/** `POST /gateway/checkFlow {firmwareVersion, flow}` → `{warnings}`; 50001 with every reason. */
export function checkFlowOnServer(firmwareVersion: string, flow: FlowDocument): Promise<CheckFlowResult> {
  const request: CheckFlowRequest = { firmwareVersion, flow };
  return api.post<CheckFlowResult>('/gateway/checkFlow', request);
}

/** `POST /gateway/saveFlow {deviceId, flow}` (checked the same way first; kept as a version). */
export function saveFlow(request: SaveFlowRequest & { flow: FlowDocument }): Promise<SaveFlowResult> {
  return api.post<SaveFlowResult>('/gateway/saveFlow', request);
}
export function useSaveFlowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFlow,
    onSuccess: (_data, values) => queryClient.invalidateQueries({ queryKey: [...gatewayKeys.all] }).then(() => queryClient.invalidateQueries({ queryKey: ['devices', 'detail', values.deviceId] })),
  });
}

/** `POST /gateway/pushConfig {deviceId}`: the saved configuration goes to the gateway (offline refused). */
export function pushConfig(request: GatewayDeviceRequest): Promise<null> {
  return api.post<null>('/gateway/pushConfig', request);
}
export function usePushConfigMutation() {
  return useInvalidatingMutation((deviceId: number) => pushConfig({ deviceId }), ['devices']);
}

/** `POST /gateway/detectConfig {deviceId}`: the gateway checks the configuration (passed → saved). */
export function detectConfig(request: DetectConfigRequest): Promise<null> {
  return api.post<null>('/gateway/detectConfig', request);
}
export function useDetectConfigMutation() {
  return useInvalidatingMutation((deviceId: number) => detectConfig({ deviceId }), ['devices']);
}

/** `GET /gateway/getConfigVersions?deviceId` (newest first). */
export function fetchConfigVersions(query: ConfigVersionsQuery, signal?: AbortSignal): Promise<Page<ConfigVersionItem>> {
  return api.get<Page<ConfigVersionItem>>('/gateway/getConfigVersions', query, { signal });
}
export function useConfigVersionsQuery(deviceId: number) {
  return useQuery({
    queryKey: gatewayKeys.versions(deviceId),
    queryFn: ({ signal }) => fetchConfigVersions({ deviceId, pageNum: 1, pageSize: 50 }, signal),
    enabled: deviceId > 0,
  });
}

/** `POST /gateway/rollbackConfig {deviceId, version}`: that version becomes the saved configuration again. */
export function rollbackConfig(request: RollbackConfigRequest): Promise<GatewayConfig> {
  return api.post<GatewayConfig>('/gateway/rollbackConfig', request);
}
export function useRollbackConfigMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rollbackConfig,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: gatewayKeys.all }), queryClient.invalidateQueries({ queryKey: ['devices'] })]),
  });
}

/**
 * `POST /gateway/uploadCertificate {fileName, content, encoding}`: PEM as text, DER as base64; the
 * server parses and checks it (X.509, CA or self-signed, validity) and answers the certificate.
 */
export async function uploadCertificate(file: File): Promise<CertificateItem> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const text = new TextDecoder('latin1').decode(bytes);
  const pem = text.includes('-----BEGIN');
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  const request: UploadCertificateRequest = { fileName: file.name, content: pem ? text : btoa(binary), encoding: pem ? 'pem' : 'base64' };
  return api.post<CertificateItem>('/gateway/uploadCertificate', request);
}

/** `POST /gateway/runFlow {deviceId}`: server-triggered execution of the saved flow. */
export function runFlow(request: GatewayDeviceRequest): Promise<null> {
  return api.post<null>('/gateway/runFlow', request);
}
export function useRunFlowMutation() {
  return useMutation({ mutationFn: (deviceId: number) => runFlow({ deviceId }) });
}

/** `GET /gateway/getConfigVersion?deviceId&version`: one kept version with its document. */
export function fetchConfigVersion(query: ConfigVersionQuery, signal?: AbortSignal): Promise<ConfigVersionItem> {
  return api.get<ConfigVersionItem>('/gateway/getConfigVersion', query, { signal });
}
export function useConfigVersionQuery(deviceId: number, version: number | null) {
  return useQuery({
    queryKey: [...gatewayKeys.versions(deviceId), version] as const,
    queryFn: ({ signal }) => fetchConfigVersion({ deviceId, version: version! }, signal),
    enabled: deviceId > 0 && version !== null,
    staleTime: Infinity, // a kept version never changes
  });
}

/** `GET /device/getConnectInfo`: the platform broker's public host and port (prefills a new MQTT link). */
export interface ConnectInfo {
  host: string | null;
  port: number | null;
}
export function fetchConnectInfo(signal?: AbortSignal): Promise<ConnectInfo> {
  return api.get<ConnectInfo>('/device/getConnectInfo', undefined, { signal });
}
export function useConnectInfoQuery() {
  return useQuery({ queryKey: [...gatewayKeys.all, 'connectInfo'] as const, queryFn: ({ signal }) => fetchConnectInfo(signal), staleTime: 5 * 60_000 });
}
