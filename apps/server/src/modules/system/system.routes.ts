import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addWhiteIpRequest, auditLogQuery, idRequest, setRetentionRequest, systemDataItemDetailQuery, systemDataItemQuery } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import type { SystemService } from './system.service';

const tags = ['system'];

/** System maintenance pages (platform administrator) and my assignments. */
export function registerSystemRoutes(app: FastifyInstance, { system }: { system: SystemService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const only = (permission: string) => ({ permission, platformAdmin: true }) as const;

  r.get('/general/system/getWhiteIpList', { config: only('system_white_ip'), schema: { tags, summary: 'The IP allow-list' } }, async (request) =>
    ok({ list: await system.whiteIps(), yourIp: request.ip }),
  );
  r.post('/general/system/addWhiteIp', { config: only('system_white_ip'), schema: { tags, summary: 'Allow an address or range', body: addWhiteIpRequest } }, async (request) =>
    ok(await system.addWhiteIp(request.body.ip, request.body.remark ?? '', request.ip, sessionOf(request).userId)),
  );
  r.post('/general/system/deleteWhiteIp', { config: only('system_white_ip'), schema: { tags, summary: 'Remove an allow-list entry', body: idRequest } }, async (request) => {
    await system.deleteWhiteIp(request.body.id, request.ip);
    return ok(null);
  });

  r.get('/general/system/getAuditLog', { config: only('sys_m_log'), schema: { tags, summary: 'Audit log of write calls (filters, paging)', querystring: auditLogQuery } }, async (request) =>
    ok(await system.auditLog(request.query, requestLocale(request))),
  );

  r.get('/general/system/getRetentionList', { config: only('system_data_management'), schema: { tags, summary: 'Data retention per company' } }, async (request) => ok(await system.retentions(requestLocale(request))));
  r.post('/general/system/setRetention', { config: only('system_data_management'), schema: { tags, summary: 'Set how long raw values are kept', body: setRetentionRequest } }, async (request) => {
    await system.setRetention(request.body.companyId, request.body.rawDays);
    return ok(null);
  });
  r.post('/general/system/runPurge', { config: only('system_data_management'), schema: { tags, summary: 'Run the purge job now' } }, async () => ok(await system.purgeNow()));

  r.get('/general/system/getAcquisitionStatus', { config: only('sys_m_acquistion'), schema: { tags, summary: 'Devices online and values received per company' } }, async (request) =>
    ok(await system.acquisition(requestLocale(request))),
  );

  r.get(
    '/general/system/getSystemDataItemList',
    { config: only('system_sd_item'), schema: { tags, summary: "Every company's data items: size, last write, expiry, retention (metadata only; paged, by company and name)", querystring: systemDataItemQuery } },
    async (request) => ok(await system.dataItems(request.query, requestLocale(request))),
  );
  r.get(
    '/general/system/getSystemDataItem',
    { config: only('system_sd_item'), schema: { tags, summary: "One data item's metadata: fields, settings, sizes (never a record value)", querystring: systemDataItemDetailQuery } },
    async (request) => ok(await system.dataItem(request.query.id, requestLocale(request))),
  );

  r.get('/general/user/getMyAssignments', { config: { permission: 'pc_my_assignment' }, schema: { tags: ['users'], summary: 'Alarms to handle and executable tasks I may run, in the current company, with their counts' } }, async (request) => {
    const session = sessionOf(request);
    return ok(await system.assignments({ companyId: companyOf(request), userId: session.userId, codes: session.codes }));
  });
}
