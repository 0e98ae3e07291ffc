import { z } from 'zod';
import { pageQuery } from '../shared/paging';
import { idSchema, nameSchema } from '../shared/ids';

/** Requests and answers of the groups module (user groups of a company). */

export const groupLimits = {
  remarkLength: 200,
} as const;

export const addGroupRequest = z.object({ name: nameSchema, remark: z.string().trim().max(groupLimits.remarkLength, 'validation.tooLong').optional() });
export type AddGroupRequest = z.infer<typeof addGroupRequest>;
export const updateGroupRequest = z.object({ id: idSchema, name: nameSchema, remark: z.string().trim().max(groupLimits.remarkLength, 'validation.tooLong').optional() });
export type UpdateGroupRequest = z.infer<typeof updateGroupRequest>;
export const groupQuery = z.object({ groupId: idSchema });
export type GroupQuery = z.infer<typeof groupQuery>;
export const groupMemberQuery = z.object({ groupId: idSchema, userId: idSchema });
export type GroupMemberQuery = z.infer<typeof groupMemberQuery>;
export const groupItem = z.object({ id: z.number(), name: z.string(), remark: z.string(), memberCount: z.number(), createdAt: z.number() });
export type GroupItem = z.infer<typeof groupItem>;
export const groupListQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });
export type GroupListQuery = z.infer<typeof groupListQuery>;
export const groupMemberItem = z.object({ userId: z.number(), userName: z.string(), name: z.string(), phone: z.string().nullable() });
export type GroupMemberItem = z.infer<typeof groupMemberItem>;
