import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the dashboards module (boards and carousels), by route-table path. */
export const dashboardsRoutes: ModuleRoutes = {
  '/smartdata/dashboard3': lazyPage(() => import('./pages/DashboardListPage'), 'DashboardListPage'),
  '/smartdata/currentshowdashboard/:boardId': lazyPage(() => import('./pages/ShowDashboardPage'), 'ShowDashboardPage'),
  '/smartdata/dashboard3/EditBoard/:boardId/:boardName/:id': lazyPage(() => import('./pages/EditBoardPage'), 'EditBoardPage'),
  '/smartdata/boardconfig/:boardId/:templateCode': lazyPage(() => import('./pages/BoardConfigPage'), 'BoardConfigPage'),
  '/smartdata/dashboarddisplay': lazyPage(() => import('./pages/CarouselListPage'), 'CarouselListPage'),
  '/smartdata/configboardplay/:boardPlayId': lazyPage(() => import('./pages/CarouselConfigPage'), 'CarouselConfigPage'),
  '/dashboardmarquee/:boardPlayId': lazyPage(() => import('./pages/DashboardMarqueePage'), 'DashboardMarqueePage'),
  '/editblankboard/:boardId/:boardName/:boardType': lazyPage(() => import('./pages/EditBlankBoardPage'), 'EditBlankBoardPage'),
  '/showdashboard/:boardId': lazyPage(() => import('./pages/FullscreenDashboardPage'), 'FullscreenDashboardPage'),
  '/big_screen/:boardPlayId': lazyPage(() => import('./pages/BigScreenPage'), 'BigScreenPage'),
  '/test/boarddisplay': lazyPage(() => import('./pages/CarouselListPage'), 'PlaygroundListPage'),
  '/test/boarddisplayconfig/:boardPlayId': lazyPage(() => import('./pages/CarouselConfigPage'), 'PlaygroundConfigPage'),
};
