import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { alarmPermission } from '@smartdata/domain';
import { useAlarmsChannel } from '@/modules/alarms/hooks/useAlarmsChannel';
import { menuCodesOf, useSessionStore } from '@/shared/session/sessionStore';
import type { z } from 'zod';
import type {
  addDashboardRequest,
  AddDashboardResult,
  AlarmFeed,
  CopyDashboardRequest,
  DashboardDetail,
  DashboardDocument,
  DashboardIdRequest,
  DashboardListQuery,
  DashboardQuery,
  DashboardSummary,
  IdResponse,
  ImportDashboardRequest,
  ImportDashboardResult,
  Page,
  RenameDashboardRequest,
  SaveDashboardRequest,
  TemplateSummary,
} from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { dashboardsKeys } from './keys';

/** A page of a board or carousel list as the list pages keep it (the keyword '' when none). */
export type BoardListParams = Required<DashboardListQuery>;

/** `GET /dashboard/getDashboardList?pageNum&pageSize&keyword` */
export function fetchBoardList(query: DashboardListQuery, signal?: AbortSignal): Promise<Page<DashboardSummary>> {
  return api.get<Page<DashboardSummary>>('/dashboard/getDashboardList', { ...query, keyword: query.keyword || undefined }, { signal });
}
export function useBoardListQuery(params: BoardListParams) {
  return useQuery({ queryKey: dashboardsKeys.list(params), queryFn: ({ signal }) => fetchBoardList(params, signal), placeholderData: keepPreviousData });
}

/** `GET /dashboard/getDashboard?id` (each widget with the viewer's access). */
export function fetchBoard(query: DashboardQuery, signal?: AbortSignal): Promise<DashboardDetail> {
  return api.get<DashboardDetail>('/dashboard/getDashboard', query, { signal });
}
export function useBoardQuery(id: number, enabled = true) {
  return useQuery({ queryKey: dashboardsKeys.board(id), queryFn: ({ signal }) => fetchBoard({ id }, signal), enabled: enabled && Number.isSafeInteger(id) && id > 0, retry: false });
}

/** `GET /dashboard/getTemplates` (names in the request language). */
export function useTemplatesQuery(locale: string) {
  return useQuery({
    queryKey: dashboardsKeys.templates(locale),
    queryFn: ({ signal }) => api.get<TemplateSummary[]>('/dashboard/getTemplates', {}, { signal }),
    staleTime: Infinity,
  });
}

/**
 * `GET /dashboard/getAlarmFeed` — the open alarms the viewer may read, newest first. Live: a viewer
 * holding cs_info listens to the alarms channel and the feed is read again on every push (an alarm
 * opened by a record shows within a second); for others, and as a fallback, it is read every `refetchMs`.
 */
export function useAlarmFeedQuery(refetchMs = 60_000) {
  const queryClient = useQueryClient();
  const mayListen = useSessionStore((state) => menuCodesOf(state.user).has(alarmPermission.alarms));
  useAlarmsChannel(() => void queryClient.invalidateQueries({ queryKey: dashboardsKeys.alarms() }), mayListen);
  return useQuery({ queryKey: dashboardsKeys.alarms(), queryFn: ({ signal }) => api.get<AlarmFeed>('/dashboard/getAlarmFeed', {}, { signal, silent: true }), refetchInterval: refetchMs });
}

/** `POST /dashboard/addDashboard` → `{id, nodeId}`; what is left out takes the server's default. */
export function addBoard(request: z.input<typeof addDashboardRequest>): Promise<AddDashboardResult> {
  return api.post<AddDashboardResult>('/dashboard/addDashboard', request);
}
export const useAddBoardMutation = () => useInvalidatingMutation(addBoard, dashboardsKeys.all);
/** `POST /dashboard/copyDashboard {id}` */
export function copyBoard(request: CopyDashboardRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/dashboard/copyDashboard', request);
}
export const useCopyBoardMutation = () => useInvalidatingMutation((id: number) => copyBoard({ id }), dashboardsKeys.all);
/** `POST /dashboard/renameDashboard {id, name}` */
export function renameBoard(request: RenameDashboardRequest): Promise<null> {
  return api.post<null>('/dashboard/renameDashboard', request);
}
export const useRenameBoardMutation = () => useInvalidatingMutation(renameBoard, dashboardsKeys.all);
/** `POST /dashboard/deleteDashboard {id}` */
export function deleteBoard(request: DashboardIdRequest): Promise<null> {
  return api.post<null>('/dashboard/deleteDashboard', request);
}
export const useDeleteBoardMutation = () => useInvalidatingMutation((id: number) => deleteBoard({ id }), dashboardsKeys.all, 'settled');
/** `POST /dashboard/saveDashboard` (layout, widgets, settings) */
export function saveBoard(request: SaveDashboardRequest): Promise<null> {
  return api.post<null>('/dashboard/saveDashboard', request);
}
export const useSaveBoardMutation = () => useInvalidatingMutation(saveBoard, dashboardsKeys.all);
/** `GET /dashboard/exportDashboard?id` → the JSON document */
export function exportBoard(id: number): Promise<DashboardDocument> {
  const query: DashboardQuery = { id };
  return api.get<DashboardDocument>('/dashboard/exportDashboard', query);
}
/** `POST /dashboard/importDashboard {document}` → the new board and what could not be re-mapped */
export function importBoard(request: ImportDashboardRequest): Promise<ImportDashboardResult> {
  return api.post<ImportDashboardResult>('/dashboard/importDashboard', request);
}
export function useImportBoardMutation() {
  // The file is whatever the user chose: the server checks it is an export document (50001 if not).
  return useInvalidatingMutation((document: unknown) => importBoard({ document } as ImportDashboardRequest), dashboardsKeys.all);
}
