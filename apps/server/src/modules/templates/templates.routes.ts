import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addContentTemplateRequest,
  addDocTemplateRequest,
  docTemplateQuery,
  docTemplatesQuery,
  idRequest,
  renderContentQuery,
  renderDocumentQuery,
  updateContentTemplateRequest,
  updateDocTemplateRequest,
} from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { fileResponse, mediaTypes } from '@server/platform/openapi';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import { cabinCaller } from '../cabin/cabin.service';
import type { TemplatesService } from './templates.service';

const tags = ['templates'];

/** Document and content templates (docs/templates.md): sd_capsule, then the data item's node level. */
export function registerTemplatesRoutes(app: FastifyInstance, templates: TemplatesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));
  const capsule = { permission: 'sd_capsule' } as const;

  r.get(
    '/general/template/getDocTemplates',
    { config: capsule, schema: { tags, summary: "A data item's document templates (read on the item)", querystring: docTemplatesQuery } },
    async (request) => ok(await templates.docTemplates(caller(request), request.query.itemId)),
  );
  r.get(
    '/general/template/getDocTemplate',
    { config: capsule, schema: { tags, summary: 'A document template with its TipTap body (read on the item)', querystring: docTemplateQuery } },
    async (request) => ok(await templates.docTemplate(caller(request), request.query.id)),
  );
  r.post(
    '/general/template/addDocTemplate',
    { config: capsule, schema: { tags, summary: 'A document template of a data item (read-write on the item)', body: addDocTemplateRequest } },
    async (request) => ok(await templates.addDocTemplate(caller(request), request.body)),
  );
  r.post(
    '/general/template/updateDocTemplate',
    { config: capsule, schema: { tags, summary: "A document template's name and body (read-write on the item)", body: updateDocTemplateRequest } },
    async (request) => {
      await templates.updateDocTemplate(caller(request), request.body);
      return ok(null);
    },
  );
  r.post(
    '/general/template/deleteDocTemplate',
    { config: capsule, schema: { tags, summary: 'Delete a document template (read-write on the item)', body: idRequest } },
    async (request) => {
      await templates.deleteDocTemplate(caller(request), request.body.id);
      return ok(null);
    },
  );
  r.get(
    '/general/template/renderDocument',
    { config: capsule, schema: { tags, summary: 'A document template filled for one record of its item, as JSON and HTML (read on the item)', querystring: renderDocumentQuery } },
    async (request) => ok(await templates.renderDocument(caller(request), request.query.templateId, request.query.recordId, requestLocale(request))),
  );
  r.get(
    '/general/template/exportDocumentPdf',
    { config: capsule, schema: { tags, summary: 'A document template filled for one record, as PDF (read on the item)', querystring: renderDocumentQuery, response: fileResponse([mediaTypes.pdf], 'The filled document (PDF)') } },
    async (request, reply) => {
      const file = await templates.exportDocumentPdf(caller(request), request.query.templateId, request.query.recordId, requestLocale(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  r.get(
    '/general/template/getContentTemplates',
    { config: capsule, schema: { tags, summary: "The company's content templates" } },
    async (request) => ok(await templates.contentTemplates(caller(request))),
  );
  r.post(
    '/general/template/addContentTemplate',
    { config: capsule, schema: { tags, summary: 'A content template: a named text with {{placeholders}}', body: addContentTemplateRequest } },
    async (request) => ok(await templates.addContentTemplate(caller(request), request.body)),
  );
  r.post(
    '/general/template/updateContentTemplate',
    { config: capsule, schema: { tags, summary: "A content template's name, item and text", body: updateContentTemplateRequest } },
    async (request) => {
      await templates.updateContentTemplate(caller(request), request.body);
      return ok(null);
    },
  );
  r.post(
    '/general/template/deleteContentTemplate',
    { config: capsule, schema: { tags, summary: 'Delete a content template', body: idRequest } },
    async (request) => {
      await templates.deleteContentTemplate(caller(request), request.body.id);
      return ok(null);
    },
  );
  r.get(
    '/general/template/renderContent',
    { config: capsule, schema: { tags, summary: 'A content template filled for one record (read on its item)', querystring: renderContentQuery } },
    async (request) => ok(await templates.renderContent(caller(request), request.query.templateId, request.query.recordId, requestLocale(request))),
  );
}
