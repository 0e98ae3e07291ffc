import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@smartdata/domain';
import { AppError } from '@server/platform/errors';
import type { UsersService } from './users.service';

/**
 * The user notice enforced by the server (spec §1: users must accept it before use). Runs after the
 * auth hook: until the signed-in user has agreed to the current notice version, every private call
 * but those marked `beforeNotice` (getUser, the notice, agreeing, logout) answers 40330, which the
 * web turns into the notice dialog. A raised version (modules/users/notice.ts) asks again.
 */
export function registerNoticeGate(app: FastifyInstance, users: Pick<UsersService, 'hasAgreedCurrentNotice'>): void {
  app.addHook('onRequest', async (request) => {
    const session = request.session;
    // An API key is a machine's, not a person's: the notice is its creator's to read (docs/security.md).
    if (!session || session.apiKey || request.routeOptions.config.beforeNotice) {
      return;
    }
    if (!(await users.hasAgreedCurrentNotice(session.userId))) {
      throw new AppError(ErrorCode.noticeRequired);
    }
  });
}
