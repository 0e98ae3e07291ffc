import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A module's mutation (STYLE 5): runs `mutationFn`, then marks the module's queries under
 * `queryKey` stale so every list and detail showing them fetches again. By default only after a
 * change that took (`'success'`); `'settled'` refreshes after a refusal too, for changes another
 * user may already have made (a delete of a row that is gone, a rule the server rewrote).
 * The invalidation's promise is returned to react-query, so `mutateAsync` settles once the
 * refetch has started — callers that close a dialog afterwards see the fresh list.
 */
export function useInvalidatingMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, queryKey: QueryKey, after: 'success' | 'settled' = 'success') {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey });
  return useMutation(after === 'success' ? { mutationFn, onSuccess: invalidate } : { mutationFn, onSettled: invalidate });
}
