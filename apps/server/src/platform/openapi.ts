import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodeInfo } from '@smartdata/domain';
import { finishDocument, type OpenApiDocument } from './openapiDocument';

/**
 * The OpenAPI 3.1 document of the API (issue 33; docs/api.md), built from the routes as they are
 * registered: their zod schemas (request and, where a route declares one, response), their
 * `config` (public, form body, device traffic) and their paths. `finishDocument`
 * (openapiDocument.ts) adds what one route cannot know: unique operationIds, the envelopes, the
 * query styles the server reads.
 */

/** The reference page and, under it, the document (`/json`, `/yaml`) — the URLs the console has always had. */
export const docsPrefix = '/general/docs';

/**
 * `schema.response` of a route: the success envelope `{ code: 0, msg, data }` around the route's
 * data schema. It documents only — the serializer is JSON.stringify (app.ts) — but the zod type
 * provider checks the handler's answer against it at compile time.
 */
export function okResponse<T extends z.ZodType>(data: T, description = 'Success: `code` is 0, `data` the answer') {
  return {
    200: z
      .object({
        code: z.number().int().meta({ const: 0 }),
        msg: z.string().meta({ description: '`success`' }),
        data,
      })
      .meta({ description }),
  };
}

/** Media types of the files routes answer. */
export const mediaTypes = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** `schema.response` of a route that answers a file (the bytes, not an envelope) on success. */
export function fileResponse(mediaTypes: readonly [string, ...string[]], description: string) {
  return {
    200: {
      description,
      content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.any().meta({ description: 'The file' }) }])),
    },
  };
}

/** The page's top bar: the product's name, not the framework's logo. */
const logoSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="36" viewBox="0 0 240 36"><text x="0" y="26" font-family="system-ui, sans-serif" font-size="22" font-weight="600" fill="#ffffff">SmartData Console API</text></svg>';

const zodTransform = createJsonSchemaTransform({ skipList: [] });

type RouteDoc = Parameters<typeof zodTransform>[0] & { route: { config?: Record<string, unknown> } };

/**
 * @fastify/swagger deletes `required` from each query parameter's schema (a parameter's own
 * `required` is a boolean): for an object parameter (`sort`) that drops which of its keys are
 * required. Kept aside here as `x-required`; finishDocument puts it back.
 */
function keepQueryRequired(querystring: unknown): void {
  const properties = (querystring as { properties?: Record<string, Record<string, unknown>> } | undefined)?.properties ?? {};
  for (const schema of Object.values(properties)) {
    if (Array.isArray(schema.required)) {
      schema['x-required'] = schema.required;
    }
  }
}

/** One route's part: zod to JSON Schema, then its security and request media type from its config. */
function transformRoute(input: RouteDoc): ReturnType<typeof zodTransform> {
  const result = zodTransform(input);
  const schema = result.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) {
    return result;
  }
  const config = input.route.config ?? {};
  const own: Record<string, unknown> = { ...schema };
  // Device traffic authenticates the device (HTTP Basic: SN and secret), not a person.
  own.security = config.deviceTraffic ? [{ deviceBasic: [] }] : config.public ? [] : [{ bearer: [] }];
  if (config.formBody) {
    // The server refuses any other body on such a route (platform/requestBody.ts).
    own.consumes = ['application/x-www-form-urlencoded'];
  }
  keepQueryRequired(own.querystring);
  if (config.anyBody && !own.body) {
    own.body = { description: 'The device’s JSON payload, as on its MQTT topic (docs/devices.md); read as bytes of any media type' };
    own.consumes = ['application/json'];
  }
  return { schema: own, url: result.url };
}

/**
 * Registers the document generator and the reference page (Swagger UI, served from the package:
 * no CDN). Must run before the routes are added; the page's routes are public (markDocsPublic).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SmartData Console API',
        version: '0.1.0',
        description: [
          'Every answer is an envelope `{ code, msg, data }`: `code` 0 is success; any other code is a refusal whose `msg` is in the',
          'caller’s language (`Accept-Language: en-US` or zh-CN). For 50001 (validation) `data` holds the readable reason.',
          '',
          'Credentials: `Authorization: Bearer <token>` with a session token from `getToken` (form-encoded), or an API key.',
          'Calls marked without security are public. Devices posting over HTTP use Basic auth (SN and secret).',
          '',
          'Query parameters holding an object (`sort`, `timeRange`) are read as deepObject (`sort[field]=t&sort[order]=asc`)',
          'or as one JSON string (`sort={"field":"t","order":"asc"}`); a list of objects (`filters`) as JSON text, or with',
          'indices (`filters[0][field]=t&filters[0][op]=gt&filters[0][value]=5`). A form the server does not read is refused',
          'with 50001, never ignored. More: docs/api.md.',
        ].join('\n'),
      },
      servers: [{ url: '/', description: 'This server (the document’s own origin)' }],
      // Described in full by finishDocument; named here because the generator reads them per route.
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, deviceBasic: { type: 'http', scheme: 'basic' } } },
    },
    transform: transformRoute as never,
    transformObject: (documentObject) => finishDocument((documentObject as unknown as { openapiObject: OpenApiDocument }).openapiObject, errorCodeInfo) as never,
  });
  await app.register(swaggerUi, {
    routePrefix: docsPrefix,
    uiConfig: { deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: 0, displayOperationId: true, tryItOutEnabled: false, persistAuthorization: false },
    theme: { title: 'SmartData Console API' },
    logo: { type: 'image/svg+xml', content: Buffer.from(logoSvg), href: docsPrefix, target: '_self' },
  });
}

/**
 * Marks the reference page's routes (registered by @fastify/swagger-ui, which takes no route
 * config) public, before the route table records them: call before recordRoutes (app.ts).
 */
export function markDocsPublic(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    // The plugin's routes are all hidden from the document: a route of ours added under the
    // prefix and shown in the document stays private unless it says otherwise.
    const hidden = route.schema?.hide === true;
    if (hidden && (route.url === docsPrefix || route.url.startsWith(`${docsPrefix}/`))) {
      route.config = { ...(route.config ?? {}), public: true };
    }
  });
}
