import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateSmsSettingRequest } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import type { ConfiguredSmsSender } from '@server/platform/sms';

/** The platform's SMS provider (platform administrators; docs/sms.md). The secret is never answered. */
export function registerSmsRoutes(app: FastifyInstance, { sms }: { sms: ConfiguredSmsSender }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const platformOnly = { platformAdmin: true, permission: 'system_maintenance' } as const;
  r.get('/general/sms/getSmsSetting', { config: platformOnly, schema: { tags: ['sms'], summary: "The platform's SMS provider (the access key secret only as set or not)" } }, async () =>
    ok(await sms.setting()),
  );
  r.post(
    '/general/sms/updateSmsSetting',
    {
      config: platformOnly,
      schema: { tags: ['sms'], summary: "Choose the platform's SMS provider (outbox, Alibaba Cloud, Tencent Cloud) and its keys (an empty accessKeySecret keeps the stored one)", body: updateSmsSettingRequest },
    },
    async (request) => {
      await sms.updateSetting(request.body);
      return ok(null);
    },
  );
}
