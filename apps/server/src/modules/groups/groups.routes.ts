import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addGroupRequest, groupListQuery, groupMemberQuery, groupQuery, idRequest, updateGroupRequest } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import type { GroupsService } from './groups.service';

const tags = ['groups'];

/** User groups and their members; a member may leave a group on their own. */
export function registerGroupsRoutes(app: FastifyInstance, { groups }: { groups: GroupsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { permission: 'um_user_group' } as const;

  r.get('/general/company/group/getGroupList', { config: { permission: ['um_user_group', 'sd_capsule'] }, schema: { tags, summary: 'Groups of the company (paged)', querystring: groupListQuery } }, async (request) => {
    const { pageNum, pageSize, keyword } = request.query;
    return ok(await groups.list(companyOf(request), pageNum, pageSize, keyword));
  });
  r.get('/general/company/group/getGroupMembers', { config: manage, schema: { tags, summary: 'Members of a group', querystring: groupQuery } }, async (request) =>
    ok(await groups.members(companyOf(request), request.query.groupId)),
  );
  r.post('/general/company/group/addGroup', { config: manage, schema: { tags, summary: 'Create a group', body: addGroupRequest } }, async (request) =>
    ok(await groups.add(companyOf(request), request.body.name, request.body.remark)),
  );
  r.post('/general/company/group/updateGroup', { config: manage, schema: { tags, summary: 'Rename a group', body: updateGroupRequest } }, async (request) => {
    await groups.update(companyOf(request), request.body.id, request.body.name, request.body.remark);
    return ok(null);
  });
  r.post('/general/company/group/deleteGroup', { config: manage, schema: { tags, summary: 'Delete a group', body: idRequest } }, async (request) => {
    await groups.delete(companyOf(request), request.body.id);
    return ok(null);
  });
  r.post('/general/company/group/removeUserFromGroup', { config: manage, schema: { tags, summary: 'Take a user out of a group', body: groupMemberQuery } }, async (request) => {
    await groups.removeUser(companyOf(request), request.body.groupId, request.body.userId);
    return ok(null);
  });
  // Spec §7: these two take query-string parameters.
  r.post('/general/company/group/addUserToGroup', { config: manage, schema: { tags, summary: 'Add a member to a group (query string)', querystring: groupMemberQuery } }, async (request) => {
    await groups.addUser(companyOf(request), request.query.groupId, request.query.userId);
    return ok(null);
  });
  r.post('/general/company/group/quitUserGroup', { config: { personal: true }, schema: { tags, summary: 'Leave a group myself (query string)', querystring: groupQuery } }, async (request) => {
    await groups.removeUser(companyOf(request), request.query.groupId, sessionOf(request).userId);
    return ok(null);
  });
}
