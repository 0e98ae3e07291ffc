import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddOutboundRequest,
  AddReturnRequest,
  AddStockInRequest,
  IdResponse,
  LedgerEntry,
  LedgerQuery,
  OutboundListQuery,
  OutboundOrderItem,
  Page,
  ShipRequest,
  StockQuery,
  StockRow,
} from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { inventoryKeys } from './keys';

const withoutEmpty = <T extends object>(query: T): Record<string, unknown> =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '' && value !== undefined && value !== null));

/** `GET /inventory/getOutboundList` (search by customer, state). */
export function fetchOutboundList(query: Partial<OutboundListQuery>, signal?: AbortSignal): Promise<Page<OutboundOrderItem>> {
  return api.get<Page<OutboundOrderItem>>('/inventory/getOutboundList', withoutEmpty(query), { signal });
}
export function useOutboundListQuery(query: Partial<OutboundListQuery>) {
  return useQuery({ queryKey: inventoryKeys.outbounds(query), queryFn: ({ signal }) => fetchOutboundList(query, signal), placeholderData: keepPreviousData });
}

/** `GET /inventory/getOutbound?id=`: the outbound note. */
export function fetchOutbound(id: number, signal?: AbortSignal): Promise<OutboundOrderItem> {
  return api.get<OutboundOrderItem>('/inventory/getOutbound', { id }, { signal });
}
export function useOutboundQuery(id: number) {
  return useQuery({ queryKey: inventoryKeys.outbound(id), queryFn: ({ signal }) => fetchOutbound(id, signal), enabled: id > 0 });
}

/** `GET /inventory/getStock` (on hand per item and warehouse). */
export function useStockQuery(query: StockQuery) {
  return useQuery({ queryKey: inventoryKeys.stock(query), queryFn: ({ signal }) => api.get<{ list: StockRow[] }>('/inventory/getStock', withoutEmpty(query), { signal }) });
}

/** `GET /inventory/getLedger` (item, warehouse, serial, document kind; newest first). */
export function useLedgerQuery(query: Partial<LedgerQuery>) {
  return useQuery({
    queryKey: inventoryKeys.ledger(query),
    queryFn: ({ signal }) => api.get<Page<LedgerEntry>>('/inventory/getLedger', withoutEmpty(query), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every document moves stock and devices: the inventory lists, production orders and devices are read again. */
function useDocumentMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['production'] }),
        queryClient.invalidateQueries({ queryKey: ['devices'] }),
      ]),
  });
}

/** `POST /inventory/addStockIn {warehouseId, itemId?, serials?, lines?}`. */
export const useAddStockInMutation = () => useDocumentMutation((request: AddStockInRequest) => api.post<IdResponse>('/inventory/addStockIn', request));
/** `POST /inventory/cancelStockIn {id}` (non-serialized stock-in only). */
export const useCancelStockInMutation = () => useDocumentMutation((id: number) => api.post<null>('/inventory/cancelStockIn', { id }));
/** `POST /inventory/addOutbound {warehouseId, customer, serials, lines?, remarks?}`. */
export const useAddOutboundMutation = () => useDocumentMutation((request: AddOutboundRequest) => api.post<IdResponse>('/inventory/addOutbound', request));
/** `POST /inventory/cancelOutbound {id}` (open orders). */
export const useCancelOutboundMutation = () => useDocumentMutation((id: number) => api.post<null>('/inventory/cancelOutbound', { id }));
/** `POST /inventory/ship {id, carrier, trackingNo}`. */
export const useShipMutation = () => useDocumentMutation((request: ShipRequest) => api.post<null>('/inventory/ship', request));
/** `POST /inventory/addReturn {warehouseId, serials, remarks?}`. */
export const useAddReturnMutation = () => useDocumentMutation((request: AddReturnRequest) => api.post<IdResponse>('/inventory/addReturn', request));
