import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addDeviceRequest,
  addFirmwareRequest,
  claimDeviceRequest,
  deviceIdQuery,
  deviceIdRequest,
  deviceListQuery,
  deviceHistoryQuery,
  brokerCaPath,
  type DeviceConnectInfo,
  firmwareListQuery,
  setDeviceStatusRequest,
  updateDeviceRequest,
  upgradeFirmwareRequest,
} from '@smartdata/domain';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { ok } from '@server/platform/envelope';
import { fileResponse } from '@server/platform/openapi';
import { notFound } from '@server/platform/errors';
import { cabinCaller } from '../cabin/cabin.service';
import type { DeviceLifecycle } from './deviceLifecycle.port';
import type { DeviceLinkService } from './deviceLink.service';
import { devicePermission } from './devicePermission.port';
import type { DevicesService } from './devices.service';
import type { FirmwareService } from './firmware.service';

const tags = ['devices'];

/** What the device routes call, and where a device connects (the broker as devices reach it). */
export interface DevicesRouteServices {
  devices: DevicesService;
  firmware: FirmwareService;
  link: DeviceLinkService;
  lifecycle: DeviceLifecycle;
  /** How a device reaches this server (every transport), as seen from the request's address. */
  connectInfo: (request: FastifyRequest) => DeviceConnectInfo;
  /** The private CA's certificate (PEM) devices trust for MQTTS; null when the operator's certificate is used or TLS is off. */
  brokerCa: () => string | null;
}

/** The calls of the device registry, binding and firmware upgrades (docs/devices.md). */
export function registerDevicesRoutes(app: FastifyInstance, services: DevicesRouteServices): void {
  const { devices, firmware, link, lifecycle, connectInfo, brokerCa } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: devicePermission } as const;
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));

  r.post('/general/device/addDevice', { config, schema: { tags, summary: 'Register a device (a cabin node); the secret is answered once', body: addDeviceRequest } }, async (request) =>
    ok(await devices.add(caller(request), request.body)),
  );
  r.get('/general/device/getDeviceList', { config, schema: { tags, summary: 'Devices of the company the caller may see (paged, search, filters)', querystring: deviceListQuery } }, async (request) =>
    ok(await devices.list(caller(request), request.query)),
  );
  r.get('/general/device/getDevice', { config, schema: { tags, summary: 'One device with picture URLs and its last telemetry', querystring: deviceIdQuery } }, async (request) =>
    ok(await devices.get(caller(request), request.query.id)),
  );
  r.get('/general/device/getLifecycle', { config, schema: { tags, summary: 'The lifecycle history of a device: each move with its document, time and user (oldest first)', querystring: deviceHistoryQuery } }, async (request) =>
    ok(await lifecycle.history(caller(request), request.query.id)),
  );
  r.post('/general/device/updateDevice', { config, schema: { tags, summary: 'Change name, model, address, remarks, pictures', body: updateDeviceRequest } }, async (request) =>
    ok(await devices.update(caller(request), request.body)),
  );
  r.post('/general/device/deleteDevice', { config, schema: { tags, summary: 'Delete a device, its configuration and history (admin level on its node)', body: deviceIdRequest } }, async (request) => {
    await devices.remove(caller(request), request.body.id);
    return ok(null);
  });
  r.post('/general/device/rotateSecret', { config, schema: { tags, summary: 'A new device secret (answered once); open connections are closed', body: deviceIdRequest } }, async (request) =>
    ok(await devices.rotateSecret(caller(request), request.body.id)),
  );
  r.post('/general/device/setStatus', { config, schema: { tags, summary: 'Lifecycle move; an illegal one is 40900 with its reason', body: setDeviceStatusRequest } }, async (request) =>
    ok(await devices.setStatus(caller(request), request.body.id, request.body.status)),
  );
  r.post('/general/device/bind', { config, schema: { tags, summary: 'Send the bind command; the device confirms (state awaiting until then)', body: deviceIdRequest } }, async (request) =>
    ok(await link.bind(caller(request), request.body.id)),
  );
  r.post(
    '/general/device/claim',
    { config, schema: { tags, summary: "Claim a shipped device of another company by its SN: the device shows the caller's company and code, and once confirmed on it moves to the caller's company, bound", body: claimDeviceRequest } },
    async (request) => ok(await link.claim(caller(request), request.body.sn)),
  );
  r.post('/general/device/unbind', { config, schema: { tags, summary: 'Unbind a bound device', body: deviceIdRequest } }, async (request) =>
    ok(await link.unbind(caller(request), request.body.id)),
  );
  // Without MQTT_PUBLIC_HOST the broker is where the browser found the console (as getIoSocket).
  r.get(
    '/general/device/getConnectInfo',
    { config, schema: { tags, summary: 'How a device connects: every transport (MQTT, MQTTS, MQTT over WebSocket, HTTP) with its URL, protocol versions and CA, and the topics' } },
    (request) => ok(connectInfo(request)),
  );
  // Public: a CA certificate is no secret, and a device or a script fetches it without a session.
  r.get(
    brokerCaPath,
    { config: { public: true }, schema: { tags, summary: "The private CA certificate (PEM) of the embedded broker's MQTTS listener, for devices to trust", response: fileResponse(['application/x-pem-file'], 'The CA certificate (PEM)') } },
    async (request, reply) => {
      const pem = brokerCa();
      if (!pem) {
        throw notFound('device.brokerCa.none');
      }
      void request;
      return reply.header('content-type', 'application/x-pem-file').header('content-disposition', 'attachment; filename="smartdata-mqtt-ca.crt"').send(pem);
    },
  );

  r.get(
    '/general/device/getFirmwareList',
    { config: { permission: [...devicePermission, 'dm_firmware'] }, schema: { tags, summary: 'Firmware packages (paged, by model)', querystring: firmwareListQuery } },
    async (request) => ok(await firmware.listFirmware(caller(request), request.query)),
  );
  r.post(
    '/general/device/addFirmware',
    { config: { permission: ['dm_firmware', 'dm_gateway'] }, schema: { tags, summary: 'Register a firmware package uploaded through /general/cos (purpose gateway)', body: addFirmwareRequest } },
    async (request) => ok(await firmware.addFirmware(caller(request), request.body)),
  );
  r.post(
    '/general/device/deleteFirmware',
    { config: { permission: ['dm_firmware', 'dm_gateway'] }, schema: { tags, summary: 'Delete a firmware package (not while it is being installed)', body: deviceIdRequest } },
    async (request) => {
      await firmware.deleteFirmware(caller(request), request.body.id);
      return ok(null);
    },
  );
  r.post('/general/device/upgradeFirmware', { config, schema: { tags, summary: 'Push a firmware package; progress and the outcome come as device pushes', body: upgradeFirmwareRequest } }, async (request) =>
    ok(await firmware.upgrade(caller(request), request.body.deviceId, request.body.firmwareId)),
  );
  r.get('/general/device/getOtaHistory', { config, schema: { tags, summary: 'The last 50 firmware upgrades of a device', querystring: deviceIdQuery } }, async (request) =>
    ok(await firmware.otaHistory(caller(request), request.query.id)),
  );
}
