import { z } from 'zod';
import { limits } from './limits';
import { pageQuery } from './paging';
import { companySummary, passwordSchema, phoneSchema, userNameSchema } from './auth.schemas';

/** Ids are opaque: numbers on the wire, but strings are accepted (query strings). */
export const idSchema = z.coerce.number().int().positive();
export type Id = number | string;

export const nameSchema = z
  .string()
  .trim()
  .min(1, 'validation.nameRequired')
  .max(limits.generalNameLength, 'validation.tooLong');

const codesSchema = z.array(z.string().min(1)).max(200);

// ---- roles ----
export const addRoleRequest = z.object({ name: nameSchema, codes: codesSchema.default([]), companyId: idSchema.optional() });
export const updateRoleRequest = z.object({ id: idSchema, name: nameSchema.optional(), codes: codesSchema.optional() });
export const idRequest = z.object({ id: idSchema });
export const roleItem = z.object({ id: z.number(), name: z.string(), codes: z.array(z.string()), memberCount: z.number(), createdAt: z.number() });
export type RoleItem = z.infer<typeof roleItem>;
export const roleListQuery = z.object({ companyId: idSchema.optional() });

export const addRoleTemplateRequest = z.object({ name: nameSchema, codes: codesSchema.default([]) });
export const updateRoleTemplateRequest = z.object({ id: idSchema, name: nameSchema.optional(), codes: codesSchema.optional() });
export const roleTemplateItem = z.object({ id: z.number(), name: z.string(), codes: z.array(z.string()), createdAt: z.number() });
export type RoleTemplateItem = z.infer<typeof roleTemplateItem>;

// ---- members and invitations ----
export const inviteMemberRequest = z.object({
  account: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
  roleIds: z.array(idSchema).default([]),
});
export const invitationQuery = z.object({ invitationId: idSchema });
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
export const setMemberStatusRequest = z.object({ userId: idSchema, disabled: z.boolean() });
export const memberRequest = z.object({ userId: idSchema });
export const switchCompanyRequest = z.object({ companyId: idSchema });

// ---- groups ----
export const addGroupRequest = z.object({ name: nameSchema, remark: z.string().trim().max(200, 'validation.tooLong').optional() });
export const updateGroupRequest = z.object({ id: idSchema, name: nameSchema, remark: z.string().trim().max(200, 'validation.tooLong').optional() });
export const groupQuery = z.object({ groupId: idSchema });
export const groupMemberQuery = z.object({ groupId: idSchema, userId: idSchema });
export const groupItem = z.object({ id: z.number(), name: z.string(), remark: z.string(), memberCount: z.number(), createdAt: z.number() });
export type GroupItem = z.infer<typeof groupItem>;
export const groupListQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });
export const groupMemberItem = z.object({ userId: z.number(), userName: z.string(), name: z.string(), phone: z.string().nullable() });
export type GroupMemberItem = z.infer<typeof groupMemberItem>;

// ---- companies (platform and company settings) ----
export const timeZoneSchema = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'validation.timeZone');
export const addCompanyRequest = z.object({ displayName: nameSchema, timeZone: timeZoneSchema.optional() });
export const updateCompanyRequest = z.object({ id: idSchema.optional(), displayName: nameSchema.optional(), timeZone: timeZoneSchema.optional() });
export const companyListQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });
export const companyItem = companySummary.extend({
  memberCount: z.number(),
  createdAt: z.number(),
  order: z.object({ swProductId: z.string(), subTypeId: z.string(), expireAt: z.number() }).nullable(),
});
export type CompanyItem = z.infer<typeof companyItem>;

// ---- alert delegations ----
export const addAlertDelegatorRequest = z.object({ delegatorId: idSchema, delegateId: idSchema });
export const alertDelegationItem = z.object({
  id: z.number(),
  delegatorId: z.number(),
  delegatorName: z.string(),
  delegateId: z.number(),
  delegateName: z.string(),
  createdAt: z.number(),
});
export type AlertDelegationItem = z.infer<typeof alertDelegationItem>;

// ---- users (platform and personal) ----
export const addSysUserRequest = z.object({
  userName: userNameSchema,
  password: passwordSchema,
  companyId: idSchema,
  roleIds: z.array(idSchema).default([]),
  name: z.string().trim().max(limits.personNameMax, 'validation.tooLong').optional(),
  phone: phoneSchema.optional(),
});
export const updateSysUserRequest = z.object({
  id: idSchema,
  name: z.string().trim().min(1, 'validation.required').max(limits.personNameMax, 'validation.tooLong').optional(),
  phone: phoneSchema.nullable().optional(),
  disabled: z.boolean().optional(),
  password: passwordSchema.optional(),
});
export const sysUserListQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional(), companyId: idSchema.optional() });
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
  name: z.string().trim().min(1, 'validation.required').max(limits.personNameMax, 'validation.tooLong').optional(),
  language: z.enum(['zh-CN', 'en-US']).optional(),
});
export const changePasswordRequest = z.object({ oldPassword: z.string().min(1, 'validation.required'), newPassword: passwordSchema });
export const changePhoneRequest = z.object({ phone: phoneSchema, smsCode: z.string().trim().regex(/^\d{6}$/, 'validation.smsCode') });

