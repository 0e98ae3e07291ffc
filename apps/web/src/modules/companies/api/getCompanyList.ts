import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CompanyItem, CompanyListQuery, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { companiesKeys, type PageParams } from './keys';

/** `GET /company/getCompanyList?pageNum=&pageSize=&keyword=` (platform administrator). */
export function fetchCompanyList(query: CompanyListQuery, signal?: AbortSignal): Promise<Page<CompanyItem>> {
  return api.get<Page<CompanyItem>>('/company/getCompanyList', { ...query, keyword: query.keyword || undefined }, { signal });
}

export function useCompanyListQuery(params: PageParams) {
  return useQuery({
    queryKey: companiesKeys.list(params),
    queryFn: ({ signal }) => fetchCompanyList(params, signal),
    placeholderData: keepPreviousData,
  });
}
