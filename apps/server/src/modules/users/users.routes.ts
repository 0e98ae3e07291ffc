import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agreeNoticeRequest } from '@smartdata/domain';
import type { Platform } from '@server/platform/context';
import { ok } from '@server/platform/envelope';
import { sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import { UsersService } from './users.service';

export function registerUsersRoutes(app: FastifyInstance, platform: Platform): void {
  const users = new UsersService(platform.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/general/user/getUser', { schema: { tags: ['users'], summary: 'The current user, their codes and company' } }, async (request) =>
    ok(await users.currentUser(sessionOf(request))),
  );

  r.get('/general/user/getNotice', { schema: { tags: ['users'], summary: 'The user notice and whether it was agreed' } }, async (request) =>
    ok(await users.notice(sessionOf(request).userId, requestLocale(request))),
  );

  r.post(
    '/general/user/agreeNotice',
    { schema: { tags: ['users'], summary: 'Agree to the current user notice', body: agreeNoticeRequest } },
    async (request) => {
      await users.agreeNotice(sessionOf(request).userId, request.body.version, request.ip);
      return ok(null);
    },
  );
}