// ---- orders ----
export const orderItem = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  swProductId: z.string(),
  subTypeId: z.string(),
  startAt: z.number(),
  expireAt: z.number(),
  createdAt: z.number(),
});
export type OrderItem = z.infer<typeof orderItem>;
export const addOrderRequest = z
  .object({
    companyId: idSchema,
    swProductId: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
    subTypeId: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
    startAt: z.number().int(),
    expireAt: z.number().int(),
  })
  .refine((o) => o.expireAt > o.startAt, { message: 'validation.order.expireAfterStart', path: ['expireAt'] });
export const renewOrderRequest = z.object({ id: idSchema, expireAt: z.number().int() });
export const orderListQuery = pageQuery.extend({ companyId: idSchema.optional() });
/** The navbar shows a renewal notice when the current order expires within this many days. */
export const renewalNoticeDays = 30;

// ---- system maintenance ----
export const ipEntrySchema = z
  .string()
  .trim()
  .refine((value) => isIpOrCidr(value), 'validation.ip');
export const addWhiteIpRequest = z.object({ ip: ipEntrySchema, remark: z.string().trim().max(100, 'validation.tooLong').optional() });
export const whiteIpItem = z.object({ id: z.number(), ip: z.string(), remark: z.string(), createdAt: z.number(), createdBy: z.string() });
export type WhiteIpItem = z.infer<typeof whiteIpItem>;

export const auditLogQuery = pageQuery.extend({
  userName: z.string().trim().max(64).optional(),
  companyId: idSchema.optional(),
  action: z.string().trim().max(200).optional(),
  result: z.enum(['success', 'failure']).optional(),
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
});
export const auditLogItem = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  userName: z.string(),
  companyId: z.number().nullable(),
  companyName: z.string(),
  method: z.string(),
  action: z.string(),
  target: z.string(),
  ip: z.string(),
  code: z.number(),
  durationMs: z.number(),
  createdAt: z.number(),
});
export type AuditLogItem = z.infer<typeof auditLogItem>;

export const setRetentionRequest = z.object({ companyId: idSchema, rawDays: z.number().int().min(1).max(36500).nullable() });
export const retentionItem = z.object({
  companyId: z.number(),
  displayName: z.string(),
  rawDays: z.number().nullable(),
  lastPurgeAt: z.number().nullable(),
  lastPurgedRows: z.number().nullable(),
});
export type RetentionItem = z.infer<typeof retentionItem>;
export const acquisitionItem = z.object({
  companyId: z.number(),
  displayName: z.string(),
  devicesTotal: z.number().nullable(),
  devicesOnline: z.number().nullable(),
  valuesToday: z.number().nullable(),
  valuesYesterday: z.number().nullable(),
});
export type AcquisitionItem = z.infer<typeof acquisitionItem>;

export const assignmentItem = z.object({
  kind: z.enum(['task', 'alarm']),
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  status: z.string(),
  createdAt: z.number(),
  link: z.string().nullable(),
});
export type AssignmentItem = z.infer<typeof assignmentItem>;

/** IPv4 address, IPv4 CIDR, or IPv6 address (allow-list entries). */
export function isIpOrCidr(value: string): boolean {
  const [address, bits, extra] = value.split('/');
  if (extra !== undefined || !address) {
    return false;
  }
  const v4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(address);
  if (v4) {
    return bits === undefined || (/^\d{1,2}$/.test(bits) && Number(bits) <= 32);
  }
  const v6 = /^[0-9a-fA-F:]+$/.test(address) && address.includes(':') && address.split(':').length <= 8;
  return v6 && bits === undefined;
}

/** True when `ip` is matched by an allow-list entry (exact address or IPv4 CIDR). */
export function ipMatches(entry: string, ip: string): boolean {
  const normalized = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!entry.includes('/')) {
    return entry === normalized || entry === ip;
  }
  const [base, bitsText] = entry.split('/') as [string, string];
  const bits = Number(bitsText);
  const toInt = (a: string) => a.split('.').reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(normalized)) {
    return false;
  }
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (toInt(base) & mask) === (toInt(normalized) & mask);
}
