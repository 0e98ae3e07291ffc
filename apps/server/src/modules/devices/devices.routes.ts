import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addDeviceRequest,
  addFirmwareRequest,
  deviceIdQuery,
  deviceIdRequest,
  deviceListQuery,
  deviceTopics,
  firmwareListQuery,
  setDeviceStatusRequest,
  updateDeviceRequest,
  upgradeFirmwareRequest,
} from '@smartdata/domain';
import type { Platform } from '@server/platform/context';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { notFound, permissionDenied } from '@server/platform/errors';
import { cabinCaller, type CabinService } from '../cabin/cabin.service';
import type { StorageService } from '../storage/storage.service';
import { DeviceBus } from './deviceBus';
import { DevicesService } from './devices.service';
import { answer } from './answer';

const tags = ['devices'];
/** Devices (cd_device) and gateway pages (dm_gateway) use the same calls. */
export const devicePermission = ['cd_device', 'dm_gateway'] as const;

/**
 * The device registry, binding, firmware upgrades and the device side of the broker
 * (docs/devices.md). Devices are cabin nodes of kind `device`; pushes go to `devices:<companyId>`.
 */
export function registerDevicesRoutes(app: FastifyInstance, platform: Platform, deps: { cabin: CabinService; storage: StorageService }): DevicesService {
  const bus = new DeviceBus(platform.broker, app.log);
  const devices = new DevicesService(platform.db, deps.cabin, deps.storage, platform.realtime, bus, app.log);
  deps.cabin.registerKind('device', devices.nodeHandler());
  app.addHook('onReady', async () => devices.start());
  app.addHook('onClose', async () => devices.stop());

  platform.realtime.defineChannel(
    'devices',
    async (session, key) => {
      if (!devicePermission.some((code) => session.codes.has(code))) {
        throw permissionDenied();
      }
      if (session.companyId === null || String(session.companyId) !== key) {
        throw notFound();
      }
    },
    {
      // The channel carries every device of the company: each push names the device's cabin node
      // and reaches only those who may read it (at least read, cached levels checked per push).
      visible: (session, key, message) => {
        if (session.companyId === null || String(session.companyId) !== key || !devicePermission.some((code) => session.codes.has(code))) {
          return false;
        }
        const nodeId = (message.payload as { nodeId?: unknown } | null)?.nodeId;
        return typeof nodeId === 'number' && deps.cabin.pushLevels.readable(cabinCaller(session, session.companyId), nodeId);
      },
    },
  );
  platform.registry.acquisition.push(async (companyIds) => {
    const counts = await devices.repository.counts(companyIds);
    return new Map([...counts].map(([companyId, c]) => [companyId, { devicesTotal: c.total, devicesOnline: c.online }]));
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: devicePermission } as const;
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));

  r.post('/general/device/addDevice', { config, schema: { tags, summary: 'Register a device (a cabin node); the secret is answered once', body: addDeviceRequest } }, (request, reply) =>
    answer(request, reply, () => devices.add(caller(request), request.body)),
  );
  r.get('/general/device/getDeviceList', { config, schema: { tags, summary: 'Devices of the company the caller may see (paged, search, filters)', querystring: deviceListQuery } }, (request, reply) =>
    answer(request, reply, () => devices.list(caller(request), request.query)),
  );
  r.get('/general/device/getDevice', { config, schema: { tags, summary: 'One device with picture URLs and its last telemetry', querystring: deviceIdQuery } }, (request, reply) =>
    answer(request, reply, () => devices.get(caller(request), request.query.id)),
  );
  r.post('/general/device/updateDevice', { config, schema: { tags, summary: 'Change name, model, address, remarks, pictures', body: updateDeviceRequest } }, (request, reply) =>
    answer(request, reply, () => devices.update(caller(request), request.body)),
  );
  r.post('/general/device/deleteDevice', { config, schema: { tags, summary: 'Delete a device, its configuration and history (admin level on its node)', body: deviceIdRequest } }, (request, reply) =>
    answer(request, reply, async () => {
      await devices.remove(caller(request), request.body.id);
      return null;
    }),
  );
  r.post('/general/device/rotateSecret', { config, schema: { tags, summary: 'A new device secret (answered once); open connections are closed', body: deviceIdRequest } }, (request, reply) =>
    answer(request, reply, () => devices.rotateSecret(caller(request), request.body.id)),
  );
  r.post('/general/device/setStatus', { config, schema: { tags, summary: 'Lifecycle move; an illegal one is 40900 with its reason', body: setDeviceStatusRequest } }, (request, reply) =>
    answer(request, reply, () => devices.setStatus(caller(request), request.body.id, request.body.status)),
  );
  r.post('/general/device/bind', { config, schema: { tags, summary: 'Send the bind command; the device confirms (state awaiting until then)', body: deviceIdRequest } }, (request, reply) =>
    answer(request, reply, () => devices.bind(caller(request), request.body.id)),
  );
  r.post('/general/device/unbind', { config, schema: { tags, summary: 'Unbind a bound device', body: deviceIdRequest } }, (request, reply) =>
    answer(request, reply, () => devices.unbind(caller(request), request.body.id)),
  );
  r.get('/general/device/getConnectInfo', { config, schema: { tags, summary: 'How a device connects: broker host and port, topics' } }, (request, reply) =>
    answer(request, reply, async () => ({
      host: platform.config.mqttPublicHost ?? null,
      port: platform.config.mqttPublicPort ?? platform.broker?.port ?? null,
      topics: { telemetry: deviceTopics.telemetry('{sn}'), event: deviceTopics.event('{sn}'), online: deviceTopics.online('{sn}'), command: deviceTopics.command('{sn}') },
    })),
  );

  r.get(
    '/general/device/getFirmwareList',
    { config: { permission: [...devicePermission, 'dm_firmware'] }, schema: { tags, summary: 'Firmware packages (paged, by model)', querystring: firmwareListQuery } },
    (request, reply) => answer(request, reply, () => devices.listFirmware(caller(request), request.query)),
  );
  r.post(
    '/general/device/addFirmware',
    { config: { permission: ['dm_firmware', 'dm_gateway'] }, schema: { tags, summary: 'Register a firmware package uploaded through /general/cos (purpose gateway)', body: addFirmwareRequest } },
    (request, reply) => answer(request, reply, () => devices.addFirmware(caller(request), request.body)),
  );
  r.post(
    '/general/device/deleteFirmware',
    { config: { permission: ['dm_firmware', 'dm_gateway'] }, schema: { tags, summary: 'Delete a firmware package (not while it is being installed)', body: deviceIdRequest } },
    (request, reply) =>
      answer(request, reply, async () => {
        await devices.deleteFirmware(caller(request), request.body.id);
        return null;
      }),
  );
  r.post('/general/device/upgradeFirmware', { config, schema: { tags, summary: 'Push a firmware package; progress and the outcome come as device pushes', body: upgradeFirmwareRequest } }, (request, reply) =>
    answer(request, reply, () => devices.upgrade(caller(request), request.body.deviceId, request.body.firmwareId)),
  );
  r.get('/general/device/getOtaHistory', { config, schema: { tags, summary: 'The last 50 firmware upgrades of a device', querystring: deviceIdQuery } }, (request, reply) =>
    answer(request, reply, () => devices.otaHistory(caller(request), request.query.id)),
  );
  return devices;
}
