import { z } from 'zod';
import { pageQuery } from '../shared/paging';
import { idSchema, nameSchema } from '../shared/ids';
import { companySummary } from '../auth/auth.schemas';

/** Requests and answers of the companies module (platform and company settings, alert delegations). */

export const timeZoneSchema = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'validation.timeZone');
export const addCompanyRequest = z.object({ displayName: nameSchema, timeZone: timeZoneSchema.optional() });
export type AddCompanyRequest = z.infer<typeof addCompanyRequest>;
export const updateCompanyRequest = z.object({ id: idSchema.optional(), displayName: nameSchema.optional(), timeZone: timeZoneSchema.optional() });
export type UpdateCompanyRequest = z.infer<typeof updateCompanyRequest>;
export const companyListQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });
export type CompanyListQuery = z.infer<typeof companyListQuery>;
export const companyItem = companySummary.extend({
  memberCount: z.number(),
  createdAt: z.number(),
  order: z.object({ swProductId: z.string(), subTypeId: z.string(), expireAt: z.number() }).nullable(),
});
export type CompanyItem = z.infer<typeof companyItem>;

// ---- alert delegations ----
export const addAlertDelegatorRequest = z.object({ delegatorId: idSchema, delegateId: idSchema });
export type AddAlertDelegatorRequest = z.infer<typeof addAlertDelegatorRequest>;
export const alertDelegationItem = z.object({
  id: z.number(),
  delegatorId: z.number(),
  delegatorName: z.string(),
  delegateId: z.number(),
  delegateName: z.string(),
  createdAt: z.number(),
});
export type AlertDelegationItem = z.infer<typeof alertDelegationItem>;
/** `GET /general/company/getAlertDelegatorList`: an active member who can delegate alarms or receive them. */
export const alertDelegatorItem = z.object({ userId: z.number(), name: z.string(), userName: z.string() });
export type AlertDelegatorItem = z.infer<typeof alertDelegatorItem>;
