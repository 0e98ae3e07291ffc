import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  certificateIdRequest,
  checkFlowRequest,
  configVersionQuery,
  configVersionsQuery,
  detectConfigRequest,
  gatewayDeviceQuery,
  gatewayDeviceRequest,
  rollbackConfigRequest,
  saveFlowRequest,
  saveLinksRequest,
  saveSerialRequest,
  uploadCertificateRequest,
} from '@smartdata/domain';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { ok } from '@server/platform/envelope';
import { requestLocale } from '@server/platform/i18n';
import { cabinCaller } from '../cabin/cabin.service';
import { devicePermission } from '../devices/devicePermission.port';
import { problemView } from './flowRejected';
import type { GatewaysService } from './gateways.service';

const tags = ['gateways'];

/** Gateway configuration: flow documents, serial settings, links, certificates, remote config (docs/devices.md). */
export function registerGatewaysRoutes(app: FastifyInstance, gateways: GatewaysService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: devicePermission } as const;
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));

  r.post('/general/gateway/checkFlow', { config: { ...config, readOnly: true }, schema: { tags, summary: 'Check a flow document for a firmware version: 0 {warnings} or 50001 {data: first reason, reasons}', body: checkFlowRequest } }, async (request) => {
    const warnings = await gateways.checkOrReject(companyOf(request), request.body.flow, request.body.firmwareVersion);
    const locale = requestLocale(request);
    return ok({ warnings: warnings.map((p) => problemView(p, locale)) });
  });
  r.get('/general/gateway/getFlow', { config, schema: { tags, summary: "A gateway's saved flow document and firmware version", querystring: gatewayDeviceQuery } }, async (request) =>
    ok(await gateways.getConfig(caller(request), request.query.deviceId)),
  );
  r.post('/general/gateway/saveFlow', { config, schema: { tags, summary: "Check with the device's firmware, then save (no push)", body: saveFlowRequest } }, async (request) => {
    const saved = await gateways.saveFlow(caller(request), request.body.deviceId, request.body.flow);
    const locale = requestLocale(request);
    return ok({ savedAt: saved.savedAt, warnings: saved.warnings.map((p) => problemView(p, locale)) });
  });
  r.post('/general/gateway/saveSerial', { config, schema: { tags, summary: 'Save the serial settings of the gateway', body: saveSerialRequest } }, async (request) => {
    await gateways.saveSerial(caller(request), request.body.deviceId, request.body.serial);
    return ok(null);
  });
  r.post('/general/gateway/saveLinks', { config, schema: { tags, summary: 'Save the MQTT links (at most 3) of the gateway', body: saveLinksRequest } }, async (request) => {
    await gateways.saveLinks(caller(request), request.body.deviceId, request.body.links);
    return ok(null);
  });
  r.post('/general/gateway/pushConfig', { config, schema: { tags, summary: 'Remote config update: keep the saved document as a version, push it (state updating)', body: gatewayDeviceRequest } }, async (request) =>
    ok(await gateways.pushConfig(caller(request), request.body.deviceId)),
  );
  r.post('/general/gateway/detectConfig', { config, schema: { tags, summary: 'Config detection on the device (state detecting); passed is saved', body: detectConfigRequest } }, async (request) =>
    ok(await gateways.detect(caller(request), request.body.deviceId, request.body.flow)),
  );
  r.post('/general/gateway/runFlow', { config, schema: { tags, summary: 'Server-triggered execution of the flow', body: gatewayDeviceRequest } }, async (request) => {
    await gateways.run(caller(request), request.body.deviceId);
    return ok(null);
  });
  r.get('/general/gateway/getConfigVersions', { config, schema: { tags, summary: 'Configuration history (newest first)', querystring: configVersionsQuery } }, async (request) =>
    ok(await gateways.versions(caller(request), request.query.deviceId, request.query)),
  );
  r.get(
    '/general/gateway/getConfigVersion',
    { config, schema: { tags, summary: 'One version with its document', querystring: configVersionQuery } },
    async (request) => ok(await gateways.version(caller(request), request.query.deviceId, request.query.version)),
  );
  r.post('/general/gateway/rollbackConfig', { config, schema: { tags, summary: 'Make a version current again (the current one is kept first)', body: rollbackConfigRequest } }, async (request) =>
    ok(await gateways.rollback(caller(request), request.body.deviceId, request.body.version)),
  );
  r.post('/general/gateway/uploadCertificate', { config, schema: { tags, summary: 'Upload a CA or self-signed X.509 certificate (.ctr/.pem/.cer), parsed and checked', body: uploadCertificateRequest } }, async (request) =>
    ok(await gateways.uploadCertificate(caller(request), request.body)),
  );
  r.get('/general/gateway/getCertificateList', { config, schema: { tags, summary: 'Certificates of the company' } }, async (request) =>
    ok(await gateways.certificates(caller(request))),
  );
  r.post('/general/gateway/deleteCertificate', { config, schema: { tags, summary: 'Delete a certificate no saved configuration uses', body: certificateIdRequest } }, async (request) => {
    await gateways.deleteCertificate(caller(request), request.body.id);
    return ok(null);
  });
}
