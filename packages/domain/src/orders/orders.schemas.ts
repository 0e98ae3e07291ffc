import { z } from 'zod';
import { pageQuery } from '../shared/paging';
import { idSchema } from '../shared/ids';

/** Requests and answers of the orders module (a company's product subscriptions). */

export const orderLimits = {
  /** Product and sub-type codes (swProductId, subTypeId). */
  codeLength: 64,
} as const;

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
    swProductId: z.string().trim().min(1, 'validation.required').max(orderLimits.codeLength, 'validation.tooLong'),
    subTypeId: z.string().trim().min(1, 'validation.required').max(orderLimits.codeLength, 'validation.tooLong'),
    startAt: z.number().int(),
    expireAt: z.number().int(),
  })
  .refine((o) => o.expireAt > o.startAt, { message: 'validation.order.expireAfterStart', path: ['expireAt'] });
export type AddOrderRequest = z.infer<typeof addOrderRequest>;
export const renewOrderRequest = z.object({ id: idSchema, expireAt: z.number().int() });
export type RenewOrderRequest = z.infer<typeof renewOrderRequest>;
export const orderListQuery = pageQuery.extend({ companyId: idSchema.optional() });
export type OrderListQuery = z.infer<typeof orderListQuery>;
/** The navbar shows a renewal notice when the current order expires within this many days. */
export const renewalNoticeDays = 30;
