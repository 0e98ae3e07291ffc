import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idRequest, invitationQuery, inviteMemberRequest, memberRequest, setMemberRolesRequest, setMemberStatusRequest, switchCompanyRequest } from '@smartdata/domain';
import type { Sessions } from '@server/platform/auth/sessions';
import { ok } from '@server/platform/envelope';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import type { MembersService } from './members.service';

const tags = ['members'];

/** Invitations, members' roles and status, and switching company. A member's sessions are rebuilt after a change. */
export function registerMembersRoutes(app: FastifyInstance, { members, sessions }: { members: MembersService; sessions: Sessions }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { permission: 'um_user' } as const;

  r.post('/general/company/member/inviteMember', { config: manage, schema: { tags, summary: 'Invite a user by phone or user name', body: inviteMemberRequest } }, async (request) =>
    ok(await members.invite(companyOf(request), sessionOf(request).userId, request.body.account, request.body.roleIds)),
  );
  r.get('/general/company/member/getInvitationList', { config: manage, schema: { tags, summary: 'Invitations the company sent' } }, async (request) =>
    ok(await members.sentInvitations(companyOf(request))),
  );
  r.post('/general/company/member/cancelInvitation', { config: manage, schema: { tags, summary: 'Withdraw a pending invitation', body: idRequest } }, async (request) => {
    await members.cancelInvitation(companyOf(request), request.body.id);
    return ok(null);
  });
  r.get('/general/company/member/getMyInvitations', { config: { personal: true }, schema: { tags, summary: 'Pending invitations of the current user' } }, async (request) =>
    ok(await members.myInvitations(sessionOf(request).userId, requestLocale(request))),
  );
  r.get('/general/company/member/agreeInvitation', { config: { audit: true, personal: true }, schema: { tags, summary: 'Agree to an invitation: join the company', querystring: invitationQuery } }, async (request) => {
    const session = sessionOf(request);
    const result = await members.agree(session.userId, request.query.invitationId);
    sessions.forgetUser(session.userId);
    return ok(result);
  });
  r.get('/general/company/member/refuseInvitation', { config: { audit: true, personal: true }, schema: { tags, summary: 'Refuse an invitation', querystring: invitationQuery } }, async (request) => {
    await members.refuse(sessionOf(request).userId, request.query.invitationId);
    return ok(null);
  });
  r.post('/general/company/member/setMemberRoles', { config: manage, schema: { tags, summary: "Set a member's roles", body: setMemberRolesRequest } }, async (request) => {
    await members.setRoles(companyOf(request), request.body.userId, request.body.roleIds);
    sessions.forgetUser(request.body.userId);
    return ok(null);
  });
  r.post('/general/company/member/setMemberStatus', { config: manage, schema: { tags, summary: 'Disable or enable a member', body: setMemberStatusRequest } }, async (request) => {
    await members.setDisabled(companyOf(request), sessionOf(request).userId, request.body.userId, request.body.disabled);
    sessions.forgetUser(request.body.userId);
    return ok(null);
  });
  r.post('/general/company/member/removeMember', { config: manage, schema: { tags, summary: 'Remove a member from the company', body: memberRequest } }, async (request) => {
    await members.remove(companyOf(request), sessionOf(request).userId, request.body.userId);
    sessions.forgetUser(request.body.userId);
    return ok(null);
  });
  r.post('/general/user/switchCompany', { config: { personal: true }, schema: { tags, summary: 'Make another of my companies the current one', body: switchCompanyRequest } }, async (request) => {
    const session = sessionOf(request);
    await members.switchCompany(session.userId, request.body.companyId);
    sessions.forgetUser(session.userId);
    return ok(null);
  });
}
