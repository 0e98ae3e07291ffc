import { z } from 'zod';
import { idRequest, idSchema, nameSchema } from '../shared/ids';

/** Requests and answers of the roles module (company roles and the platform's role templates). */

const codesSchema = z.array(z.string().min(1)).max(200);

export const addRoleRequest = z.object({ name: nameSchema, codes: codesSchema.default([]), companyId: idSchema.optional() });
export type AddRoleRequest = z.infer<typeof addRoleRequest>;
/** `companyId`: a platform administrator editing another company's roles (roleListQuery). */
export const updateRoleRequest = z.object({ id: idSchema, name: nameSchema.optional(), codes: codesSchema.optional(), companyId: idSchema.optional() });
export type UpdateRoleRequest = z.infer<typeof updateRoleRequest>;
export const roleItem = z.object({ id: z.number(), name: z.string(), codes: z.array(z.string()), memberCount: z.number(), createdAt: z.number() });
export type RoleItem = z.infer<typeof roleItem>;
export const roleListQuery = z.object({ companyId: idSchema.optional() });
export type RoleListQuery = z.infer<typeof roleListQuery>;
/** `POST /general/role/deleteRole {id, companyId?}` */
export const deleteRoleRequest = idRequest.extend(roleListQuery.shape);
export type DeleteRoleRequest = z.infer<typeof deleteRoleRequest>;

export const addRoleTemplateRequest = z.object({ name: nameSchema, codes: codesSchema.default([]) });
export type AddRoleTemplateRequest = z.infer<typeof addRoleTemplateRequest>;
export const updateRoleTemplateRequest = z.object({ id: idSchema, name: nameSchema.optional(), codes: codesSchema.optional() });
export type UpdateRoleTemplateRequest = z.infer<typeof updateRoleTemplateRequest>;
export const roleTemplateItem = z.object({ id: z.number(), name: z.string(), codes: z.array(z.string()), createdAt: z.number() });
export type RoleTemplateItem = z.infer<typeof roleTemplateItem>;
