import { z } from 'zod';
import { companySummary } from '../auth/auth.schemas';

/** `GET /general/home/getOverview` */
export const homeOverview = z.object({
  company: companySummary.nullable(),
  /** Members and their count need um_user, the role count um_role: null for a user without it. */
  memberCount: z.number().nullable(),
  roleCount: z.number().nullable(),
  members: z.array(z.object({ userId: z.union([z.number(), z.string()]), name: z.string(), userName: z.string() })).nullable(),
  cards: z.array(z.object({ code: z.string(), count: z.number().nullable() })),
});
export type HomeOverview = z.infer<typeof homeOverview>;
