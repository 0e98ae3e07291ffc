import { z } from 'zod';
import { pageQuery } from '../shared/paging';
import { idSchema } from '../shared/ids';

/** Members of a company and invitations (companies module, members routes). */

export const memberLimits = {
  /** The account an invitation is sent to: a user name or a phone number. */
  accountLength: 64,
} as const;

/** `GET /general/company/member/getMemberList` */
export const memberListQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });
export type MemberListQuery = z.infer<typeof memberListQuery>;
export const memberItem = z.object({
  userId: z.union([z.number(), z.string()]),
  userName: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  status: z.string(),
  joinedAt: z.number(),
  roles: z.array(z.object({ roleId: z.union([z.number(), z.string()]), name: z.string() })),
});
export type MemberItem = z.infer<typeof memberItem>;

export const inviteMemberRequest = z.object({
  account: z.string().trim().min(1, 'validation.required').max(memberLimits.accountLength, 'validation.tooLong'),
  roleIds: z.array(idSchema).default([]),
});
export type InviteMemberRequest = z.infer<typeof inviteMemberRequest>;
export const invitationQuery = z.object({ invitationId: idSchema });
export type InvitationQuery = z.infer<typeof invitationQuery>;
/** `GET /general/company/member/agreeInvitation`: the company joined. */
export interface AgreeInvitationResult {
  companyId: number;
}
export const invitationItem = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  inviterName: z.string(),
  createdAt: z.number(),
  status: z.enum(['pending', 'agreed', 'refused', 'cancelled']),
});
export type InvitationItem = z.infer<typeof invitationItem>;
export const sentInvitationItem = z.object({
  id: z.number(),
  userId: z.number(),
  userName: z.string(),
  name: z.string(),
  createdAt: z.number(),
  status: z.enum(['pending', 'agreed', 'refused', 'cancelled']),
});
export type SentInvitationItem = z.infer<typeof sentInvitationItem>;
export const setMemberRolesRequest = z.object({ userId: idSchema, roleIds: z.array(idSchema) });
export type SetMemberRolesRequest = z.infer<typeof setMemberRolesRequest>;
export const setMemberStatusRequest = z.object({ userId: idSchema, disabled: z.boolean() });
export type SetMemberStatusRequest = z.infer<typeof setMemberStatusRequest>;
export const memberRequest = z.object({ userId: idSchema });
export type MemberRequest = z.infer<typeof memberRequest>;
export const switchCompanyRequest = z.object({ companyId: idSchema });
export type SwitchCompanyRequest = z.infer<typeof switchCompanyRequest>;
