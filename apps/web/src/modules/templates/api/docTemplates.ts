import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddDocTemplateRequest, DocTemplate, DocTemplateList, RenderedDocument, UpdateDocTemplateRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { downloadFile } from '@/shared/api/download';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { templatesKeys } from './keys';

const valid = (id: number) => Number.isSafeInteger(id) && id > 0;

/** `GET /template/getDocTemplates?itemId=`: an item's document templates and the caller's level. */
export function useDocTemplatesQuery(itemId: number) {
  return useQuery({
    queryKey: templatesKeys.docList(itemId),
    queryFn: ({ signal }) => api.get<DocTemplateList>('/template/getDocTemplates', { itemId }, { signal }),
    enabled: valid(itemId),
    retry: false,
  });
}

/** `GET /template/getDocTemplate?id=`: one template with its body. */
export function useDocTemplateQuery(id: number) {
  return useQuery({ queryKey: templatesKeys.doc(id), queryFn: ({ signal }) => api.get<DocTemplate>('/template/getDocTemplate', { id }, { signal }), enabled: valid(id), retry: false });
}

/** `GET /template/renderDocument?templateId=&recordId=`: the template filled for a record. */
export function useRenderedDocumentQuery(templateId: number, recordId: number) {
  return useQuery({
    queryKey: templatesKeys.rendered(templateId, recordId),
    queryFn: ({ signal }) => api.get<RenderedDocument>('/template/renderDocument', { templateId, recordId }, { signal }),
    enabled: valid(templateId) && valid(recordId),
    retry: false,
  });
}

/** `GET /template/exportDocumentPdf`: the filled document as a PDF, saved under the server's file name. */
export function exportDocumentPdf(templateId: number, recordId: number): Promise<string> {
  return downloadFile('/template/exportDocumentPdf', { templateId, recordId }, `document-${recordId}.pdf`);
}

export function useExportDocumentPdfMutation() {
  return useMutation({ mutationFn: ({ templateId, recordId }: { templateId: number; recordId: number }) => exportDocumentPdf(templateId, recordId) });
}

export function useSaveDocTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AddDocTemplateRequest | UpdateDocTemplateRequest) =>
      'id' in request ? api.post<null>('/template/updateDocTemplate', request).then(() => ({ id: Number(request.id) })) : api.post<{ id: number }>('/template/addDocTemplate', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
  });
}

export function useDeleteDocTemplateMutation() {
  return useInvalidatingMutation((id: number) => api.post<null>('/template/deleteDocTemplate', { id }), templatesKeys.all);
}
