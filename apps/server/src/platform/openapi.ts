import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Registers the OpenAPI generator; must run before the routes are added. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SmartData Console API',
        description:
          'Every response is an envelope { code, msg, data }; code 0 is success. Private calls need `Authorization: Bearer <token>` from POST /general/user/access/getToken.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** GET /general/docs/json (the document) and /general/docs (a readable index of every call). */
export function registerDocsRoutes(app: FastifyInstance): void {
  app.get('/general/docs/json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  app.get('/general/docs', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    const doc = app.swagger() as { paths?: Record<string, Record<string, { summary?: string; tags?: string[] }>> };
    const rows = Object.entries(doc.paths ?? {})
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(
          ([method, op]) =>
            `<tr><td>${escapeHtml(op.tags?.join(', ') ?? '')}</td><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(op.summary ?? '')}</td></tr>`,
        ),
      )
      .join('\n');
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>SmartData Console API</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;color:#1f2937}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:6px 8px;text-align:left}code{font-size:13px}</style></head>
<body><h1>SmartData Console API</h1><p>Envelope <code>{ code, msg, data }</code>; code 0 is success. Machine-readable document: <a href="/general/docs/json">/general/docs/json</a>.</p>
<table><thead><tr><th>Module</th><th>Method</th><th>Path</th><th>Summary</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
