import type { OperateRequest, SimOperation } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { simKeys } from './keys';

/** `POST /sim/operate {ids, action}`: one pending operation per card (cards of one carrier). */
export function operateCards(request: OperateRequest): Promise<SimOperation[]> {
  return api.post<SimOperation[]>('/sim/operate', request);
}

export function useOperateCardsMutation() {
  return useInvalidatingMutation(operateCards, simKeys.all);
}
