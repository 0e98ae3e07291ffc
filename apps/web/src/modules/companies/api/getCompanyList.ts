import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CompanyItem, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { companiesKeys, type PageParams } from './keys';

/** `GET /company/getCompanyList?pageNum=&pageSize=&keyword=` (platform administrator). */
export function fetchCompanyList(params: PageParams, signal?: AbortSignal): Promise<Page<CompanyItem>> {
  return api.get<Page<CompanyItem>>('/company/getCompanyList', { ...params, keyword: params.keyword || undefined }, { signal });
}

export function useCompanyListQuery(params: PageParams) {
  return useQuery({
    queryKey: companiesKeys.list(params),
    queryFn: ({ signal }) => fetchCompanyList(params, signal),
    placeholderData: keepPreviousData,
  });
}
