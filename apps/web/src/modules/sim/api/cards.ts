import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CardListQuery, OperationListQuery, Page, SimCard, SimCardListItem, SimOperation, UsageDay } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { simKeys } from './keys';

/** `GET /sim/getCards` (paged; carrier, status, state, keyword on number or ICCID, usage %, bound). */
export function fetchCards(query: Partial<CardListQuery>, signal?: AbortSignal): Promise<Page<SimCardListItem>> {
  return api.get<Page<SimCardListItem>>('/sim/getCards', { ...query }, { signal });
}

export function useCardsQuery(query: Partial<CardListQuery>) {
  return useQuery({ queryKey: simKeys.list(query), queryFn: ({ signal }) => fetchCards(query, signal), placeholderData: keepPreviousData });
}

/** `GET /sim/getCard?id`: plan, period, traffic, bound gateway and its plan-exhaustion warning. */
export function fetchCard(id: number, signal?: AbortSignal): Promise<SimCard> {
  return api.get<SimCard>('/sim/getCard', { id }, { signal });
}

export function useCardQuery(id: number) {
  return useQuery({ queryKey: simKeys.card(id), queryFn: ({ signal }) => fetchCard(id, signal), enabled: id > 0 });
}

/** `GET /sim/getOperations` of a card (newest first). */
export function fetchOperations(query: Partial<OperationListQuery>, signal?: AbortSignal): Promise<Page<SimOperation>> {
  return api.get<Page<SimOperation>>('/sim/getOperations', { ...query }, { signal });
}

export function useOperationsQuery(query: Partial<OperationListQuery>) {
  return useQuery({ queryKey: simKeys.operations(query), queryFn: ({ signal }) => fetchOperations(query, signal), placeholderData: keepPreviousData });
}

/** `GET /sim/getUsage?cardId&days`: MB per local day. */
export function fetchUsage(cardId: number | undefined, days: number, signal?: AbortSignal): Promise<UsageDay[]> {
  return api.get<UsageDay[]>('/sim/getUsage', { cardId, days }, { signal });
}

export function useUsageQuery(cardId: number | undefined, days: number) {
  return useQuery({ queryKey: simKeys.usage(cardId, days), queryFn: ({ signal }) => fetchUsage(cardId, days, signal) });
}

/** `GET /sim/getDeviceCard?deviceId`: the card bound to a gateway, or null. */
export function fetchDeviceCard(deviceId: number, signal?: AbortSignal): Promise<SimCard | null> {
  return api.get<SimCard | null>('/sim/getDeviceCard', { deviceId }, { signal });
}

export function useDeviceCardQuery(deviceId: number, enabled = true) {
  return useQuery({ queryKey: simKeys.deviceCard(deviceId), queryFn: ({ signal }) => fetchDeviceCard(deviceId, signal), enabled: enabled && deviceId > 0 });
}

/** A gateway to bind a card to: the devices module's list, read here by its call (devices imports this module). */
export interface GatewayChoice {
  id: number;
  name: string;
  sn: string;
}

/** `GET /device/getDeviceList` by name or SN, the first 50. */
export function fetchGatewayChoices(keyword: string, signal?: AbortSignal): Promise<GatewayChoice[]> {
  return api
    .get<Page<GatewayChoice>>('/device/getDeviceList', { pageNum: 1, pageSize: 50, keyword: keyword || undefined }, { signal })
    .then((page) => page.list.map(({ id, name, sn }) => ({ id, name, sn })));
}

export function useGatewayChoicesQuery(keyword: string, enabled: boolean) {
  return useQuery({ queryKey: simKeys.gateways(keyword), queryFn: ({ signal }) => fetchGatewayChoices(keyword, signal), enabled, placeholderData: keepPreviousData });
}
