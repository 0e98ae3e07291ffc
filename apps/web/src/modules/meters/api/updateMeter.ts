import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateMeterRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinQueries, metersKeys } from './keys';

/** `POST /meter/updateMeter`: name, source and factor (standard) or formula (virtual). */
export function updateMeter(request: UpdateMeterRequest): Promise<null> {
  return api.post<null>('/meter/updateMeter', request);
}

export function useUpdateMeterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMeter,
    // Everything of the meter changes (and the virtual meters over it): read it all again.
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: metersKeys.all }), queryClient.invalidateQueries({ queryKey: cabinQueries })]);
    },
  });
}
