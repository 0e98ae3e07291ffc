import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bindingsQuery, bindItemRequest, telemetryMessage, unbindItemRequest } from '@smartdata/domain';
import type { Platform } from '@server/platform/context';
import { ok } from '@server/platform/envelope';
import { AppError } from '@server/platform/errors';
import { requestLocale } from '@server/platform/i18n';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { cabinCaller, type CabinService } from '../cabin/cabin.service';
import type { DataItemsService } from '../data-items/dataItems.service';
import type { DevicesService } from '../devices/devices.service';
import { TelemetryIngest, type IngestOptions } from './ingest';
import { TelemetryRepository } from './telemetry.repository';
import { TelemetryService } from './telemetry.service';

const tags = ['telemetry'];

/** Runs a route; a telemetry message key in a refusal is translated into the caller's language. */
async function answer<T>(request: FastifyRequest, _reply: FastifyReply, work: () => Promise<T>) {
  try {
    return ok(await work());
  } catch (error) {
    if (error instanceof AppError && error.reason) {
      const text = telemetryMessage(error.reason, requestLocale(request));
      if (text !== null) {
        throw new AppError(error.code, text, error.data);
      }
    }
    throw error;
  }
}

/**
 * Telemetry ingest (docs/telemetry.md): bindings of IoT data lists to devices, the broker's
 * publish hook that turns device values into records (group commit, PUBACK after commit), and the
 * values received per company on the acquisition page.
 */
export function registerTelemetryRoutes(app: FastifyInstance, platform: Platform, deps: { cabin: CabinService; dataItems: DataItemsService; devices: DevicesService; options?: Partial<IngestOptions> }): { telemetry: TelemetryService; ingest: TelemetryIngest } {
  const ingest = new TelemetryIngest(platform.db, platform.dbKind, deps.dataItems, platform.realtime, app.log, deps.options);
  const telemetry = new TelemetryService(platform.db, deps.dataItems, deps.devices, ingest);
  // A deleted data item or device takes its bindings along (and devices stop feeding it at once).
  deps.cabin.onRemove('dataItem', (trx, companyId, itemIds) => new TelemetryRepository(trx).deleteOf(companyId, 'item_id', itemIds));
  deps.cabin.onRemove('device', (trx, companyId, deviceIds) => new TelemetryRepository(trx).deleteOf(companyId, 'device_id', deviceIds));
  ingest.attach(platform.broker);
  // Before the broker and the database close (onClose hooks run in reverse order of registration).
  app.addHook('preClose', async () => {
    platform.broker?.setPublishHook(null);
    await ingest.close();
  });
  platform.registry.acquisition.push(async (companyIds, { today, yesterday }) => {
    // Records (one per payload and item) are counted by the data-items module; this adds the
    // remaining values, so the page shows values received.
    const counts = await telemetry.repository.counts(companyIds, yesterday, today);
    return new Map([...counts].map(([companyId, c]) => [companyId, { valuesToday: c.today, valuesYesterday: c.yesterday }]));
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'sd_capsule' } as const;
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));

  r.post('/general/telemetry/bindItem', { config, schema: { tags, summary: 'Bind an IoT data list (kind 13) to a device: its telemetry keys fill the fields of the same fieldName', body: bindItemRequest } }, (request, reply) =>
    answer(request, reply, () => telemetry.bind(caller(request), request.body)),
  );
  r.post('/general/telemetry/unbindItem', { config, schema: { tags, summary: "Unbind an IoT data list from its device (kept records stay)", body: unbindItemRequest } }, (request, reply) =>
    answer(request, reply, async () => {
      await telemetry.unbind(caller(request), request.body.itemId);
      return null;
    }),
  );
  r.get('/general/telemetry/getBindings', { config, schema: { tags, summary: 'The binding of an item, or the items bound to a device', querystring: bindingsQuery } }, (request, reply) =>
    answer(request, reply, () => telemetry.list(caller(request), request.query)),
  );
  return { telemetry, ingest };
}
