import type { FastifyInstance } from 'fastify';
import { ok } from '@server/platform/envelope';
import { sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import type { HomeService } from './home.service';

export function registerHomeRoutes(app: FastifyInstance, { home }: { home: HomeService }): void {
  app.get('/general/home/getOverview', { schema: { tags: ['home'], summary: "Overview of the current user's company" } }, async (request) =>
    ok(await home.overview(sessionOf(request), requestLocale(request))),
  );
}
