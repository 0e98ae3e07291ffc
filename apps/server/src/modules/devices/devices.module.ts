import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import { notFound, permissionDenied } from '@server/platform/errors';
import { cabinCaller, type CabinService } from '../cabin/cabin.service';
import { DeviceOnlineChanges } from './deviceAlarms.port';
import { deviceTopics } from '@smartdata/domain';
import { deviceTransports, publicMqttPort } from '@server/platform/deviceConnect';
import { registerDeviceApiRoutes } from './deviceApi.routes';
import { DeviceBus } from './deviceBus';
import { DeviceItems } from './deviceItems';
import { DeviceLifecycleService, type DeviceLifecycle } from './deviceLifecycle.port';
import { DeviceLinkService, type CompanyNames } from './deviceLink.service';
import { devicePermission } from './devicePermission.port';
import { DevicesRepository } from './devices.repository';
import { registerDevicesRoutes } from './devices.routes';
import { DevicesService, defaultTimeouts, type DeviceObjects, type DeviceTimeouts } from './devices.service';
import { FirmwareService } from './firmware.service';
import type { GatewayDevices } from './gatewayDevices.port';
import { LastTelemetry } from './lastTelemetry';
import { repeatWhileOpen } from '@server/platform/repeat';
import { SecretBox, settingsSecretSource } from '@server/platform/secretBox';
import { MosquittoDeviceAccounts, noBrokerAccounts, secretPurpose } from './deviceBrokerAccounts';

/** The deadline sweep and its time-outs, for tests that move past a deadline instead of waiting. */
export interface DeviceDeadlines {
  /** Fails bindings, config pushes, detections and upgrades whose deadline is before `now`. */
  sweep(now?: number): Promise<void>;
  readonly timeouts: DeviceTimeouts;
}

export interface DevicesModule {
  /** The registry: other modules check a caller's access to a device here (telemetry). */
  devices: DevicesService;
  /** The port of the gateways module (config pushes, detections, their answers). */
  gatewayDevices: GatewayDevices;
  deadlines: DeviceDeadlines;
  /** The port of the alarms module: online changes, and devices described for alarm targets. */
  onlineChanges: DeviceOnlineChanges;
  /** The port of production and inventory: lifecycle moves inside their documents' transactions. */
  lifecycle: DeviceLifecycle;
}

/** How often the deadlines are swept. */
const sweepMs = 1000;

/**
 * The devices module (docs/devices.md): the registry, binding, firmware upgrades and the device
 * side of the broker. Devices are cabin nodes of kind `device`; pushes go to `devices:<companyId>`
 * and reach only who may read the device's node. Needs the cabin, the object store (pictures,
 * firmware files) and the companies' names (shown on the device when binding).
 */
export function registerDevicesModule(app: FastifyInstance, platform: Platform, deps: { cabin: CabinService; storage: DeviceObjects; companies: CompanyNames }): DevicesModule {
  const { cabin } = deps;
  const repository = new DevicesRepository(platform.db);
  const bus = new DeviceBus(platform.broker, app.log, platform.externalBroker, platform.config.mqttMaxConnectionsPerDevice);
  const timeouts: DeviceTimeouts = { ...defaultTimeouts };
  const objects = deps.storage;
  const items = new DeviceItems(repository, platform.realtime);
  const lastTelemetry = new LastTelemetry();
  const onlineChanges = new DeviceOnlineChanges(app.log);
  const box = new SecretBox(settingsSecretSource({ secret: platform.config.settingsSecret, dataDir: platform.config.dataDir }));
  const sealSecret = (sn: string, secret: string) => box.encrypt(secret, secretPurpose(sn));
  // An external Mosquitto with dynamic security gets each device's account (docs/operations.md).
  const { mqttUrl, mqttDynsec } = platform.config;
  const brokerAccounts = mqttUrl && mqttDynsec ? new MosquittoDeviceAccounts(mqttUrl, repository, box, app.log) : null;
  if (brokerAccounts) {
    app.addHook('onReady', async () => {
      await brokerAccounts.start();
    });
    app.addHook('onClose', () => brokerAccounts.close());
  }
  const devices = new DevicesService(repository, cabin, objects, items, lastTelemetry, bus, brokerAccounts ?? noBrokerAccounts, sealSecret);
  const firmware = new FirmwareService(repository, devices, objects, items, bus, timeouts);
  const lifecycle = new DeviceLifecycleService(repository, cabin, items, (caller, id) => devices.requireRow(caller, id, 'read'), sealSecret);
  const link = new DeviceLinkService(repository, devices, firmware, items, lastTelemetry, bus, deps.companies, timeouts, onlineChanges);

  const sweep = async (now = Date.now()) => {
    await link.sweep(now);
    await firmware.sweep(now);
  };
  repeatWhileOpen(app, { name: 'device deadline sweep', everyMs: sweepMs, sweep: () => sweep(), onReady: () => link.start() });

  cabin.registerKind('device', devices.nodeHandler());
  platform.realtime.defineChannel(
    'devices',
    (session, key) => {
      if (!devicePermission.some((code) => session.codes.has(code))) {
        return Promise.reject(permissionDenied());
      }
      if (session.companyId === null || String(session.companyId) !== key) {
        return Promise.reject(notFound());
      }
      return Promise.resolve();
    },
    {
      // The channel carries every device of the company: each push names the device's cabin node
      // and reaches only those who may read it (at least read, cached levels checked per push).
      visible: (session, key, message) => {
        if (session.companyId === null || String(session.companyId) !== key || !devicePermission.some((code) => session.codes.has(code))) {
          return false;
        }
        const nodeId = (message.payload as { nodeId?: unknown } | null)?.nodeId;
        return typeof nodeId === 'number' && cabin.pushLevels.readable(cabinCaller(session, session.companyId), nodeId);
      },
    },
  );
  platform.registry.acquisition.push(async (companyIds) => {
    const counts = await devices.counts(companyIds);
    return new Map([...counts].map(([companyId, c]) => [companyId, { devicesTotal: c.total, devicesOnline: c.online }]));
  });

  const { config, broker } = platform;
  registerDevicesRoutes(app, {
    devices,
    firmware,
    link,
    lifecycle,
    connectInfo: (request) => ({
      host: config.mqttPublicHost ?? request.hostname,
      port: publicMqttPort(config, broker?.port ?? null),
      topics: { telemetry: deviceTopics.telemetry('{sn}'), event: deviceTopics.event('{sn}'), online: deviceTopics.online('{sn}'), command: deviceTopics.command('{sn}') },
      transports: deviceTransports(config, broker, request),
    }),
    brokerCa: () => broker?.caPem ?? null,
  });
  registerDeviceApiRoutes(app, { bus, inbox: platform.deviceHttp, maxBodyBytes: config.mqttMaxPacketBytes, ratePerMinute: config.deviceHttpRatePerMinute });
  return { devices, gatewayDevices: link, deadlines: { sweep, timeouts }, onlineChanges, lifecycle };
}
