import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the templates module (document and content templates), by route-table path. */
export const templatesRoutes: ModuleRoutes = {
  '/smartdata/Doctemplate': lazyPage(() => import('./pages/DocTemplatesPage'), 'DocTemplatesPage'),
  '/smartdata/richEditorTemplate/:itemId/:valueId/:itemName/:objId': lazyPage(() => import('./pages/RichEditorPage'), 'RichEditorPage'),
  '/smartdata/contenttemplate': lazyPage(() => import('./pages/ContentTemplatesPage'), 'ContentTemplatesPage'),
};
