import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tasksKeys } from './keys';

/** A change of any task moves next runs and adds to the log: the whole module refreshes after it. */
export function useTaskMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: tasksKeys.all }) });
}
