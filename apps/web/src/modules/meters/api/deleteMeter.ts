import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { cabinQueries, metersKeys } from './keys';

/** `POST /meter/deleteMeter {id}`: deletes the meter's cabin node (admin); refused while a virtual meter names it. */
export function deleteMeter(id: number): Promise<null> {
  return api.post<null>('/meter/deleteMeter', { id });
}

export function useDeleteMeterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMeter,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: metersKeys.all }), queryClient.invalidateQueries({ queryKey: cabinQueries })]);
    },
  });
}
