import { authRoutes } from '@/modules/auth/routes';
import type { ModuleRoutes } from '@/shared/routing/types';

/**
 * Pages reachable without a token (spec §2: /login only), from the auth module. The router takes
 * them from here rather than from moduleRoutes.ts, which the entry does not load.
 */
export const publicPages: ModuleRoutes = authRoutes;
