import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { tasksKeys } from './keys';

/** A change of any task moves next runs and adds to the log: the whole module refreshes after it. */
export function useTaskMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  return useInvalidatingMutation(call, tasksKeys.all, 'settled');
}
