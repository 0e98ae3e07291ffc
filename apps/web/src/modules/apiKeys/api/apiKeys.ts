import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AddApiKeyRequest, AddApiKeyResponse, ApiKeyListQuery, ApiKeyView, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { apiKeysKeys } from './keys';

/** `GET /apiKey/getKeys`: the company's keys, newest first (never the key itself). */
export function fetchApiKeys(query: ApiKeyListQuery, signal?: AbortSignal): Promise<Page<ApiKeyView>> {
  return api.get<Page<ApiKeyView>>('/apiKey/getKeys', { ...query }, { signal });
}

export function useApiKeysQuery(params: ApiKeyListQuery) {
  return useQuery({ queryKey: apiKeysKeys.list(params), queryFn: ({ signal }) => fetchApiKeys(params, signal), placeholderData: keepPreviousData });
}

/** `POST /apiKey/addKey`: answers the key this once. */
export function addApiKey(request: AddApiKeyRequest): Promise<AddApiKeyResponse> {
  return api.post<AddApiKeyResponse>('/apiKey/addKey', request);
}

export function useAddApiKeyMutation() {
  return useInvalidatingMutation(addApiKey, apiKeysKeys.all);
}

export function revokeApiKey(id: number): Promise<null> {
  return api.post<null>('/apiKey/revokeKey', { id });
}

export function useRevokeApiKeyMutation() {
  return useInvalidatingMutation(revokeApiKey, apiKeysKeys.all, 'settled');
}
