import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useGasMutation } from './gasMutation';
import { gasKeys } from './keys';
import type { AnalysisInput, Grade, GradeInput, ListQuery, PageOf, PurityAnalysis } from './types';

/** `GET /gas/getGradeList` (paged, keyword on gas or grade). */
export function fetchGrades(query: ListQuery, signal?: AbortSignal): Promise<PageOf<Grade>> {
  return api.get<PageOf<Grade>>('/gas/getGradeList', { ...query }, { signal });
}

export function useGradesQuery(query: ListQuery) {
  return useQuery({ queryKey: gasKeys.grades(query), queryFn: ({ signal }) => fetchGrades(query, signal), placeholderData: keepPreviousData });
}

/** `GET /gas/getAnalysisList` (paged, keyword on number, cylinder or lot). */
export function fetchAnalyses(query: ListQuery, signal?: AbortSignal): Promise<PageOf<PurityAnalysis>> {
  return api.get<PageOf<PurityAnalysis>>('/gas/getAnalysisList', { ...query }, { signal });
}

export function useAnalysesQuery(query: ListQuery) {
  return useQuery({ queryKey: gasKeys.analyses(query), queryFn: ({ signal }) => fetchAnalyses(query, signal), placeholderData: keepPreviousData });
}

export const useAddGradeMutation = () => useGasMutation((input: GradeInput) => api.post<{ id: number }>('/gas/addGrade', input));
export const useUpdateGradeMutation = () => useGasMutation((input: GradeInput & { id: number }) => api.post<unknown>('/gas/updateGrade', input));
export const useDeleteGradeMutation = () => useGasMutation((id: number) => api.post<unknown>('/gas/deleteGrade', { id }));
/** `POST /gas/addAnalysis`: purity computed from the impurities, pass/fail against the grade. */
export const useAddAnalysisMutation = () => useGasMutation((input: AnalysisInput) => api.post<{ id: number; number: string }>('/gas/addAnalysis', input));
export const useDeleteAnalysisMutation = () => useGasMutation((id: number) => api.post<unknown>('/gas/deleteAnalysis', { id }));
