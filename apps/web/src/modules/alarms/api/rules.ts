import { useQuery } from '@tanstack/react-query';
import type { AddRuleRequest, IdResponse, RuleView, UpdateRuleRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useAlarmsMutation } from './alarmsMutation';
import { alarmsKeys } from './keys';

/** `GET /alarm/getRules` → the rules on targets the caller may read (cs_rules). */
export function fetchRules(signal?: AbortSignal, silent = false): Promise<RuleView[]> {
  return api.get<RuleView[]>('/alarm/getRules', undefined, { signal, silent });
}

/** The rule list; `silent` for pages that only use it as filter options (no error notice). */
export function useRulesQuery({ enabled = true, silent = false }: { enabled?: boolean; silent?: boolean } = {}) {
  return useQuery({ queryKey: alarmsKeys.rules(), queryFn: ({ signal }) => fetchRules(signal, silent), enabled });
}

/** `POST /alarm/addRule` → `{id}` (40300 when the target cannot be read, 50001 with the reason). */
export function addRule(request: AddRuleRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/alarm/addRule', request);
}
export const useAddRuleMutation = () => useAlarmsMutation(addRule);

/** `POST /alarm/updateRule` (the whole rule again, with its id). */
export function updateRule(request: UpdateRuleRequest): Promise<null> {
  return api.post<null>('/alarm/updateRule', request);
}
export const useUpdateRuleMutation = () => useAlarmsMutation(updateRule);

/** `POST /alarm/deleteRule {id}` (its open alarms are cleared). */
export function deleteRule(id: number): Promise<null> {
  return api.post<null>('/alarm/deleteRule', { id });
}
export const useDeleteRuleMutation = () => useAlarmsMutation(deleteRule);
