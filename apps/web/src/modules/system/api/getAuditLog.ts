import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogItem, AuditLogQuery, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { systemKeys } from './keys';

/** Filters and page of the audit log (auditLogQuery of the domain; from inclusive, to exclusive, epoch ms). */
export type AuditLogFilter = AuditLogQuery;

/** `GET /system/getAuditLog`: write calls, newest first. */
export function fetchAuditLog(filter: AuditLogQuery, signal?: AbortSignal): Promise<Page<AuditLogItem>> {
  return api.get<Page<AuditLogItem>>('/system/getAuditLog', { ...filter }, { signal });
}

export function useAuditLogQuery(filter: AuditLogFilter) {
  return useQuery({
    queryKey: systemKeys.auditLog(filter),
    queryFn: ({ signal }) => fetchAuditLog(filter, signal),
    placeholderData: keepPreviousData,
  });
}
