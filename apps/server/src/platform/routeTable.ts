import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** One registered route as the generated tests see it (issue 12: every route covered). */
export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  platformAdmin: boolean;
  /** A person's own call (`config.personal`): refused to an API key. */
  personal: boolean;
  /** The permission code(s) of the route; undefined: any signed-in user. */
  permission: string | readonly string[] | undefined;
  /** A WebSocket endpoint (realtime): reached by an upgrade, not by a plain request. */
  websocket: boolean;
  /** A device's own traffic (the HTTP device API, `config.deviceTraffic`): not a person's call, not audited. */
  deviceTraffic: boolean;
  /** The zod schema of the JSON body, when the route declares one. */
  body: z.ZodType | undefined;
  /** The zod schema of the query string, when the route declares one. */
  query: z.ZodType | undefined;
}

/**
 * Records every route as it is registered, so that tests generated from the table cover a route
 * added later without anyone remembering to. Must be called before any route is added.
 */
export function recordRoutes(app: FastifyInstance): RouteEntry[] {
  const table: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') {
        continue;
      }
      table.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        platformAdmin: route.config?.platformAdmin === true,
        personal: route.config?.personal === true,
        permission: route.config?.permission,
        websocket: (route as { websocket?: boolean }).websocket === true,
        deviceTraffic: route.config?.deviceTraffic === true,
        body: route.schema?.body as z.ZodType | undefined,
        query: route.schema?.querystring as z.ZodType | undefined,
      });
    }
  });
  return table;
}
