import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperateRequest, SimOperation } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { simKeys } from './keys';

/** `POST /sim/operate {ids, action}`: one pending operation per card (cards of one carrier). */
export function operateCards(request: OperateRequest): Promise<SimOperation[]> {
  return api.post<SimOperation[]>('/sim/operate', request);
}

export function useOperateCardsMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: operateCards, onSuccess: () => queryClient.invalidateQueries({ queryKey: simKeys.all }) });
}
