import type { PageQuery } from '@smartdata/domain';

/** Query keys of the webhooks module (subscriptions, a subscription's delivery log). */
export const webhooksKeys = {
  all: ['webhooks'] as const,
  subscriptions: () => [...webhooksKeys.all, 'subscriptions'] as const,
  deliveries: (id: number, page: PageQuery) => [...webhooksKeys.all, 'deliveries', id, page] as const,
};
