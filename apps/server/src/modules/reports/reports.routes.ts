import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addTemplateRequest, deliveriesQuery, deliveryIdQuery, exportQuery, previewQuery, setScheduleRequest, templateIdQuery, updateTemplateRequest } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { fileResponse, mediaTypes } from '@server/platform/openapi';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { cabinCaller } from '../cabin/cabin.service';
import type { ReportsService } from './reports.service';

const tags = ['reports'];

function sendFile(reply: FastifyReply, file: { body: Buffer; fileName: string; contentType: string }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** Report templates (docs/reports.md): sd_capsule, then the node's level (read to preview and export, read-write to edit). */
export function registerReportsRoutes(app: FastifyInstance, reports: ReportsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));
  const capsule = { permission: 'sd_capsule' } as const;

  r.post(
    '/general/report/addTemplate',
    { config: capsule, schema: { tags, summary: 'A report template node under a directory (read-write there); answers its id', body: addTemplateRequest } },
    async (request) => ok(await reports.addTemplate(caller(request), request.body)),
  );

  r.post(
    '/general/report/updateTemplate',
    { config: capsule, schema: { tags, summary: "A template's cells, merges and column widths (read-write)", body: updateTemplateRequest } },
    async (request) => {
      await reports.updateTemplate(caller(request), request.body);
      return ok(null);
    },
  );

  r.get(
    '/general/report/getTemplate',
    { config: capsule, schema: { tags, summary: 'A template with its layout and schedule (read)', querystring: templateIdQuery } },
    async (request) => ok(await reports.getTemplate(caller(request), request.query.id)),
  );

  r.get(
    '/general/report/preview',
    { config: capsule, schema: { tags, summary: "A template's cells computed for a period: day, week, month (company zone) or from–to (read)", querystring: previewQuery } },
    async (request) => ok(await reports.preview(caller(request), request.query)),
  );

  r.get(
    '/general/report/export',
    { config: capsule, schema: { tags, summary: 'The report of a period as XLSX or PDF (read)', querystring: exportQuery, response: fileResponse([mediaTypes.xlsx, mediaTypes.pdf], 'The report (XLSX or PDF, as the template says)') } },
    async (request, reply) => sendFile(reply, await reports.exportReport(caller(request), request.query)),
  );

  r.post(
    '/general/report/setSchedule',
    { config: capsule, schema: { tags, summary: 'Daily, weekly or monthly delivery of the period that closed, in-app and by e-mail (read-write)', body: setScheduleRequest } },
    async (request) => ok(await reports.setSchedule(caller(request), request.body)),
  );

  r.get(
    '/general/report/getDeliveries',
    { config: capsule, schema: { tags, summary: 'Delivered scheduled reports of the templates the caller may read, newest first', querystring: deliveriesQuery } },
    async (request) => ok(await reports.deliveries(caller(request), request.query)),
  );

  r.get(
    '/general/report/downloadDelivery',
    { config: capsule, schema: { tags, summary: 'The file of a delivered report (read on its template)', querystring: deliveryIdQuery, response: fileResponse([mediaTypes.xlsx, mediaTypes.pdf], 'The delivered report (XLSX or PDF)') } },
    async (request, reply) => sendFile(reply, await reports.downloadDelivery(caller(request), request.query.id)),
  );
}
