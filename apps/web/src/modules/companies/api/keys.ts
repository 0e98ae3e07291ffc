import type { Id } from '@smartdata/domain';

export interface PageParams {
  pageNum: number;
  pageSize: number;
  keyword?: string;
}

/** Query keys of the companies module (company settings, platform companies and their orders). */
export const companiesKeys = {
  all: ['companies'] as const,
  current: () => [...companiesKeys.all, 'current'] as const,
  list: (params: PageParams) => [...companiesKeys.all, 'list', params] as const,
  delegations: () => [...companiesKeys.all, 'delegations'] as const,
  delegators: () => [...companiesKeys.all, 'delegators'] as const,
  orders: (companyId: Id, params: PageParams) => [...companiesKeys.all, 'orders', String(companyId), params] as const,
};
