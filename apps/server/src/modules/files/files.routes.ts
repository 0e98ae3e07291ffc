import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addFileRequest, addFileVersionRequest, fileDownloadRequest, fileIdQuery, fileSettingsSchema } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { cabinCaller } from '../cabin/cabin.service';
import type { FilesService } from './files.service';

const tags = ['files'];

/** File nodes of the cabin (docs/cabin.md "Files and projects"): sd_capsule, then the node's level. */
export function registerFilesRoutes(app: FastifyInstance, files: FilesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));
  const capsule = { permission: 'sd_capsule' } as const;

  r.get(
    '/general/file/getFileSettings',
    { config: capsule, schema: { tags, summary: "The company's file size limit (MB) and allowed types" } },
    async (request) => ok(await files.settings(companyOf(request))),
  );

  r.post(
    '/general/file/updateFileSettings',
    { config: { permission: 'sys_company_info' }, schema: { tags, summary: 'Set the file size limit and allowed types (company administrator)', body: fileSettingsSchema } },
    async (request) => {
      await files.updateSettings(companyOf(request), request.body);
      return ok(null);
    },
  );

  r.post(
    '/general/file/addFile',
    { config: capsule, schema: { tags, summary: 'A file node from an uploaded object, under a directory or project (read-write there)', body: addFileRequest } },
    async (request) => ok(await files.addFile(caller(request), request.body)),
  );

  r.post(
    '/general/file/addFileVersion',
    { config: capsule, schema: { tags, summary: 'A new version of a file from an uploaded object (read-write); earlier versions stay', body: addFileVersionRequest } },
    async (request) => ok(await files.addVersion(caller(request), request.body.id, request.body.objectKey)),
  );

  r.get(
    '/general/file/getFile',
    { config: capsule, schema: { tags, summary: 'A file with its versions, newest first (read)', querystring: fileIdQuery } },
    async (request) => ok(await files.getFile(caller(request), request.query.id)),
  );

  r.post(
    '/general/file/getFileDownloadUrl',
    { config: capsule, schema: { tags, summary: 'A signed URL (5 min) of the current or a given version (read)', body: fileDownloadRequest } },
    async (request) => ok(await files.downloadUrl(caller(request), request.body.id, request.body.versionId)),
  );
}
