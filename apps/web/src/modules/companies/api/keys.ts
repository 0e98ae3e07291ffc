import type { CompanyListQuery, Id } from '@smartdata/domain';

/** A page of the company list, also the page of a company's orders (the keyword unused there). */
export type PageParams = CompanyListQuery;

/** Query keys of the companies module (company settings, platform companies and their orders). */
export const companiesKeys = {
  all: ['companies'] as const,
  current: () => [...companiesKeys.all, 'current'] as const,
  list: (params: PageParams) => [...companiesKeys.all, 'list', params] as const,
  delegations: () => [...companiesKeys.all, 'delegations'] as const,
  delegators: () => [...companiesKeys.all, 'delegators'] as const,
  orders: (companyId: Id, params: PageParams) => [...companiesKeys.all, 'orders', String(companyId), params] as const,
};
