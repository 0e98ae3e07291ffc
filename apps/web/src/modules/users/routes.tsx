import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the users module (members, personal center, platform users), by route-table path. */
export const usersRoutes: ModuleRoutes = {
  '/userManagement/users': lazyPage(() => import('./pages/UsersPage'), 'UsersPage'),
  '/user/userinfo': lazyPage(() => import('./pages/UserInfoPage'), 'UserInfoPage'),
  '/user/myassignmentanze': lazyPage(() => import('./pages/MyAssignmentsPage'), 'MyAssignmentsPage'),
  '/systemMaintenance/systemuser': lazyPage(() => import('./pages/SystemUsersPage'), 'SystemUsersPage'),
};
