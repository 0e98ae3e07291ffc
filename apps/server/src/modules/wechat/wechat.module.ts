import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import { SecretBox, settingsSecretSource } from '@server/platform/secretBox';
import type { UsersService } from '../users/users.service';
import { WechatRepository } from './wechat.repository';
import { registerWechatRoutes } from './wechat.routes';
import { WechatService } from './wechat.service';

/**
 * WeChat scan sign-in and binding (issue 14, docs/auth.md). Needs users (the bound account's
 * status) and the platform's sessions (a sign-in issues a token as getToken does).
 */
export function registerWechatModule(app: FastifyInstance, platform: Platform, deps: { users: UsersService }): void {
  const box = new SecretBox(settingsSecretSource({ secret: platform.config.settingsSecret, dataDir: platform.config.dataDir }));
  const wechat = new WechatService(new WechatRepository(platform.db), deps.users, platform.sessions, box, {
    openBase: platform.config.wechatOpenBase,
    apiBase: platform.config.wechatApiBase,
  });
  registerWechatRoutes(app, { wechat });
}
