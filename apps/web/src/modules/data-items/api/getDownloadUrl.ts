import { useQuery } from '@tanstack/react-query';
import { storageLimits, type DownloadUrl, type ObjectKeyRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /cos/getDownloadUrl {objectKey}` → a signed URL valid 5 minutes. */
export function fetchDownloadUrl(request: ObjectKeyRequest): Promise<DownloadUrl> {
  return api.post<DownloadUrl>('/cos/getDownloadUrl', request, { silent: true });
}

/** A signed URL of a picture or file of a record, renewed before it expires. */
export function useDownloadUrlQuery(objectKey: string) {
  const freshFor = (storageLimits.signedUrlTtlSeconds - 60) * 1000;
  return useQuery({
    queryKey: dataItemsKeys.downloadUrl(objectKey),
    queryFn: () => fetchDownloadUrl({ objectKey }),
    staleTime: freshFor,
    gcTime: freshFor,
    refetchInterval: freshFor,
    retry: false,
  });
}
