import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CompanyItem, CompanyListQuery, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { systemKeys } from './keys';

/** How many companies a company picker offers at once (it searches the server for more). */
export const COMPANY_OPTIONS_PAGE_SIZE = 50;

/** `GET /company/getCompanyList` (platform): companies whose name holds `keyword`. */
export function fetchCompanyList(keyword: string, signal?: AbortSignal): Promise<Page<CompanyItem>> {
  const query: CompanyListQuery = { pageNum: 1, pageSize: COMPANY_OPTIONS_PAGE_SIZE, keyword: keyword || undefined };
  return api.get<Page<CompanyItem>>('/company/getCompanyList', query, { signal });
}

export function useCompanyOptionsQuery(keyword: string) {
  return useQuery({
    queryKey: systemKeys.companies(keyword),
    queryFn: ({ signal }) => fetchCompanyList(keyword, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
