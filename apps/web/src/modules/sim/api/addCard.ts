import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCardRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { simKeys } from './keys';

/** `POST /sim/addCard` → the new card's id (status none until the first sync). */
export function addCard(request: AddCardRequest): Promise<{ id: number }> {
  return api.post<{ id: number }>('/sim/addCard', request);
}

export function useAddCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addCard, onSuccess: () => queryClient.invalidateQueries({ queryKey: simKeys.all }) });
}
