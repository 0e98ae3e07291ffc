import type { CardListQuery, OperationListQuery } from '@smartdata/domain';

/** Query keys of the sim module. */
export const simKeys = {
  all: ['sim'] as const,
  list: (query: Partial<CardListQuery>) => [...simKeys.all, 'list', query] as const,
  card: (id: number) => [...simKeys.all, 'card', id] as const,
  operations: (query: Partial<OperationListQuery>) => [...simKeys.all, 'operations', query] as const,
  usage: (cardId: number | undefined, days: number) => [...simKeys.all, 'usage', cardId ?? 'company', days] as const,
  deviceCard: (deviceId: number) => [...simKeys.all, 'deviceCard', deviceId] as const,
  connections: () => [...simKeys.all, 'connections'] as const,
  gateways: (keyword: string) => [...simKeys.all, 'gateways', keyword] as const,
};
