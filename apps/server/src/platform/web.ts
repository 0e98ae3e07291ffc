import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from './envelope';

/** Vite names every file it emits under assets/ after a hash of its content. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The Cache-Control of a file of the web build. A hashed asset never changes under its name, so
 * a browser keeps it for a year without asking again; everything else (index.html, which names
 * the current assets, and the unhashed files of public/) is revalidated on every use.
 */
export function webCacheControl(filePath: string): string {
  return filePath.includes(HASHED_ASSETS) ? IMMUTABLE : 'no-cache';
}

/**
 * Serves the built web app with history-mode fallback: any GET that is not an API call and not a
 * file answers index.html. Unknown API paths answer the 40400 envelope.
 *
 * The build writes a brotli and a gzip copy beside each text file (apps/web/vite.config.ts,
 * `precompress`); `preCompressed` sends the copy the client accepts (br before gzip), or the file
 * itself to a client that accepts neither, always with `Vary: Accept-Encoding`.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are served in place of their file, never as routes of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', webCacheControl(filePath));
      },
    });
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
