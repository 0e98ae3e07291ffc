import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { downloadFile } from '@/shared/api/download';
import { useGasMutation } from './gasMutation';
import { gasKeys } from './keys';
import type { Certificate, CertificateState, IssueCertificateRequest, ListQuery, PageOf } from './types';

export interface CertificateListQuery extends ListQuery {
  state?: CertificateState;
}

/** `GET /gas/getCertificateList` (paged; keyword on number or cylinder, state). */
export function fetchCertificates(query: CertificateListQuery, signal?: AbortSignal): Promise<PageOf<Certificate>> {
  return api.get<PageOf<Certificate>>('/gas/getCertificateList', { ...query }, { signal });
}

export function useCertificatesQuery(query: CertificateListQuery) {
  return useQuery({ queryKey: gasKeys.certificates(query), queryFn: ({ signal }) => fetchCertificates(query, signal), placeholderData: keepPreviousData });
}

/** `GET /gas/getCertificate?id`. */
export function fetchCertificate(id: number, signal?: AbortSignal): Promise<Certificate> {
  return api.get<Certificate>('/gas/getCertificate', { id }, { signal });
}

export function useCertificateQuery(id: number) {
  return useQuery({ queryKey: gasKeys.certificate(id), queryFn: ({ signal }) => fetchCertificate(id, signal), enabled: id > 0 });
}

/** `POST /gas/issueCertificate` from an analysed blend order or a passing analysis. */
export const useIssueCertificateMutation = () => useGasMutation((request: IssueCertificateRequest) => api.post<{ id: number; number: string; code: string }>('/gas/issueCertificate', request));
/** `POST /gas/revokeCertificate {id, reason}`. */
export const useRevokeCertificateMutation = () => useGasMutation((request: { id: number; reason: string }) => api.post<unknown>('/gas/revokeCertificate', request));

/** `GET /gas/certificatePdf?id&lang`: saved by the browser as the server names it. */
export function downloadCertificatePdf(certificate: Pick<Certificate, 'id' | 'number'>, lang: 'zh-CN' | 'en-US'): Promise<string> {
  return downloadFile('/gas/certificatePdf', { id: certificate.id, lang }, `${certificate.number}-${lang}.pdf`);
}
