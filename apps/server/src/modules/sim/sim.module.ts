import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@server/platform/envelope';
import type { Platform } from '@server/platform/context';
import type { Scheduler } from '@server/platform/scheduler';
import { OutboundAllowList } from '@server/platform/outboundHttp';
import { repeatWhileOpen } from '@server/platform/repeat';
import { SecretBox, settingsSecretSource } from '@server/platform/secretBox';
import type { CabinService } from '../cabin/cabin.service';
import type { DevicesService } from '../devices/devices.service';
import { SimRepository } from './sim.repository';
import { registerSimRoutes } from './sim.routes';
import type { SimAlarms } from '../alarms/simAlarms.port';
import { LiveCarriers } from './liveCarriers';
import { SimCardsService } from './simCards.service';
import { SimCarrierImportService } from './simCarrierImport.service';
import { SimConnectionsService } from './simConnections.service';
import type { SimDependencies } from './simDependencies';
import { SimOperationsService } from './simOperations.service';
import { SimSyncService } from './simSync.service';
import { SimTransfer } from './simTransfer';

export interface SimModuleDependencies {
  cabin: CabinService;
  devices: Pick<DevicesService, 'requireDevice' | 'targets'>;
  /** The company's time zone (plan periods, usage days). */
  timeZone: (companyId: number) => Promise<string>;
  scheduler: Scheduler;
  /** Cloud monitoring's threshold alerts. */
  alarms: SimAlarms;
  now?: () => number;
  /** How often the periodic sync looks for due cards (default 5 minutes). */
  syncEveryMs?: number;
}

/** Tests move the simulated carrier's clock and run the periodic sync instead of waiting. */
export interface SimClock {
  /** Sets the module's clock (null: back to the real one). */
  setNow(now: number | null): void;
  /** Runs the periodic sync once; answers how many cards were due. */
  periodicSync(): Promise<number>;
}

/**
 * SIM traffic cards (issue 19, docs/sim.md): cards, carrier connections behind one provider
 * interface (the simulated carrier by default; China Mobile OneLink live, issue 36), asynchronous operations, sync now and a periodic
 * sync (cards not synced for 30 minutes, looked for every 5 minutes, run under the scheduler's
 * lease), daily usage, threshold alerts through cloud monitoring (alarms' SimAlarms port) and the
 * plan-exhaustion warning of a bound gateway (devices read through the devices service). A deleted
 * device leaves its card unbound.
 */
export function registerSimModule(app: FastifyInstance, platform: Platform, deps: SimModuleDependencies): SimClock {
  let fixed: number | null = null;
  const now = () => fixed ?? (deps.now ?? Date.now)();
  const simDeps: SimDependencies = {
    devices: {
      async require(caller, deviceId) {
        await deps.devices.requireDevice(caller, deviceId, 'read');
        const [device] = await deps.devices.targets(caller.companyId, [deviceId]);
        if (!device) {
          throw new Error('device vanished');
        }
        return device;
      },
      byIds: (companyId, ids) => deps.devices.targets(companyId, ids),
    },
    alarms: deps.alarms,
    timeZone: deps.timeZone,
    secrets: new SecretBox(settingsSecretSource({ secret: platform.config.settingsSecret, dataDir: platform.config.dataDir })),
    now,
  };
  const repository = new SimRepository(platform.db);
  const cards = new SimCardsService(platform.db, repository, simDeps);
  // The carriers' APIs reach only public addresses, or those operators list in WEBHOOK_ALLOW_HOSTS.
  const live = new LiveCarriers(new OutboundAllowList(platform.config.webhookAllowHosts));
  const connections = new SimConnectionsService(repository, live, simDeps);
  const sync = new SimSyncService(platform.db, repository, connections, live, simDeps);
  const carrierImport = new SimCarrierImportService(cards, connections, live, simDeps);
  registerSimRoutes(app, { cards, operations: new SimOperationsService(repository, simDeps), sync, connections, carrierImport }, new SimTransfer(cards, deps.timeZone));
  deps.cabin.onRemove('device', (trx, companyId, refIds) => cards.devicesRemoved(trx, companyId, refIds));
  // Every 5 minutes: when cards are due, one instance (the scheduler's lease) syncs them. Nothing
  // is written, not even the lease, while no card is due.
  repeatWhileOpen(app, {
    name: 'sim periodic sync',
    everyMs: deps.syncEveryMs ?? 5 * 60_000,
    sweep: async () => {
      if (await sync.anyCardDue()) {
        await deps.scheduler.runExclusive('simSync', async () => {
          await sync.periodicSync();
        });
      }
    },
  });
  if (platform.config.testRoutes) {
    // End-to-end runs (SMARTDATA_TEST_ROUTES=1) move the simulated carrier's clock instead of
    // waiting days: a test period ends after 7 days, a suspended number is kept after 30.
    app.withTypeProvider<ZodTypeProvider>().post(
      '/general/test/simClock',
      { config: { public: true }, schema: { hide: true, body: z.object({ now: z.number().int().positive().nullable() }) } },
      async (request) => {
        fixed = request.body.now;
        return ok({ now: now() });
      },
    );
  }
  return { setNow: (value) => (fixed = value), periodicSync: () => sync.periodicSync() };
}
