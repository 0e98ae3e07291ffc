import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addAlertDelegatorRequest, addCompanyRequest, companyListQuery, idRequest, memberListQuery, updateCompanyRequest } from '@smartdata/domain';
import type { Sessions } from '@server/platform/auth/sessions';
import { ok } from '@server/platform/envelope';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import { targetCompany } from '@server/platform/scope';
import type { CompaniesService } from './companies.service';
import type { CompanyAdminService } from './companyAdmin.service';
import type { DelegationsService } from './delegations.service';
import type { MembersService } from './members.service';

const tags = ['companies'];

interface CompaniesRouteServices {
  companies: CompaniesService;
  companyAdmin: CompanyAdminService;
  members: MembersService;
  delegations: DelegationsService;
  sessions: Sessions;
}

/** The current company, the platform's companies, the member list and alert delegations. */
export function registerCompaniesRoutes(app: FastifyInstance, { companies, companyAdmin, members, delegations, sessions }: CompaniesRouteServices): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const platformOnly = { permission: 'system_company', platformAdmin: true } as const;

  r.get('/general/company/getCompany', { schema: { tags, summary: 'The current company' } }, async (request) => ok(await companies.getCompany(companyOf(request), requestLocale(request))));

  r.get(
    '/general/company/member/getMemberList',
    { config: { permission: ['um_user', 'um_user_group', 'sd_capsule'] }, schema: { tags: ['members'], summary: 'Members of the current company (paged)', querystring: memberListQuery } },
    async (request) => {
      const { pageNum, pageSize, keyword } = request.query;
      return ok(await members.memberPage(companyOf(request), pageNum, pageSize, requestLocale(request), keyword));
    },
  );

  r.get('/general/company/getCompanyList', { config: platformOnly, schema: { tags, summary: 'Every company (platform)', querystring: companyListQuery } }, async (request) =>
    ok(await companyAdmin.list(request.query.pageNum, request.query.pageSize, requestLocale(request), request.query.keyword)),
  );
  r.post('/general/company/addCompany', { config: platformOnly, schema: { tags, summary: 'Create a company (platform)', body: addCompanyRequest } }, async (request) =>
    ok(await companyAdmin.add(request.body.displayName, request.body.timeZone, requestLocale(request))),
  );
  // A company administrator updates their own company; the platform administrator any company.
  r.post(
    '/general/company/updateCompany',
    { config: { permission: ['sys_company_info', 'system_company'] }, schema: { tags, summary: 'Change display name or time zone', body: updateCompanyRequest } },
    async (request) => {
      const { id, displayName, timeZone } = request.body;
      await companies.update(targetCompany(sessionOf(request), id), { displayName, timeZone });
      return ok(null);
    },
  );
  r.post('/general/company/deleteCompany', { config: platformOnly, schema: { tags, summary: 'Delete a company (platform)', body: idRequest } }, async (request) => {
    await companies.delete(request.body.id);
    sessions.forgetAll();
    return ok(null);
  });

  const delegationConfig = { permission: 'sys_company_info' } as const;
  r.get('/general/company/getAlertDelegations', { config: delegationConfig, schema: { tags, summary: "Who receives whose alarms" } }, async (request) =>
    ok(await delegations.list(companyOf(request))),
  );
  r.get('/general/company/getAlertDelegatorList', { config: delegationConfig, schema: { tags, summary: 'Members who can delegate or receive alarms' } }, async (request) =>
    ok(await delegations.candidates(companyOf(request))),
  );
  r.post('/general/company/addAlertDelegator', { config: delegationConfig, schema: { tags, summary: 'Add an alert delegation', body: addAlertDelegatorRequest } }, async (request) =>
    ok(await delegations.add(companyOf(request), request.body.delegatorId, request.body.delegateId)),
  );
  r.post('/general/company/deleteAlertDelegator', { config: delegationConfig, schema: { tags, summary: 'Delete an alert delegation', body: idRequest } }, async (request) => {
    await delegations.delete(companyOf(request), request.body.id);
    return ok(null);
  });
}
