import { z } from 'zod';
import { limits } from './limits';

/** Query parameters of every list call. */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(limits.pageSizeMax).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number() });
}
export interface Page<T> {
  list: T[];
  total: number;
}

/** `GET /general/company/member/getMemberList` */
export const memberListQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });
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
