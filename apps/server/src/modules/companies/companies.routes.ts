import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberListQuery } from '@smartdata/domain';
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

  r.get(
    '/general/company/member/getMemberList',
    { config: { permission: 'um_user' }, schema: { tags: ['companies'], summary: 'Members of the current company (paged)', querystring: memberListQuery } },
    async (request) => {
      const { pageNum, pageSize, keyword } = request.query;
      return ok(await companies.memberPage(companyOf(request), pageNum, pageSize, keyword));
    },
  );
}
