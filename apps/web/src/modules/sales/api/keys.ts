import type { ContractListQuery, SalesOrderListQuery } from '@smartdata/domain';

/** Query keys of the sales module (contracts, orders, the renewal view). */
export const salesKeys = {
  all: ['sales'] as const,
  contracts: (query: Partial<ContractListQuery>) => [...salesKeys.all, 'contracts', query] as const,
  contract: (id: number) => [...salesKeys.all, 'contract', id] as const,
  orders: (query: Partial<SalesOrderListQuery>) => [...salesKeys.all, 'orders', query] as const,
  order: (id: number) => [...salesKeys.all, 'order', id] as const,
  renewals: (days: number) => [...salesKeys.all, 'renewals', days] as const,
};

/** Pick lists (the contract select of the order form) ask for one page this large. */
export const SALES_PICK_SIZE = 200;

export const withoutEmpty = <T extends object>(query: T): Record<string, unknown> =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '' && value !== undefined && value !== null));
