import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { alarmsKeys } from './keys';

/**
 * A rule or watch change can clear its alarms (deleteRule, deleteUpdateWatch) or rename them: the
 * whole module refreshes after it, after a refusal too.
 */
export function useAlarmsMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  return useInvalidatingMutation(call, alarmsKeys.all, 'settled');
}
