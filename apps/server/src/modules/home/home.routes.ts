import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import { ok } from '@server/platform/envelope';
import { sessionOf } from '@server/platform/auth/hook';
import { HomeService } from './home.service';

export function registerHomeRoutes(app: FastifyInstance, platform: Platform): HomeService {
  const home = new HomeService(platform.db);
  app.get('/general/home/getOverview', { schema: { tags: ['home'], summary: "Overview of the current user's company" } }, async (request) =>
    ok(await home.overview(sessionOf(request))),
  );
  return home;
}
