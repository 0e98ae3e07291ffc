import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AddTemplateRequest, ReportDelivery, ReportFormat, ReportPreview, ReportSchedule, ReportTemplate, SetScheduleRequest, UpdateTemplateRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { downloadFile } from '@/shared/api/download';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { reportsKeys } from './keys';

/** `GET /report/getTemplate?id=`: the template's layout and schedule. */
export function fetchTemplate(id: number, signal?: AbortSignal): Promise<ReportTemplate> {
  return api.get<ReportTemplate>('/report/getTemplate', { id }, { signal });
}

export function useTemplateQuery(id: number) {
  return useQuery({ queryKey: reportsKeys.template(id), queryFn: ({ signal }) => fetchTemplate(id, signal), enabled: Number.isSafeInteger(id) && id > 0, retry: false });
}

/** `POST /report/addTemplate` → the new template and its node. */
export function addTemplate(request: AddTemplateRequest): Promise<{ id: number; nodeId: number }> {
  return api.post<{ id: number; nodeId: number }>('/report/addTemplate', request);
}

/** `POST /report/updateTemplate`: the layout. */
export function useUpdateTemplateMutation() {
  return useInvalidatingMutation((request: UpdateTemplateRequest) => api.post<null>('/report/updateTemplate', request), reportsKeys.all);
}

/** `POST /report/setSchedule` */
export function useSetScheduleMutation(id: number) {
  return useInvalidatingMutation((request: SetScheduleRequest) => api.post<ReportSchedule>('/report/setSchedule', request), reportsKeys.template(id));
}

export interface PeriodParams {
  period: 'day' | 'week' | 'month' | 'custom';
  at?: number;
  from?: number;
  to?: number;
}

/** `GET /report/preview?templateId=&period=&at=&from=&to=`: the cells computed for a period. */
export function usePreviewQuery(templateId: number, params: PeriodParams) {
  return useQuery({
    queryKey: reportsKeys.preview(templateId, params.period, params.at ?? params.from ?? 0, params.to ?? 0),
    queryFn: ({ signal }) => api.get<ReportPreview>('/report/preview', { templateId, ...params }, { signal }),
    enabled: templateId > 0 && (params.period !== 'custom' || (params.from !== undefined && params.to !== undefined)),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** `GET /report/export?templateId=&…&format=`: the file, saved by the browser. */
export function exportReport(templateId: number, params: PeriodParams, format: ReportFormat, name: string): Promise<string> {
  return downloadFile('/report/export', { templateId, ...params, format }, `${name}.${format}`);
}

/** `GET /report/getDeliveries`: delivered scheduled reports (personal center). */
export function useDeliveriesQuery(pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: reportsKeys.deliveries(pageNum, pageSize),
    queryFn: ({ signal }) => api.get<{ list: ReportDelivery[]; total: number }>('/report/getDeliveries', { pageNum, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /report/downloadDelivery?id=` */
export function downloadDelivery(delivery: ReportDelivery): Promise<string> {
  return downloadFile('/report/downloadDelivery', { id: delivery.id }, delivery.fileName);
}
