import type { AddCardRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { simKeys } from './keys';

/** `POST /sim/addCard` → the new card's id (status none until the first sync). */
export function addCard(request: AddCardRequest): Promise<{ id: number }> {
  return api.post<{ id: number }>('/sim/addCard', request);
}

export function useAddCardMutation() {
  return useInvalidatingMutation(addCard, simKeys.all);
}
