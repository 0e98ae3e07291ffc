import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addCardRequest,
  bindDeviceRequest,
  cardIdQuery,
  cardListQuery,
  changePlanRequest,
  deleteCardsRequest,
  deviceCardQuery,
  exportCardsQuery,
  importCardsRequest,
  importFromCarrierRequest,
  operateRequest,
  operationListQuery,
  syncRequest,
  testConnectionRequest,
  unbindDeviceRequest,
  updateCardRequest,
  updateConnectionRequest,
  usageQuery,
} from '@smartdata/domain';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { ok } from '@server/platform/envelope';
import { fileResponse, mediaTypes } from '@server/platform/openapi';
import { requestLocale } from '@server/platform/i18n';
import { cabinCaller } from '../cabin/cabin.service';
import type { SimCardsService } from './simCards.service';
import type { SimCarrierImportService } from './simCarrierImport.service';
import type { SimConnectionsService } from './simConnections.service';
import type { SimOperationsService } from './simOperations.service';
import type { SimSyncService } from './simSync.service';
import type { SimTransfer } from './simTransfer';

const tags = ['sim'];

/**
 * SIM traffic cards (docs/sim.md): every call takes dm_sim_card; the gateway page's card also
 * dm_gateway; the carrier connections are company settings (sys_company_info).
 */
export function registerSimRoutes(
  app: FastifyInstance,
  services: { cards: SimCardsService; operations: SimOperationsService; sync: SimSyncService; connections: SimConnectionsService; carrierImport: SimCarrierImportService },
  transfer: SimTransfer,
): void {
  const { cards: simCards, operations, sync, connections, carrierImport } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));
  const cards = { permission: 'dm_sim_card' } as const;
  const settings = { permission: 'sys_company_info' } as const;

  r.post('/general/sim/addCard', { config: cards, schema: { tags, summary: 'A card (ICCID 19–20 digits with a Luhn check digit, unique in the company); status none until the first sync', body: addCardRequest } }, async (request) =>
    ok(await simCards.addCard(caller(request), request.body)),
  );
  r.get('/general/sim/getCards', { config: cards, schema: { tags, summary: 'Cards (paged, newest first; by carrier, status, state, number or ICCID, usage %, bound)', querystring: cardListQuery } }, async (request) =>
    ok(await simCards.listCards(caller(request), request.query, requestLocale(request))),
  );
  r.get('/general/sim/getCard', { config: cards, schema: { tags, summary: "One card: plan, period, traffic, bound gateway and its plan-exhaustion warning", querystring: cardIdQuery } }, async (request) =>
    ok(await simCards.getCard(caller(request), request.query.id, requestLocale(request))),
  );
  r.get(
    '/general/sim/getDeviceCard',
    { config: { permission: ['dm_sim_card', 'dm_gateway'] }, schema: { tags, summary: "The card bound to a gateway (null when none), for the gateway's page", querystring: deviceCardQuery } },
    async (request) => ok(await simCards.deviceCard(caller(request), request.query.deviceId, requestLocale(request))),
  );
  r.post('/general/sim/updateCard', { config: cards, schema: { tags, summary: "The company's record of a card: number, IMSI, plan, alert %, the gateway's data frequency and payload, remarks", body: updateCardRequest } }, async (request) => {
    await simCards.updateCard(caller(request), request.body);
    return ok(null);
  });
  r.post('/general/sim/deleteCards', { config: cards, schema: { tags, summary: 'Deletes cards with their operations and usage history', body: deleteCardsRequest } }, async (request) => {
    await simCards.deleteCards(caller(request), request.body.ids);
    return ok(null);
  });
  r.post('/general/sim/bindDevice', { config: cards, schema: { tags, summary: 'Binds a card to a gateway of the company (one card per gateway)', body: bindDeviceRequest } }, async (request) => {
    await simCards.bindDevice(caller(request), request.body);
    return ok(null);
  });
  r.post('/general/sim/unbindDevice', { config: cards, schema: { tags, summary: 'Unbinds a card from its gateway', body: unbindDeviceRequest } }, async (request) => {
    await simCards.unbindDevice(caller(request), request.body.id);
    return ok(null);
  });

  r.post('/general/sim/operate', { config: cards, schema: { tags, summary: 'Activate, suspend or resume cards of one carrier: one operation per card, pending until the next sync', body: operateRequest } }, async (request) =>
    ok(await operations.operate(caller(request), request.body.ids, request.body.action, undefined, requestLocale(request))),
  );
  r.post('/general/sim/changePlan', { config: cards, schema: { tags, summary: 'Change the plan of cards of one carrier: one operation per card, pending until the next sync', body: changePlanRequest } }, async (request) =>
    ok(await operations.changePlan(caller(request), request.body, requestLocale(request))),
  );
  r.post('/general/sim/sync', { config: cards, schema: { tags, summary: 'Sync now: submit pending operations, read status and traffic, confirm or fail operations (all cards without ids)', body: syncRequest } }, async (request) =>
    ok(await sync.sync(companyOf(request), request.body.ids)),
  );
  r.get('/general/sim/getOperations', { config: cards, schema: { tags, summary: 'Operations of a card or the company (paged, newest first)', querystring: operationListQuery } }, async (request) =>
    ok(await operations.listOperations(caller(request), request.query, requestLocale(request))),
  );
  r.get('/general/sim/getUsage', { config: cards, schema: { tags, summary: 'MB per local day of the last days, of a card or the company', querystring: usageQuery } }, async (request) =>
    ok(await simCards.usage(caller(request), request.query)),
  );

  r.post(
    '/general/sim/importCards',
    // The file comes base64-encoded in the JSON body: room beyond the 1 MB default.
    { config: cards, bodyLimit: 12 * 1024 * 1024, schema: { tags, summary: 'Import an XLSX or CSV file (base64): every row or none, with a per-row report', body: importCardsRequest } },
    async (request) => ok(await transfer.import(caller(request), request.body, requestLocale(request))),
  );
  r.get('/general/sim/exportCards', { config: { ...cards, audit: true }, schema: { tags, summary: 'The cards of the filters as an XLSX or CSV file', querystring: exportCardsQuery, response: fileResponse([mediaTypes.xlsx, mediaTypes.csv], 'The cards (XLSX or CSV, as asked)') } }, async (request, reply) => {
    const file = await transfer.export(caller(request), request.query, requestLocale(request));
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });

  r.get('/general/sim/getConnections', { config: settings, schema: { tags, summary: "The company's carrier connections (secrets shown only as set or not)" } }, async (request) =>
    ok(await connections.connections(companyOf(request))),
  );
  r.post(
    '/general/sim/updateConnection',
    { config: settings, schema: { tags, summary: "One carrier's connection: simulated, or live (China Mobile OneLink, saved only after a test call passed; Unicom and Telecom are stubs)", body: updateConnectionRequest } },
    async (request) => {
      await connections.updateConnection(caller(request), request.body, requestLocale(request));
      return ok(null);
    },
  );
  r.post('/general/sim/testConnection', { config: settings, schema: { tags, summary: 'A test call to the carrier with these credentials (stored ones fill the gaps); nothing saved', body: testConnectionRequest } }, async (request) =>
    ok(await connections.testConnection(caller(request), request.body, requestLocale(request))),
  );
  r.post(
    '/general/sim/importFromCarrier',
    { config: cards, schema: { tags, summary: 'A first import: every card the live carrier holds for the company, paged through; the ones the company lacks are added', body: importFromCarrierRequest } },
    async (request) => ok(await carrierImport.importFromCarrier(caller(request), request.body.carrier, requestLocale(request))),
  );
}
