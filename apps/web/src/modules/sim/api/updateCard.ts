import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateCardRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { simKeys } from './keys';

/** `POST /sim/updateCard`: the company's record of a card (plan, alert %, the gateway's data rate, remarks). */
export function updateCard(request: UpdateCardRequest): Promise<null> {
  return api.post<null>('/sim/updateCard', request);
}

export function useUpdateCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCard, onSuccess: () => queryClient.invalidateQueries({ queryKey: simKeys.all }) });
}
