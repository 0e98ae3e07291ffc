import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddContentTemplateRequest, ContentTemplate, UpdateContentTemplateRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { templatesKeys } from './keys';

/** `GET /template/getContentTemplates`: the company's content templates. */
export function useContentTemplatesQuery(enabled = true) {
  return useQuery({ queryKey: templatesKeys.contentList(), queryFn: ({ signal }) => api.get<{ list: ContentTemplate[] }>('/template/getContentTemplates', {}, { signal }), enabled });
}

export function useSaveContentTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AddContentTemplateRequest | UpdateContentTemplateRequest) =>
      'id' in request ? api.post<null>('/template/updateContentTemplate', request) : api.post<{ id: number }>('/template/addContentTemplate', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.contentList() }),
  });
}

export function useDeleteContentTemplateMutation() {
  return useInvalidatingMutation((id: number) => api.post<null>('/template/deleteContentTemplate', { id }), templatesKeys.contentList());
}
