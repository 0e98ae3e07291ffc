import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportCardsRequest, SimImportReport } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { downloadFile } from '@/shared/api/download';
import { simKeys } from './keys';

/**
 * `POST /sim/importCards`: every row or none. A dry run answers the per-row report with code 0; a
 * real import with problems is refused (50001, nothing written).
 */
export function importCards(request: ImportCardsRequest): Promise<SimImportReport> {
  return api.post<SimImportReport>('/sim/importCards', request, { timeoutMs: 120_000 });
}

export function useImportCardsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCards,
    onSuccess: (_report, request) => (request.dryRun ? undefined : queryClient.invalidateQueries({ queryKey: simKeys.all })),
  });
}

/** `GET /sim/exportCards?<filters>&format`: the cards of the filters as a file. */
export function exportCards(filters: Record<string, unknown>, format: 'xlsx' | 'csv'): Promise<string> {
  return downloadFile('/sim/exportCards', { ...filters, format }, `sim-cards.${format}`);
}
