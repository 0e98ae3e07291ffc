import { useQuery } from '@tanstack/react-query';
import type { AddAnalysisRequest, AnalysisView, IdResponse, UpdateAnalysisRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useTaskMutation } from './taskMutation';
import { tasksKeys } from './keys';

/** `GET /task/getAnalysisList` → the analyses whose target the caller may read (sa_task_define). */
export function fetchAnalyses(signal?: AbortSignal, silent = false): Promise<AnalysisView[]> {
  return api.get<AnalysisView[]>('/task/getAnalysisList', undefined, { signal, silent });
}

/** The analysis list; `silent` for pages that only use it for names and filters (no error notice). */
export function useAnalysesQuery({ enabled = true, silent = false }: { enabled?: boolean; silent?: boolean } = {}) {
  return useQuery({ queryKey: tasksKeys.analyses(), queryFn: ({ signal }) => fetchAnalyses(signal, silent), enabled });
}

/** `POST /task/addAnalysis` → `{id}` (40300 when a source cannot be read or the target written; 50001 with the reason). */
export function addAnalysis(request: AddAnalysisRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/task/addAnalysis', request);
}
export const useAddAnalysisMutation = () => useTaskMutation(addAnalysis);

/** `POST /task/updateAnalysis` (the whole analysis again, with its id; its next run is computed again). */
export function updateAnalysis(request: UpdateAnalysisRequest): Promise<null> {
  return api.post<null>('/task/updateAnalysis', request);
}
export const useUpdateAnalysisMutation = () => useTaskMutation(updateAnalysis);

/** `POST /task/deleteAnalysis {id}` (its runs go with it; the records it wrote stay). */
export function deleteAnalysis(id: number): Promise<null> {
  return api.post<null>('/task/deleteAnalysis', { id });
}
export const useDeleteAnalysisMutation = () => useTaskMutation(deleteAnalysis);
