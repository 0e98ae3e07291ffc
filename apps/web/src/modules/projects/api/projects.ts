import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AddProjectRequest, MemberItem, MemberListQuery, Page, ProjectDetail, UpdateProjectRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { projectsKeys } from './keys';

/** `GET /project/getProject?id=`: the project and the nodes under it the caller may read. */
export function fetchProject(id: number, signal?: AbortSignal): Promise<ProjectDetail> {
  return api.get<ProjectDetail>('/project/getProject', { id }, { signal });
}

export function useProjectQuery(id: number) {
  return useQuery({ queryKey: projectsKeys.project(id), queryFn: ({ signal }) => fetchProject(id, signal), enabled: Number.isSafeInteger(id) && id > 0, retry: false });
}

/** `POST /project/addProject` → the new project and its node. */
export function addProject(request: AddProjectRequest): Promise<{ id: number; nodeId: number }> {
  return api.post<{ id: number; nodeId: number }>('/project/addProject', request);
}

/** `POST /project/updateProject` */
export function updateProject(request: UpdateProjectRequest): Promise<null> {
  return api.post<null>('/project/updateProject', request);
}

export function useUpdateProjectMutation(id: number) {
  return useInvalidatingMutation(updateProject, projectsKeys.project(id));
}

/** `GET /company/member/getMemberList?keyword=`: the company's users, to make members. */
export function useMemberOptionsQuery(keyword: string, enabled: boolean) {
  const query: MemberListQuery = { pageNum: 1, pageSize: 50, keyword: keyword || undefined };
  return useQuery({
    queryKey: projectsKeys.memberOptions(keyword),
    queryFn: ({ signal }) => api.get<Page<MemberItem>>('/company/member/getMemberList', query, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
