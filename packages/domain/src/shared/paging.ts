import { z } from 'zod';
import { limits } from './limits';
import { numeric } from './numbers';

/** Query parameters of every list call. */
export const pageQuery = z.object({
  pageNum: numeric<number>(z.number().int().min(1)).default(1),
  pageSize: numeric<number>(z.number().int().min(1).max(limits.pageSizeMax)).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number() });
}
export interface Page<T> {
  list: T[];
  total: number;
}
