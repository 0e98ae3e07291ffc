import { authRoutes } from '@/modules/auth/routes';
import { gasPublicRoutes } from '@/modules/gas/routes';
import type { ModuleRoutes } from '@/shared/routing/types';

/**
 * Pages reachable without a token: /login (spec §2) from the auth module, and a certificate's
 * verification page /verify/:code from the gas module (issue 20: what the certificate's QR code
 * opens). The router takes them from here rather than from moduleRoutes.ts, which the entry does
 * not load.
 */
export const publicPages: ModuleRoutes = { ...authRoutes, ...gasPublicRoutes };
