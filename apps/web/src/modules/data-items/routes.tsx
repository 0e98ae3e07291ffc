import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the data-items module, by route-table path (the cabin tree links to them through paths.ts). */
export const dataItemsRoutes: ModuleRoutes = {
  '/smartdata/dataitem/config/:itemId/:itemName/:id': lazyPage(() => import('./pages/DataItemSettingsPage'), 'DataItemSettingsPage'),
  '/smartdata/datavalue/:itemId/:itemName/:itemType/:objId/:pid/:parentDirectory': lazyPage(() => import('./pages/RecordsPage'), 'RecordsPage'),
  '/smartdata/formpage/:itemId/:itemName/:objId': lazyPage(() => import('./pages/FormPage'), 'FormPage'),
  '/smartdata/ChildValue/:objId/:itemId/:itemName/:parentItemId/:parentObjId/:recordId/:parentName/:filterList/:parentTitleColumn': lazyPage(
    () => import('./pages/ChildRecordsPage'),
    'ChildRecordsPage',
  ),
};
