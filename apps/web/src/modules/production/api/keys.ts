import type { ProductionListQuery } from '@smartdata/domain';

/** Query keys of the production module. */
export const productionKeys = {
  all: ['production'] as const,
  orders: (query: Partial<ProductionListQuery>) => [...productionKeys.all, 'orders', query] as const,
};
