import { z } from 'zod';
import { limits } from '../shared/limits';
import { pageQuery } from '../shared/paging';
import { idSchema } from '../shared/ids';
import { passwordSchema, phoneSchema, smsCodeSchema, userNameSchema } from '../auth/auth.schemas';
import { nameText } from '../shared/text';

/** Requests and answers of the users module (platform users and the personal settings). */

export const addSysUserRequest = z.object({
  userName: userNameSchema,
  password: passwordSchema,
  companyId: idSchema,
  roleIds: z.array(idSchema).default([]),
  name: nameText('validation.required').max(limits.personNameMax, 'validation.tooLong').optional(),
  phone: phoneSchema.optional(),
  /** The user must choose their own password at first sign-in (default false: scripted accounts). */
  mustChangePassword: z.boolean().default(false),
});
export type AddSysUserRequest = z.infer<typeof addSysUserRequest>;

/**
 * `POST /general/user/addCompanyUser` (um_user): a company administrator creates a user with an
 * initial password in their own company with some of its roles. The user must change the
 * password at first sign-in (docs/security.md).
 */
export const addCompanyUserRequest = z.object({
  userName: userNameSchema,
  password: passwordSchema,
  roleIds: z.array(idSchema).default([]),
  name: nameText('validation.required').max(limits.personNameMax, 'validation.tooLong').optional(),
  phone: phoneSchema.optional(),
});
export type AddCompanyUserRequest = z.infer<typeof addCompanyUserRequest>;
export const updateSysUserRequest = z.object({
  id: idSchema,
  name: nameText('validation.required').min(1, 'validation.required').max(limits.personNameMax, 'validation.tooLong').optional(),
  phone: phoneSchema.nullable().optional(),
  disabled: z.boolean().optional(),
  password: passwordSchema.optional(),
});
export type UpdateSysUserRequest = z.infer<typeof updateSysUserRequest>;
export const sysUserListQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional(), companyId: idSchema.optional() });
export type SysUserListQuery = z.infer<typeof sysUserListQuery>;
export const sysUserItem = z.object({
  userId: z.number(),
  userName: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  status: z.string(),
  isPlatformAdmin: z.boolean(),
  companies: z.array(z.object({ companyId: z.number(), displayName: z.string() })),
  createdAt: z.number(),
});
export type SysUserItem = z.infer<typeof sysUserItem>;
export const updateUserRequest = z.object({
  name: nameText('validation.required').min(1, 'validation.required').max(limits.personNameMax, 'validation.tooLong').optional(),
  language: z.enum(['zh-CN', 'en-US']).optional(),
  /** Where alarm e-mails go; '' removes it. */
  email: z.union([z.literal(''), z.string().trim().max(limits.emailMax, 'validation.tooLong').email('validation.email')]).optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;
export const changePasswordRequest = z.object({ oldPassword: z.string().min(1, 'validation.required'), newPassword: passwordSchema });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
export const changePhoneRequest = z.object({ phone: phoneSchema, smsCode: smsCodeSchema });
export type ChangePhoneRequest = z.infer<typeof changePhoneRequest>;
