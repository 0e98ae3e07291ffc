import { z } from 'zod';
import { idSchema, nameSchema } from '../shared/ids';

/** Requests and answers of the roles module (company roles and the platform's role templates). */

const codesSchema = z.array(z.string().min(1)).max(200);

export const addRoleRequest = z.object({ name: nameSchema, codes: codesSchema.default([]), companyId: idSchema.optional() });
export const updateRoleRequest = z.object({ id: idSchema, name: nameSchema.optional(), codes: codesSchema.optional() });
export const roleItem = z.object({ id: z.number(), name: z.string(), codes: z.array(z.string()), memberCount: z.number(), createdAt: z.number() });
export type RoleItem = z.infer<typeof roleItem>;
export const roleListQuery = z.object({ companyId: idSchema.optional() });

export const addRoleTemplateRequest = z.object({ name: nameSchema, codes: codesSchema.default([]) });
export const updateRoleTemplateRequest = z.object({ id: idSchema, name: nameSchema.optional(), codes: codesSchema.optional() });
export const roleTemplateItem = z.object({ id: z.number(), name: z.string(), codes: z.array(z.string()), createdAt: z.number() });
export type RoleTemplateItem = z.infer<typeof roleTemplateItem>;
