import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addSubscriptionRequest,
  deliveryPageSchema,
  idRequest,
  setSubscriptionEnabledRequest,
  subscriptionDeliveriesQuery,
  subscriptionListQuery,
  subscriptionPageSchema,
  subscriptionTestResultSchema,
  updateSubscriptionRequest,
  webhookPermission,
} from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { okResponse } from '@server/platform/openapi';
import { idAnswer } from '@server/platform/openapiResponses';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import type { WebhooksService } from './webhooks.service';

const tags = ['webhook'];

/** The event subscriptions page (sys_webhook; docs/webhooks.md). */
export function registerWebhooksRoutes(app: FastifyInstance, service: WebhooksService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: webhookPermission.subscriptions } as const;

  r.get('/general/webhook/getSubscriptions', { config, schema: { tags, summary: "The company's event subscriptions (paged; address masked, secret never answered)", querystring: subscriptionListQuery, response: okResponse(subscriptionPageSchema) } }, async (request) =>
    ok(await service.subscriptions(companyOf(request), request.query)),
  );
  r.post('/general/webhook/addSubscription', { config, schema: { tags, summary: 'Subscribe an http(s) receiver to events (address checked, secret sealed); it receives what its creator may read', body: addSubscriptionRequest, response: okResponse(idAnswer) } }, async (request) =>
    ok(await service.add(companyOf(request), sessionOf(request).userId, request.body)),
  );
  r.post('/general/webhook/updateSubscription', { config, schema: { tags, summary: 'Change the events, filters, address or secret (an empty address or secret keeps the stored one)', body: updateSubscriptionRequest } }, async (request) => {
    await service.update(companyOf(request), request.body);
    return ok(null);
  });
  r.post('/general/webhook/setSubscriptionEnabled', { config, schema: { tags, summary: 'Enable or disable a subscription', body: setSubscriptionEnabledRequest } }, async (request) => {
    await service.setEnabled(companyOf(request), request.body.id, request.body.enabled);
    return ok(null);
  });
  r.post('/general/webhook/deleteSubscription', { config, schema: { tags, summary: 'Delete a subscription (its queued deliveries are dropped at their next try)', body: idRequest } }, async (request) => {
    await service.delete(companyOf(request), request.body.id);
    return ok(null);
  });
  r.get('/general/webhook/getDeliveries', { config, schema: { tags, summary: "A subscription's delivery log, newest first (paged)", querystring: subscriptionDeliveriesQuery, response: okResponse(deliveryPageSchema) } }, async (request) =>
    ok(await service.deliveries(companyOf(request), request.query.id, requestLocale(request), request.query)),
  );
  r.post('/general/webhook/testSubscription', { config, schema: { tags, summary: "Send a signed webhook.test event now and answer the receiver's reply", body: idRequest, response: okResponse(subscriptionTestResultSchema) } }, async (request) =>
    ok(await service.test(companyOf(request), request.body.id, requestLocale(request))),
  );
}
