import type { AuditLogQuery, SystemDataItemQuery } from '@smartdata/domain';

/** Query keys of the system maintenance module. */
export const systemKeys = {
  all: ['system'] as const,
  whiteIps: () => [...systemKeys.all, 'whiteIps'] as const,
  auditLog: (filter: AuditLogQuery) => [...systemKeys.all, 'auditLog', filter] as const,
  retentions: () => [...systemKeys.all, 'retentions'] as const,
  acquisition: () => [...systemKeys.all, 'acquisition'] as const,
  companies: (keyword: string) => [...systemKeys.all, 'companies', keyword] as const,
  dataItems: (query: SystemDataItemQuery) => [...systemKeys.all, 'dataItems', query] as const,
  dataItem: (id: number) => [...systemKeys.all, 'dataItem', id] as const,
};
