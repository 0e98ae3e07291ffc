import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  objectKeyRequest,
  objectKeySchema,
  removeSysCompanyLogoRequest,
  signedDownloadQuery,
  signedObjectQuery,
  storageLimits,
  uploadCredentialRequest,
} from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { fileResponse } from '@server/platform/openapi';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import type { ObjectStream, StorageService } from './storage.service';

const tags = ['storage'];
const keyParams = z.object({ '*': objectKeySchema });
/**
 * Types a browser may show inline (PDFs in the file page's frame, in Chromium's viewer); anything
 * else is a download, sandboxed either way.
 */
const inlineTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf']);

function sendObject(reply: FastifyReply, object: ObjectStream) {
  const disposition = inlineTypes.has(object.contentType) ? 'inline' : 'attachment';
  return reply
    .header('content-type', object.contentType)
    .header('content-length', object.size)
    .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(object.fileName)}`)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', object.visibility === 'public' ? 'public, max-age=3600' : 'private, max-age=300')
    // Logos and avatars may be shown by pages of other origins (a carousel on a big screen).
    .header('cross-origin-resource-policy', object.visibility === 'public' ? 'cross-origin' : 'same-origin')
    .send(object.stream);
}

/** Object storage calls (spec §7: upload, download and delete credentials; avatar; company logo). */
export function registerStorageRoutes(app: FastifyInstance, { storage }: { storage: StorageService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => ({ userId: sessionOf(request).userId, companyId: companyOf(request) });

  r.post(
    '/general/cos/getUploadCredential',
    { schema: { tags, summary: 'A signed upload URL (5 min) for one new object of the current company', body: uploadCredentialRequest } },
    async (request) => ok(await storage.grantUpload(caller(request), request.body)),
  );

  r.post(
    '/general/cos/getDownloadUrl',
    { schema: { tags, summary: 'A signed download URL (5 min) for an object of the current company', body: objectKeyRequest } },
    async (request) => ok(await storage.downloadUrl(caller(request), request.body.objectKey)),
  );

  r.post(
    '/general/cos/deleteObject',
    { schema: { tags, summary: 'Delete an object of the current company (uploader or company administrator)', body: objectKeyRequest } },
    async (request) => {
      await storage.deleteObject({ ...caller(request), isCompanyAdmin: sessionOf(request).codes.has('sys_company_info') }, request.body.objectKey);
      return ok(null);
    },
  );

  r.get(
    '/general/cos/object/*',
    {
      config: { public: true },
      schema: { tags, operationId: 'getSignedObject', summary: 'Read an object through a signed URL (expires + sig)', params: keyParams, querystring: signedDownloadQuery, response: fileResponse(['*/*'], 'The object, with its own Content-Type') },
    },
    async (request, reply) => sendObject(reply, await storage.openSigned(request.params['*'], request.query.expires, request.query.sig)),
  );

  r.get(
    '/general/cos/public/*',
    { config: { public: true }, schema: { tags, operationId: 'getPublicObject', summary: 'Read a public object (avatar, logo) at its stable URL', params: keyParams, response: fileResponse(['*/*'], 'The object, with its own Content-Type') } },
    async (request, reply) => sendObject(reply, await storage.openPublic(request.params['*'])),
  );

  r.post(
    '/general/user/setAvatar',
    { config: { personal: true }, schema: { tags, summary: "Make an uploaded avatar object the current user's head image", body: objectKeyRequest } },
    async (request) => ok(await storage.setAvatar(caller(request), request.body.objectKey)),
  );

  r.post('/general/cos/removeAvatar', { config: { personal: true }, schema: { tags, summary: "Remove the current user's head image" } }, async (request) => {
    await storage.removeAvatar(sessionOf(request).userId);
    return ok(null);
  });

  r.post(
    '/general/company/setCompanyLogo',
    {
      config: { permission: 'sys_company_info' },
      schema: { tags, summary: 'Make an uploaded logo object the company logo (150 px thumbnail made here)', body: objectKeyRequest },
    },
    async (request) => ok(await storage.setCompanyLogo(caller(request), request.body.objectKey)),
  );

  r.post(
    '/general/cos/removeCompanyLogo',
    { config: { permission: 'sys_company_info' }, schema: { tags, summary: 'Remove the logo of the current company' } },
    async (request) => {
      await storage.removeCompanyLogo(companyOf(request));
      return ok(null);
    },
  );

  r.post(
    '/general/cos/removeSysCompanyLogo',
    {
      config: { platformAdmin: true, permission: 'system_company' },
      schema: { tags, summary: 'Remove the logo of any company (platform administrator)', body: removeSysCompanyLogoRequest },
    },
    async (request) => {
      await storage.removeCompanyLogo(request.body.companyId);
      return ok(null);
    },
  );

  // The raw-body upload of the local disk driver lives in its own scope: only here is any
  // content type read as a plain buffer, and the body may be as large as the largest object.
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: storageLimits.fileMaxBytes }, (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/general/cos/upload',
      {
        bodyLimit: storageLimits.fileMaxBytes,
        config: { public: true },
        schema: { tags, summary: 'Upload the file body to a signed upload URL (local disk storage)', querystring: signedObjectQuery },
      },
      async (request) => {
        const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await storage.receiveUpload(request.query, request.headers['content-type'], payload);
        return ok(null);
      },
    );
    done();
  });
}
