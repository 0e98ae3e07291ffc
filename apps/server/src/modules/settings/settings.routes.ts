import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addTagRequest, deleteTagRequest, tagListQuery, updateTagRequest } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { companyOf } from '@server/platform/auth/hook';
import type { SettingsService } from './settings.service';

/** System settings: tags (sys_tag) and device access (sys_io_socket). */
export function registerSettingsRoutes(app: FastifyInstance, { settings }: { settings: SettingsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tagRoute = { permission: 'sys_tag' } as const;
  const ioSocketRoute = { permission: 'sys_io_socket' } as const;

  r.get(
    '/general/tag/getTagList',
    { config: tagRoute, schema: { tags: ['settings'], summary: "The company's tags (paged, optional keyword)", querystring: tagListQuery } },
    async (request) => {
      const { pageNum, pageSize, keyword } = request.query;
      return ok(await settings.tagPage(companyOf(request), pageNum, pageSize, keyword));
    },
  );

  r.post(
    '/general/tag/addTag',
    { config: tagRoute, schema: { tags: ['settings'], summary: 'Add a tag (name unique in the company)', body: addTagRequest } },
    async (request) => ok(await settings.addTag(companyOf(request), request.body)),
  );

  r.post(
    '/general/tag/updateTag',
    { config: tagRoute, schema: { tags: ['settings'], summary: 'Rename or recolor a tag', body: updateTagRequest } },
    async (request) => {
      await settings.updateTag(companyOf(request), request.body);
      return ok(null);
    },
  );

  r.post(
    '/general/tag/deleteTag',
    { config: tagRoute, schema: { tags: ['settings'], summary: 'Delete a tag', body: deleteTagRequest } },
    async (request) => {
      await settings.deleteTag(companyOf(request), request.body.id);
      return ok(null);
    },
  );

  r.get(
    '/general/company/getIoSocket',
    { config: ioSocketRoute, schema: { tags: ['settings'], summary: 'MQTT address and access key for the devices of the company' } },
    async (request) => ok(await settings.ioSocket(companyOf(request), request)),
  );

  r.post(
    '/general/company/regenerateIoSocketSecret',
    { config: ioSocketRoute, schema: { tags: ['settings'], summary: 'A new device access secret, shown once' } },
    async (request) => ok(await settings.regenerateSecret(companyOf(request))),
  );
}
