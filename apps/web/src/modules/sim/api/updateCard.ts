import type { UpdateCardRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { simKeys } from './keys';

/** `POST /sim/updateCard`: the company's record of a card (plan, alert %, the gateway's data rate, remarks). */
export function updateCard(request: UpdateCardRequest): Promise<null> {
  return api.post<null>('/sim/updateCard', request);
}

export function useUpdateCardMutation() {
  return useInvalidatingMutation(updateCard, simKeys.all);
}
