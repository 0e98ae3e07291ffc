import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetTariffRequest, Tariff } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { metersKeys } from './keys';

/** `POST /meter/setTariff {windows}` (company administrator): the saved tariff. */
export function setTariff(request: SetTariffRequest): Promise<Tariff> {
  return api.post<Tariff>('/meter/setTariff', request);
}

export function useSetTariffMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTariff,
    onSuccess: (saved) => {
      queryClient.setQueryData(metersKeys.tariff(), saved);
      // Report costs follow the tariff.
      void queryClient.invalidateQueries({ queryKey: [...metersKeys.all, 'meter'] });
    },
  });
}
