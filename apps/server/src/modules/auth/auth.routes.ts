import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addUserRequest, getSmsCodeQuery, getSmsCodeResponse, getTokenRequest, getTokenResponse, resetPasswordRequest } from '@smartdata/domain';
import type { Sessions } from '@server/platform/auth/sessions';
import { ok } from '@server/platform/envelope';
import { okResponse } from '@server/platform/openapi';
import { sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import type { AuthService } from './auth.service';

/** Sign-in and sign-out, SMS codes, registration and password reset (all public but sign-out). */
export function registerAuthRoutes(app: FastifyInstance, { auth, sessions }: { auth: AuthService; sessions: Sessions }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicRoute = { public: true } as const;
  // Per-address ceilings on the public calls, on top of the per-account sign-in throttle and the
  // per-phone SMS limits (docs/decisions.md).
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  r.post(
    '/general/user/access/getToken',
    {
      config: { ...publicRoute, ...perMinute(120), formBody: true },
      schema: { tags: ['auth'], summary: 'Sign in (form-encoded): username+password or phone+smsCode', body: getTokenRequest, response: okResponse(getTokenResponse) },
    },
    async (request) => ok(await auth.issueToken(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' })),
  );

  r.get('/general/user/access/logout', { config: { audit: true, beforePasswordChange: true, beforeNotice: true, personal: true }, schema: { tags: ['auth'], summary: 'Sign out: revokes the token' } }, async (request) => {
    const session = sessionOf(request);
    await sessions.revoke(session.tokenHash);
    return ok(null);
  });

  r.get(
    '/general/user/access/getSmsCode',
    { config: { ...publicRoute, ...perMinute(20), audit: true }, schema: { tags: ['auth'], summary: 'Send a verification code by SMS', querystring: getSmsCodeQuery, response: okResponse(getSmsCodeResponse) } },
    async (request) => ok(await auth.sendCode(request.query.phone, request.query.purpose, requestLocale(request))),
  );

  r.post(
    '/general/user/addUser',
    { config: { ...publicRoute, ...perMinute(20) }, schema: { tags: ['auth'], summary: 'Register with a phone verified by SMS', body: addUserRequest } },
    async (request) => ok(await auth.register(request.body, requestLocale(request))),
  );

  r.post(
    '/general/user/access/resetPassword',
    { config: { ...publicRoute, ...perMinute(20) }, schema: { tags: ['auth'], summary: 'Set a new password with an SMS code', body: resetPasswordRequest } },
    async (request) => {
      sessions.forgetUser(await auth.resetPassword(request.body));
      return ok(null);
    },
  );
}
