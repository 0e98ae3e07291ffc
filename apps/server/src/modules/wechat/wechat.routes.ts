import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateWechatSettingRequest } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { sessionOf } from '@server/platform/auth/hook';
import { WECHAT_STATE_TTL_MS, type ScanResult, type WechatService } from './wechat.service';

/** The cookie that binds a QR's state to the browser that asked for it (HttpOnly, SameSite=Lax). */
const STATE_COOKIE = 'sd_wx_state';
const COOKIE_PATH = '/general/user';

function stateCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${STATE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function cookieNonce(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === STATE_COOKIE) {
      return rest.join('=');
    }
  }
  return undefined;
}

/** WeChat redirects here; the URL must be under the app's "authorization callback domain". */
function redirectUri(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}/general/user/WXScanLogin`;
}

/** Where the browser goes after WXScanLogin: the token travels in the fragment, never to a server. */
function destination(result: ScanResult): string {
  switch (result.kind) {
    case 'signedIn':
      return `/login#wxToken=${encodeURIComponent(result.token)}`;
    case 'login':
      return `/login?wechat=${result.outcome}`;
    case 'bind':
      return `/user/userinfo?wechat=${result.outcome}`;
  }
}

const scanQuery = z.object({ code: z.string().max(512).optional(), state: z.string().max(512).optional() });

/**
 * WeChat scan sign-in (docs/auth.md): the public option and QR for the sign-in page, the
 * WXScanLogin redirect target (spec §7), binding in the personal center, and the platform's
 * WeChat application (platform administrators).
 */
export function registerWechatRoutes(app: FastifyInstance, { wechat }: { wechat: WechatService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
  const started = (request: FastifyRequest, reply: FastifyReply, scan: { url: string; nonce: string }) => {
    reply.header('set-cookie', stateCookie(request, scan.nonce, WECHAT_STATE_TTL_MS / 1000));
    return ok({ url: scan.url });
  };

  r.get(
    '/general/user/access/getWechatLoginOption',
    { config: { public: true, ...perMinute(120) }, schema: { tags: ['wechat'], summary: 'Whether the sign-in page offers WeChat scan sign-in' } },
    async () => ok(await wechat.loginOption()),
  );

  r.get(
    '/general/user/access/getWechatLoginUrl',
    { config: { public: true, ...perMinute(30) }, schema: { tags: ['wechat'], summary: 'The WeChat qrconnect URL for signing in, with a fresh single-use state bound to this browser' } },
    async (request, reply) => started(request, reply, await wechat.startLogin(redirectUri(request))),
  );

  r.get(
    '/general/user/WXScanLogin',
    { config: { public: true, ...perMinute(30) }, schema: { tags: ['wechat'], summary: 'WeChat redirects here after a scan (code, state): signs in or binds, then sends the browser on', querystring: scanQuery, response: { 302: z.null().meta({ description: 'To the console’s sign-in or personal page; the outcome (and a token) in the URL fragment' }) } } },
    async (request, reply) => {
      const result = await wechat.handleRedirect(request.query, cookieNonce(request), { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
      reply.header('set-cookie', stateCookie(request, '', 0));
      return reply.redirect(destination(result), 302);
    },
  );

  r.get('/general/user/getWechatBinding', { config: { personal: true }, schema: { tags: ['wechat'], summary: 'Whether my WeChat account is bound' } }, async (request) =>
    ok(await wechat.binding(sessionOf(request).userId)),
  );

  r.post(
    '/general/user/bindWechat',
    { config: { ...perMinute(30), personal: true }, schema: { tags: ['wechat'], summary: 'The WeChat qrconnect URL for binding my WeChat account' } },
    async (request, reply) => started(request, reply, await wechat.startBind(sessionOf(request).userId, redirectUri(request))),
  );

  r.post('/general/user/unbindWechat', { config: { personal: true }, schema: { tags: ['wechat'], summary: 'Unbind my WeChat account' } }, async (request) => {
    await wechat.unbind(sessionOf(request).userId);
    return ok(null);
  });

  const platformOnly = { platformAdmin: true, permission: 'system_maintenance' } as const;
  r.get('/general/wechat/getWechatSetting', { config: platformOnly, schema: { tags: ['wechat'], summary: "The platform's WeChat website application (the secret only as set or not)" } }, async () =>
    ok(await wechat.setting()),
  );
  r.post(
    '/general/wechat/updateWechatSetting',
    { config: platformOnly, schema: { tags: ['wechat'], summary: "Set the platform's WeChat AppID and AppSecret (an empty appSecret keeps the stored one; both empty turns WeChat sign-in off)", body: updateWechatSettingRequest } },
    async (request) => {
      await wechat.updateSetting(request.body);
      return ok(null);
    },
  );
}
