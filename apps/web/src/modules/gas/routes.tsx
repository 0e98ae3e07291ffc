import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the gas module (blending, high-purity gas, certificates; docs/gas.md), by route-table path. */
export const gasRoutes: ModuleRoutes = {
  '/gas/blending': lazyPage(() => import('./pages/GasBlendingPage'), 'GasBlendingPage'),
  '/gas/blending/order/:id': lazyPage(() => import('./pages/BlendOrderDetailPage'), 'BlendOrderDetailPage'),
  '/gas/highPurity': lazyPage(() => import('./pages/HighPurityPage'), 'HighPurityPage'),
  '/gas/certificate': lazyPage(() => import('./pages/CertificatePage'), 'CertificatePage'),
  '/gas/certificate/detail/:id': lazyPage(() => import('./pages/CertificateDetailPage'), 'CertificateDetailPage'),
};

/** The public page a certificate's QR code opens (no sign-in; publicPages.ts). */
export const gasPublicRoutes: ModuleRoutes = {
  '/verify/:code': lazyPage(() => import('./pages/VerifyPage'), 'VerifyPage'),
};
