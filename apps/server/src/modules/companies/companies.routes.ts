import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Platform } from '@server/platform/context';
import { ok } from '@server/platform/envelope';
import { companyOf } from '@server/platform/auth/hook';
import { CompaniesService } from './companies.service';

export function registerCompaniesRoutes(app: FastifyInstance, platform: Platform): void {
  const companies = new CompaniesService(platform.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/general/company/getCompany', { schema: { tags: ['companies'], summary: 'The current company' } }, async (request) =>
    ok(await companies.getCompany(companyOf(request))),
  );
}
