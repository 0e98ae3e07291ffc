import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addCompanyUserRequest, addSysUserRequest, agreeNoticeRequest, changePasswordRequest, sysUserListQuery, updateSysUserRequest, updateUserRequest, userNoticeResponse } from '@smartdata/domain';
import type { Sessions } from '@server/platform/auth/sessions';
import type { WriteVersion } from '@server/platform/writeVersion';
import { ok } from '@server/platform/envelope';
import { okResponse } from '@server/platform/openapi';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import type { SysUsersService } from './sysUsers.service';
import type { UsersService } from './users.service';

interface UsersRouteServices {
  users: UsersService;
  sysUsers: SysUsersService;
  sessions: Sessions;
  /** The getUser answer is cached until the next write call (`writes`) or for `sessionCacheMs`. */
  writes: WriteVersion;
  sessionCacheMs: number;
}

/** The current user, the user notice, personal settings, and the platform's user administration. */
export function registerUsersRoutes(app: FastifyInstance, { users, sysUsers, sessions, writes, sessionCacheMs }: UsersRouteServices): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const platformOnly = { permission: 'system_user', platformAdmin: true } as const;
  // What a user whose password someone else chose may call before choosing their own.
  const beforePasswordChange = { beforePasswordChange: true, personal: true } as const;
  // What a user may call before agreeing to the current user notice (spec §1; the notice gate).
  const beforeNotice = { beforePasswordChange: true, beforeNotice: true, personal: true } as const;
  // A person's own calls: an API key is refused them (docs/security.md "API keys").
  const personal = { personal: true } as const;

  // The hottest call of the console: the serialized answer is cached per session until the next
  // write on this instance (WriteVersion) or for the session cache lifetime.
  const cache = new Map<string, { body: string; version: number; until: number }>();
  r.get('/general/user/getUser', { config: beforeNotice, schema: { tags: ['users'], summary: 'The current user, their codes and company' } }, async (request, reply) => {
    const session = sessionOf(request);
    const now = Date.now();
    // The body names built-in companies in the caller's language, so each language has its own entry.
    const cacheKey = `${session.tokenHash}:${requestLocale(request)}`;
    const cached = cache.get(cacheKey);
    if (cached && cached.version === writes.value && cached.until > now) {
      return reply.type('application/json; charset=utf-8').send(cached.body);
    }
    const version = writes.value;
    const body = JSON.stringify(ok(await users.currentUser(session, requestLocale(request))));
    if (sessionCacheMs > 0) {
      if (cache.size > 50_000) {
        cache.clear();
      }
      cache.set(cacheKey, { body, version, until: now + sessionCacheMs });
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });

  r.get('/general/user/getNotice', { config: beforeNotice, schema: { tags: ['users'], summary: 'The user notice and whether it was agreed', response: okResponse(userNoticeResponse) } }, async (request) =>
    ok(await users.notice(sessionOf(request).userId, requestLocale(request))),
  );

  r.post(
    '/general/user/agreeNotice',
    { config: beforeNotice, schema: { tags: ['users'], summary: 'Agree to the current user notice', body: agreeNoticeRequest } },
    async (request) => {
      await users.agreeNotice(sessionOf(request).userId, request.body.version, request.ip);
      return ok(null);
    },
  );

  r.post('/general/user/updateUser', { config: personal, schema: { tags: ['users'], summary: 'Change my name, language or e-mail address', body: updateUserRequest } }, async (request) => {
    await sysUsers.updateSelf(sessionOf(request).userId, request.body);
    return ok(null);
  });
  r.post('/general/user/changePassword', { config: beforePasswordChange, schema: { tags: ['users'], summary: 'Change my password', body: changePasswordRequest } }, async (request) => {
    const session = sessionOf(request);
    await sysUsers.changePassword(session.userId, request.body.oldPassword, request.body.newPassword, { tokenHash: session.tokenHash, ip: request.ip });
    return ok(null);
  });

  r.post(
    '/general/user/addCompanyUser',
    { config: { permission: 'um_user' }, schema: { tags: ['users'], summary: 'Create a user with an initial password in my company (changed at first sign-in)', body: addCompanyUserRequest } },
    async (request) => ok(await sysUsers.addToCompany(companyOf(request), request.body)),
  );
  r.get('/general/user/getSysUserList', { config: platformOnly, schema: { tags: ['users'], summary: 'Every user (platform)', querystring: sysUserListQuery } }, async (request) => {
    const { pageNum, pageSize, keyword, companyId } = request.query;
    return ok(await sysUsers.list(pageNum, pageSize, requestLocale(request), keyword, companyId));
  });
  r.post('/general/user/addSysUser', { config: platformOnly, schema: { tags: ['users'], summary: 'Create a user in a company with roles (platform)', body: addSysUserRequest } }, async (request) =>
    ok(await sysUsers.add(request.body)),
  );
  r.post('/general/user/updateSysUser', { config: platformOnly, schema: { tags: ['users'], summary: 'Change, disable or reset a user (platform)', body: updateSysUserRequest } }, async (request) => {
    await sysUsers.update(request.body);
    sessions.forgetUser(request.body.id);
    return ok(null);
  });
}
