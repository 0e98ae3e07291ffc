import { useQuery } from '@tanstack/react-query';
import type { AddIntelligentRuleRequest, IdResponse, IntelligentRuleView, UpdateIntelligentRuleRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { tasksKeys } from './keys';
import { useTaskMutation } from './taskMutation';

/** `GET /task/getRuleList` → the intelligent rules whose watched item the caller may read (sa_rules). */
export function fetchRules(signal?: AbortSignal): Promise<IntelligentRuleView[]> {
  return api.get<IntelligentRuleView[]>('/task/getRuleList', undefined, { signal });
}

export function useRulesQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: tasksKeys.rules(), queryFn: ({ signal }) => fetchRules(signal), enabled });
}

/** `POST /task/addRule` → `{id}` (50001 with the reason: a loop, a missing item or device…). */
export function addRule(request: AddIntelligentRuleRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/task/addRule', request);
}
export const useAddRuleMutation = () => useTaskMutation(addRule);

/** `POST /task/updateRule` (the whole rule again, with its id). */
export function updateRule(request: UpdateIntelligentRuleRequest): Promise<null> {
  return api.post<null>('/task/updateRule', request);
}
export const useUpdateRuleMutation = () => useTaskMutation(updateRule);

/** `POST /task/deleteRule {id}` (its runs go with it). */
export function deleteRule(id: number): Promise<null> {
  return api.post<null>('/task/deleteRule', { id });
}
export const useDeleteRuleMutation = () => useTaskMutation(deleteRule);
