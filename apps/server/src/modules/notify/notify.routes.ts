import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addChannelRequest, alarmPermission, idRequest, notifyPermission, notifySettingRequest, updateChannelRequest } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import type { ChannelsService } from './channels.service';
import type { NotifyService } from './notify.service';

const tags = ['notify'];

/** The channels page (sys_notify_channel) and the rule editors' choices (docs/alarms.md "Channels"). */
export function registerNotifyRoutes(app: FastifyInstance, { channels, notify }: { channels: ChannelsService; notify: NotifyService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const page = { permission: notifyPermission.channels } as const;
  // Whoever edits a rule that may notify: alarm rules, update watches, intelligent rules, executable tasks.
  const editors = { permission: [alarmPermission.rules, alarmPermission.watches, 'sa_rules', 'sa_executable_task', notifyPermission.channels] } as const;

  r.get('/general/notify/getChannels', { config: page, schema: { tags, summary: "The company's notification channels (address masked, secret only as set)" } }, async (request) =>
    ok(await channels.channels(companyOf(request))),
  );
  r.post('/general/notify/addChannel', { config: page, schema: { tags, summary: 'Add a channel: webhook, DingTalk, WeCom or Feishu (address checked, secret sealed)', body: addChannelRequest } }, async (request) =>
    ok(await channels.addChannel(companyOf(request), sessionOf(request).userId, request.body)),
  );
  r.post('/general/notify/updateChannel', { config: page, schema: { tags, summary: 'Rename a channel, or give it a new address or secret (empty keeps the stored one)', body: updateChannelRequest } }, async (request) => {
    await channels.updateChannel(companyOf(request), request.body);
    return ok(null);
  });
  r.post('/general/notify/deleteChannel', { config: page, schema: { tags, summary: 'Delete a channel (rules sending to it skip it)', body: idRequest } }, async (request) => {
    await channels.deleteChannel(companyOf(request), request.body.id);
    return ok(null);
  });
  r.post('/general/notify/testChannel', { config: page, schema: { tags, summary: "Send a test message now and answer the receiver's reply", body: idRequest } }, async (request) =>
    ok(await channels.testChannel(companyOf(request), request.body.id, requestLocale(request))),
  );
  r.get('/general/notify/getNotifySetting', { config: page, schema: { tags, summary: "The language of the company's messages" } }, async (request) => ok(await notify.setting(companyOf(request))));
  r.post('/general/notify/updateNotifySetting', { config: page, schema: { tags, summary: "Set the language of the company's messages", body: notifySettingRequest } }, async (request) => {
    await notify.updateSetting(companyOf(request), request.body);
    return ok(null);
  });
  r.get('/general/notify/getChannelOptions', { config: editors, schema: { tags, summary: 'Channels by name, and whether SMS and e-mail can carry alarms now (rule editors)' } }, async (request) =>
    ok(await notify.options(companyOf(request))),
  );
}
