import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddDashboardRequest,
  AlarmFeed,
  DashboardDetail,
  DashboardDocument,
  DashboardSummary,
  ImportDashboardResult,
  Page,
  SaveDashboardRequest,
  TemplateSummary,
} from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dashboardsKeys } from './keys';

export interface BoardListParams {
  pageNum: number;
  pageSize: number;
  keyword: string;
}

/** `GET /dashboard/getDashboardList?pageNum&pageSize&keyword` */
export function fetchBoardList(params: BoardListParams, signal?: AbortSignal): Promise<Page<DashboardSummary>> {
  return api.get<Page<DashboardSummary>>('/dashboard/getDashboardList', { ...params, keyword: params.keyword || undefined }, { signal });
}
export function useBoardListQuery(params: BoardListParams) {
  return useQuery({ queryKey: dashboardsKeys.list(params), queryFn: ({ signal }) => fetchBoardList(params, signal), placeholderData: keepPreviousData });
}

/** `GET /dashboard/getDashboard?id` (each widget with the viewer's access). */
export function fetchBoard(id: number, signal?: AbortSignal): Promise<DashboardDetail> {
  return api.get<DashboardDetail>('/dashboard/getDashboard', { id }, { signal });
}
export function useBoardQuery(id: number, enabled = true) {
  return useQuery({ queryKey: dashboardsKeys.board(id), queryFn: ({ signal }) => fetchBoard(id, signal), enabled: enabled && Number.isSafeInteger(id) && id > 0, retry: false });
}

/** `GET /dashboard/getTemplates` (names in the request language). */
export function useTemplatesQuery(locale: string) {
  return useQuery({
    queryKey: dashboardsKeys.templates(locale),
    queryFn: ({ signal }) => api.get<TemplateSummary[]>('/dashboard/getTemplates', {}, { signal }),
    staleTime: Infinity,
  });
}

/** `GET /dashboard/getAlarmFeed` — `provided: false` while no module provides alarms. */
export function useAlarmFeedQuery(refetchMs = 60_000) {
  return useQuery({ queryKey: dashboardsKeys.alarms(), queryFn: ({ signal }) => api.get<AlarmFeed>('/dashboard/getAlarmFeed', {}, { signal, silent: true }), refetchInterval: refetchMs });
}

function useInvalidateBoards() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dashboardsKeys.all });
}

/** `POST /dashboard/addDashboard` → `{id, nodeId}` */
export function useAddBoardMutation() {
  const invalidate = useInvalidateBoards();
  return useMutation({ mutationFn: (request: Partial<AddDashboardRequest> & { name: string }) => api.post<{ id: number; nodeId: number }>('/dashboard/addDashboard', request), onSuccess: invalidate });
}
/** `POST /dashboard/copyDashboard {id}` */
export function useCopyBoardMutation() {
  const invalidate = useInvalidateBoards();
  return useMutation({ mutationFn: (id: number) => api.post<{ id: number }>('/dashboard/copyDashboard', { id }), onSuccess: invalidate });
}
/** `POST /dashboard/renameDashboard {id, name}` */
export function useRenameBoardMutation() {
  const invalidate = useInvalidateBoards();
  return useMutation({ mutationFn: (request: { id: number; name: string }) => api.post<null>('/dashboard/renameDashboard', request), onSuccess: invalidate });
}
/** `POST /dashboard/deleteDashboard {id}` */
export function useDeleteBoardMutation() {
  const invalidate = useInvalidateBoards();
  return useMutation({ mutationFn: (id: number) => api.post<null>('/dashboard/deleteDashboard', { id }), onSettled: invalidate });
}
/** `POST /dashboard/saveDashboard` (layout, widgets, settings) */
export function useSaveBoardMutation() {
  const invalidate = useInvalidateBoards();
  return useMutation({ mutationFn: (request: SaveDashboardRequest) => api.post<null>('/dashboard/saveDashboard', request), onSuccess: invalidate });
}
/** `GET /dashboard/exportDashboard?id` → the JSON document */
export function exportBoard(id: number): Promise<DashboardDocument> {
  return api.get<DashboardDocument>('/dashboard/exportDashboard', { id });
}
/** `POST /dashboard/importDashboard {document}` → the new board and what could not be re-mapped */
export function useImportBoardMutation() {
  const invalidate = useInvalidateBoards();
  return useMutation({ mutationFn: (document: unknown) => api.post<ImportDashboardResult>('/dashboard/importDashboard', { document }), onSuccess: invalidate });
}
