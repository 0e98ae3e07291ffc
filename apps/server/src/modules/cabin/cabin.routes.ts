import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addDirectoryRequest, copyNodeRequest, moveNodeRequest, nodeIdRequest, permissionQuery, renameNodeRequest, setPermissionRequest } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import { cabinCaller, type CabinService } from './cabin.service';
import type { CabinPermissionsService } from './cabinPermissions.service';
import type { CabinTreeService } from './cabinTree.service';

const tags = ['cabin'];

/** The data cabin tree and its permissions (spec §1, §4, §6; docs/cabin.md). */
export function registerCabinRoutes(app: FastifyInstance, services: { cabin: CabinService; tree: CabinTreeService; permissions: CabinPermissionsService }): void {
  const { cabin, tree, permissions } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'sd_capsule' } as const;
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));

  r.get('/general/cabin/getTree', { config, schema: { tags, summary: 'The cabin tree as the caller may see it (nodes at none are left out)' } }, async (request) =>
    ok(await tree.tree(caller(request))),
  );
  r.post('/general/cabin/addDirectory', { config, schema: { tags, summary: 'Create a directory (parentId null: at the root)', body: addDirectoryRequest } }, async (request) =>
    ok(await tree.addDirectory(caller(request), request.body.parentId, request.body.name)),
  );
  r.post('/general/cabin/renameNode', { config, schema: { tags, summary: 'Rename a node (read-write)', body: renameNodeRequest } }, async (request) => {
    await cabin.rename(caller(request), request.body.id, request.body.name);
    return ok(null);
  });
  r.post('/general/cabin/moveNode', { config, schema: { tags, summary: 'Move a node under another directory or the root (admin)', body: moveNodeRequest } }, async (request) => {
    await tree.move(caller(request), request.body.id, request.body.parentId);
    return ok(null);
  });
  r.post('/general/cabin/copyNode', { config, schema: { tags, summary: 'Copy a directory or data item (definitions, not records)', body: copyNodeRequest } }, async (request) =>
    ok(await tree.copy(caller(request), request.body.id, request.body.parentId)),
  );
  r.post('/general/cabin/deleteNode', { config, schema: { tags, summary: 'Delete a node and its whole subtree in one transaction (admin)', body: nodeIdRequest } }, async (request) =>
    ok(await cabin.delete(caller(request), request.body.id)),
  );
  r.get('/general/cabin/getPermission', { config, schema: { tags, summary: "A node's grants, inherited grants and the caller's effective level", querystring: permissionQuery } }, async (request) =>
    ok(await permissions.permission(caller(request), request.query.nodeId, requestLocale(request))),
  );
  r.post('/general/cabin/setPermission', { config, schema: { tags, summary: "Set a node's mode and grants (admin)", body: setPermissionRequest } }, async (request) => {
    await permissions.setPermission(caller(request), request.body);
    return ok(null);
  });
}
