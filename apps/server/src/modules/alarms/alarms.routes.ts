import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ackAlarmsRequest,
  addRuleRequest,
  addUpdateWatchRequest,
  alarmExportQuery,
  alarmListQuery,
  alarmNoteRequest,
  alarmDeliveriesQuery,
  alarmPermission,
  idRequest,
  updateRuleRequest,
  updateUpdateWatchRequest,
} from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { fileResponse, mediaTypes } from '@server/platform/openapi';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import { cabinCaller } from '../cabin/cabin.service';
import type { AlarmsService } from './alarms.service';

const tags = ['alarms'];

/** The calls of cloud monitoring (docs/alarms.md): rules (cs_rules), alarms (cs_info), update watches (cs_sditem_update). */
export function registerAlarmsRoutes(app: FastifyInstance, alarms: AlarmsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rules = { permission: alarmPermission.rules } as const;
  const log = { permission: alarmPermission.alarms } as const;
  const watches = { permission: alarmPermission.watches } as const;
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));

  r.get('/general/alarm/getRules', { config: rules, schema: { tags, summary: 'Alarm rules on targets the caller may read' } }, async (request) => ok(await alarms.rules(caller(request))));
  r.post('/general/alarm/addRule', { config: rules, schema: { tags, summary: 'Add an alarm rule (read on its target; 50001 with the reason for a rule violation)', body: addRuleRequest } }, async (request) =>
    ok(await alarms.addRule(caller(request), request.body)),
  );
  r.post('/general/alarm/updateRule', { config: rules, schema: { tags, summary: 'Change an alarm rule (its conditions start again)', body: updateRuleRequest } }, async (request) => {
    await alarms.updateRule(caller(request), request.body);
    return ok(null);
  });
  r.post('/general/alarm/deleteRule', { config: rules, schema: { tags, summary: 'Delete an alarm rule; its open alarm is cleared', body: idRequest } }, async (request) => {
    await alarms.deleteRule(caller(request), request.body.id);
    return ok(null);
  });

  r.get('/general/alarm/getAlarms', { config: log, schema: { tags, summary: 'The alarm log (filters, time presets, paged), newest first', querystring: alarmListQuery } }, async (request) =>
    ok(await alarms.alarms(caller(request), request.query)),
  );
  r.get('/general/alarm/getDeliveries', { config: log, schema: { tags, summary: "An alarm's delivery log: each SMS, e-mail and channel message, its state and the receiver's answer", querystring: alarmDeliveriesQuery } }, async (request) =>
    ok(await alarms.deliveries(caller(request), request.query.alarmId, requestLocale(request))),
  );
  r.get('/general/alarm/getAlarmCount', { config: log, schema: { tags, summary: 'Active unacknowledged alarms the caller may see, by level (navbar badge)' } }, async (request) =>
    ok(await alarms.count(caller(request))),
  );
  r.post('/general/alarm/ackAlarm', { config: log, schema: { tags, summary: 'Acknowledge an active alarm, with a note', body: alarmNoteRequest } }, async (request) => {
    await alarms.acknowledge(caller(request), request.body.id, request.body.note);
    return ok(null);
  });
  r.post('/general/alarm/ackAlarms', { config: log, schema: { tags, summary: 'Acknowledge several alarms (at most 200) → how many were acknowledged now', body: ackAlarmsRequest } }, async (request) =>
    ok(await alarms.acknowledgeMany(caller(request), request.body.ids, request.body.note)),
  );
  r.post('/general/alarm/clearAlarm', { config: log, schema: { tags, summary: 'Clear an open alarm by hand, with a note', body: alarmNoteRequest } }, async (request) => {
    await alarms.clear(caller(request), request.body.id, request.body.note);
    return ok(null);
  });
  r.get('/general/alarm/exportAlarms', { config: { ...log, audit: true }, schema: { tags, summary: 'The filtered alarm log as an XLSX file', querystring: alarmExportQuery, response: fileResponse([mediaTypes.xlsx], 'The alarm log (XLSX)') } }, async (request, reply) => {
    const file = await alarms.export(caller(request), request.query, requestLocale(request));
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });

  r.get('/general/alarm/getUpdateWatches', { config: watches, schema: { tags, summary: 'Data-update watches on items the caller may read' } }, async (request) => ok(await alarms.watches(caller(request))));
  r.post('/general/alarm/addUpdateWatch', { config: watches, schema: { tags, summary: 'Watch a data item (or one field) for updates', body: addUpdateWatchRequest } }, async (request) =>
    ok(await alarms.addWatch(caller(request), request.body)),
  );
  r.post('/general/alarm/updateUpdateWatch', { config: watches, schema: { tags, summary: 'Change an update watch', body: updateUpdateWatchRequest } }, async (request) => {
    await alarms.updateWatch(caller(request), request.body);
    return ok(null);
  });
  r.post('/general/alarm/deleteUpdateWatch', { config: watches, schema: { tags, summary: 'Delete an update watch; its open alarm is cleared', body: idRequest } }, async (request) => {
    await alarms.deleteWatch(caller(request), request.body.id);
    return ok(null);
  });
}
