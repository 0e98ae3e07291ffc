import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode, NO_PERMISSION } from '@smartdata/domain';
import { AppError } from '../errors';
import type { Session, Sessions } from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed (sign-in, SMS code, register, health). */
    public?: boolean;
    /** The permission code the caller must hold (any one of a list); `none` or absent = any signed-in user. */
    permission?: string | readonly string[];
    /** Only the platform administrator. */
    platformAdmin?: boolean;
    /**
     * Allowed while the user must still change a password someone else chose (getUser, the user
     * notice, changePassword, logout); every other private call answers 40320 until then.
     */
    beforePasswordChange?: boolean;
    /**
     * Allowed before the current user notice is agreed (getUser, the notice, agreeing, logout);
     * every other private call answers 40330 until then (the users module's notice gate).
     */
    beforeNotice?: boolean;
    /**
     * A person's own call that needs no code (their password, profile, avatar, WeChat binding,
     * invitations, notice, company switch, logout): an API key is refused (40300, docs/security.md).
     */
    personal?: boolean;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) {
    return header.slice(7).trim() || undefined;
  }
  return undefined;
}

/**
 * Every /general route is private unless its config says `public: true`; the permission code of
 * the route is checked here, on the server, not only in the menu.
 */
export function registerAuthHook(app: FastifyInstance, sessions: Sessions): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/general/')) {
      return;
    }
    // API answers are a user's data (or a token): no browser or proxy keeps them. A route that
    // serves a cacheable file (a public object) sets its own header over this one.
    reply.header('cache-control', 'no-store');
    // routeOptions is a getter that builds a new object: read it once.
    const route = request.routeOptions;
    const config = route.config;
    if (config.public || route.url === undefined) {
      return;
    }
    const session = await sessions.resolve(bearer(request));
    request.session = session;
    if (session.apiKey && config.personal) {
      throw new AppError(ErrorCode.permissionDenied, 'apiKey.personOnly');
    }
    if (session.mustChangePassword && !config.beforePasswordChange) {
      throw new AppError(ErrorCode.passwordChangeRequired);
    }
    if (config.platformAdmin && !session.isPlatformAdmin) {
      throw new AppError(ErrorCode.permissionDenied);
    }
    const permission = config.permission;
    if (permission && permission !== NO_PERMISSION) {
      const allowed = typeof permission === 'string' ? session.codes.has(permission) : permission.some((code) => session.codes.has(code));
      if (!allowed) {
        throw new AppError(ErrorCode.permissionDenied);
      }
    }
  });
}

/** The session of a private route (set by the hook). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) {
    throw new AppError(ErrorCode.tokenInvalid);
  }
  return request.session;
}

/** The caller's current company; company-owned calls need one. */
export function companyOf(request: FastifyRequest): number {
  const { companyId } = sessionOf(request);
  if (companyId === null) {
    throw new AppError(ErrorCode.permissionDenied, 'auth.noCompany');
  }
  return companyId;
}
