import type { FastifyInstance } from 'fastify';
import type { ConfiguredSmsSender } from '@server/platform/sms';
import { registerSmsRoutes } from './sms.routes';

/**
 * The platform's SMS provider setting (issue 14.6, docs/sms.md). The sender itself is the
 * platform's (every module sends through `platform.sms`); this module only lets platform
 * administrators choose it.
 */
export function registerSmsModule(app: FastifyInstance, deps: { sms: ConfiguredSmsSender }): void {
  registerSmsRoutes(app, deps);
}
