import type { AddGroupRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { groupsKeys } from './keys';

/** A group's name and remark, as the form edits them. */
export type GroupValues = AddGroupRequest;

/** `POST /company/group/addGroup {name, remark}` → the new group's id. */
export function addGroup(request: AddGroupRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/company/group/addGroup', request);
}

export function useAddGroupMutation() {
  return useInvalidatingMutation(addGroup, groupsKeys.all);
}
