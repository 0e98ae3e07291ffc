import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from './envelope';

/**
 * Serves the built web app with history-mode fallback: any GET that is not an API call and not a
 * file answers index.html. Unknown API paths answer the 40400 envelope.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  } else {
    app.log.warn({ webDist }, 'web app not built; run `npm run build` to serve the console');
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/general') || request.method !== 'GET' || !hasWeb) {
      return sendNotFound(request, reply);
    }
    if (path.extname(url) !== '' && !url.endsWith('.html')) {
      return sendNotFound(request, reply);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
