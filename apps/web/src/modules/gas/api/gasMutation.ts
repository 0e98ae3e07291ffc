import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { gasKeys } from './keys';

/** A change of any blend order, grade, analysis or certificate shows in the others' lists: the whole module refreshes after it. */
export function useGasMutation<V, R>(call: (variables: V) => Promise<R>) {
  return useInvalidatingMutation(call, gasKeys.all);
}
