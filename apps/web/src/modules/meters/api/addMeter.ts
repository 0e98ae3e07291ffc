import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddMeterRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { metersKeys } from './keys';

/** `POST /meter/addMeter`: a standard meter over a source or a virtual meter over a formula → the meter and its node. */
export function addMeter(request: AddMeterRequest): Promise<{ id: number; nodeId: number }> {
  return api.post<{ id: number; nodeId: number }>('/meter/addMeter', request);
}

/** Adds a meter; the caller refreshes what shows it (the cabin its tree). */
export function useAddMeterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMeter,
    // The cabin refreshes its own tree (it holds the key).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...metersKeys.all, 'list'] }),
  });
}
