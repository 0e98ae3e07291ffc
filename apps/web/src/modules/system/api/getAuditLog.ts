import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogItem, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { systemKeys } from './keys';

/** Filters and page of the audit log (auditLogQuery of the domain). */
export interface AuditLogFilter {
  pageNum: number;
  pageSize: number;
  userName?: string;
  companyId?: number;
  action?: string;
  result?: 'success' | 'failure';
  /** Epoch ms, inclusive. */
  from?: number;
  /** Epoch ms, exclusive. */
  to?: number;
}

/** `GET /system/getAuditLog`: write calls, newest first. */
export function fetchAuditLog(filter: AuditLogFilter, signal?: AbortSignal): Promise<Page<AuditLogItem>> {
  return api.get<Page<AuditLogItem>>('/system/getAuditLog', { ...filter }, { signal });
}

export function useAuditLogQuery(filter: AuditLogFilter) {
  return useQuery({
    queryKey: systemKeys.auditLog(filter),
    queryFn: ({ signal }) => fetchAuditLog(filter, signal),
    placeholderData: keepPreviousData,
  });
}
