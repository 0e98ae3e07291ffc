import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addRoleRequest, addRoleTemplateRequest, deleteRoleRequest, idRequest, roleListQuery, updateRoleRequest, updateRoleTemplateRequest } from '@smartdata/domain';
import type { Sessions } from '@server/platform/auth/sessions';
import { ok } from '@server/platform/envelope';
import { sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import { targetCompany } from '@server/platform/scope';
import type { RolesService } from './roles.service';

const tags = ['roles'];

/** Roles and role templates. A changed role changes the codes of every session that holds it. */
export function registerRolesRoutes(app: FastifyInstance, { roles, sessions }: { roles: RolesService; sessions: Sessions }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = () => sessions.forgetAll();

  r.get('/general/role/getRoleList', { config: { permission: ['um_role', 'um_user'] }, schema: { tags, summary: 'Roles of the company', querystring: roleListQuery } }, async (request) =>
    ok(await roles.list(targetCompany(sessionOf(request), request.query.companyId), requestLocale(request))),
  );
  r.post('/general/role/addRole', { config: { permission: 'um_role' }, schema: { tags, summary: 'Create a role (platform admin may name a company)', body: addRoleRequest } }, async (request) => {
    const { name, codes, companyId } = request.body;
    return ok(await roles.add(targetCompany(sessionOf(request), companyId), name, codes));
  });
  r.post(
    '/general/role/updateRole',
    { config: { permission: 'um_role' }, schema: { tags, summary: 'Rename a role or change its codes', body: updateRoleRequest } },
    async (request) => {
      const { id, name, codes, companyId } = request.body;
      await roles.update(targetCompany(sessionOf(request), companyId), id, { name, codes });
      changed();
      return ok(null);
    },
  );
  r.post(
    '/general/role/deleteRole',
    { config: { permission: 'um_role' }, schema: { tags, summary: 'Delete a role nobody holds', body: deleteRoleRequest } },
    async (request) => {
      await roles.delete(targetCompany(sessionOf(request), request.body.companyId), request.body.id);
      return ok(null);
    },
  );

  const templateConfig = { permission: 'system_role', platformAdmin: true } as const;
  r.get('/general/role/getRoleTemplateList', { config: { permission: ['system_role', 'um_role'] }, schema: { tags, summary: 'Role templates' } }, async () =>
    ok(await roles.listTemplates()),
  );
  r.post('/general/role/addRoleTemplate', { config: templateConfig, schema: { tags, summary: 'Create a role template', body: addRoleTemplateRequest } }, async (request) =>
    ok(await roles.addTemplate(request.body.name, request.body.codes)),
  );
  r.post('/general/role/updateRoleTemplate', { config: templateConfig, schema: { tags, summary: 'Change a role template', body: updateRoleTemplateRequest } }, async (request) => {
    await roles.updateTemplate(request.body.id, request.body);
    return ok(null);
  });
  r.post('/general/role/deleteRoleTemplate', { config: templateConfig, schema: { tags, summary: 'Delete a role template', body: idRequest } }, async (request) => {
    await roles.deleteTemplate(request.body.id);
    return ok(null);
  });
}
