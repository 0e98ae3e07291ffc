import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bindingsQuery, bindItemRequest, unbindItemRequest } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { cabinCaller } from '../cabin/cabin.service';
import type { TelemetryService } from './telemetry.service';

const tags = ['telemetry'];

/** Bindings of IoT data lists to devices (docs/telemetry.md). */
export function registerTelemetryRoutes(app: FastifyInstance, telemetry: TelemetryService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'sd_capsule' } as const;
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));

  r.post('/general/telemetry/bindItem', { config, schema: { tags, summary: 'Bind an IoT data list (kind 13) to a device: its telemetry keys fill the fields of the same fieldName', body: bindItemRequest } }, async (request) =>
    ok(await telemetry.bind(caller(request), request.body)),
  );
  r.post('/general/telemetry/unbindItem', { config, schema: { tags, summary: 'Unbind an IoT data list from its device (kept records stay)', body: unbindItemRequest } }, async (request) => {
    await telemetry.unbind(caller(request), request.body.itemId);
    return ok(null);
  });
  r.get('/general/telemetry/getBindings', { config, schema: { tags, summary: 'The binding of an item, or the items bound to a device', querystring: bindingsQuery } }, async (request) =>
    ok(await telemetry.list(caller(request), request.query)),
  );
}
