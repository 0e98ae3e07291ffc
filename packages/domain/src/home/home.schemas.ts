import { z } from 'zod';
import { companySummary } from '../auth/auth.schemas';

/** `GET /general/home/getOverview` */
export const homeOverview = z.object({
  company: companySummary.nullable(),
  memberCount: z.number(),
  roleCount: z.number(),
  members: z.array(z.object({ userId: z.union([z.number(), z.string()]), name: z.string(), userName: z.string() })),
  cards: z.array(z.object({ code: z.string(), count: z.number().nullable() })),
});
export type HomeOverview = z.infer<typeof homeOverview>;
