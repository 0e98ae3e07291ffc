import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addBlendOrderRequest,
  addGradeRequest,
  addPurityAnalysisRequest,
  blendInput,
  blendOrderListQuery,
  certificateListQuery,
  certificatePdfQuery,
  gasCalculateRequest,
  gasCompositionRequest,
  gasIdQuery,
  gasIdRequest,
  gradeListQuery,
  issueCertificateRequest,
  purityAnalysisListQuery,
  recordAnalysisRequest,
  recordFillRequest,
  revokeCertificateRequest,
  updateBlendOrderRequest,
  updateGradeRequest,
  verifyQuery,
} from '@smartdata/domain';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { ok } from '@server/platform/envelope';
import { fileResponse, mediaTypes } from '@server/platform/openapi';
import { requestLocale } from '@server/platform/i18n';
import { cabinCaller } from '../cabin/cabin.service';
import { certificatePdf } from './certificatePdf';
import { calculate, composition } from './gasCalc';
import type { BlendOrdersService } from './blendOrders.service';
import type { CertificatesService } from './certificates.service';
import type { PurityService } from './purity.service';

const tags = ['gas'];

/** The public origin the certificate's QR code points at: the request's own (behind a proxy, TRUST_PROXY=1 reads X-Forwarded-*). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Gas calls (docs/gas.md). Permission codes of the gas menu: gs_blending (calculations, blending
 * orders), gs_high_purity (grades, analyses), gs_certificate (certificates). The verification call
 * is public and rate-limited.
 */
export function registerGasRoutes(app: FastifyInstance, services: { blendOrders: BlendOrdersService; purity: PurityService; certificates: CertificatesService }): void {
  const { blendOrders, purity: purityService, certificates: certificatesService } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));
  const blending = { permission: 'gs_blending' } as const;
  const purity = { permission: 'gs_high_purity' } as const;
  const certificates = { permission: 'gs_certificate' } as const;
  // Grades are read by whoever records analyses or issues certificates.
  const gradeReads = { permission: ['gs_high_purity', 'gs_certificate'] } as const;
  const done = () => ok(null);

  // ---- calculations (the issue's contract) ----
  r.post('/general/gas/calculate', { config: blending, schema: { tags, summary: 'Fill calculation (GERG-2008; the issue contract): total moles, Z, cumulative stop pressure and mass per step', body: gasCalculateRequest } }, (request) =>
    ok(calculate(request.body)),
  );
  r.post('/general/gas/composition', { config: blending, schema: { tags, summary: 'ISO 6142-1 composition with u and U (k = 2) from weighed masses (the issue contract)', body: gasCompositionRequest } }, (request) =>
    ok(composition(request.body)),
  );
  r.post('/general/gas/plan', { config: blending, schema: { tags, summary: 'A blending plan: stop pressures (real and ideal), masses, other temperatures, premix proposal, safety warnings', body: blendInput } }, (request) =>
    ok(blendOrders.plan(request.body, requestLocale(request))),
  );
  r.get('/general/gas/getGases', { config: { permission: ['gs_blending', 'gs_high_purity', 'gs_certificate'] }, schema: { tags, summary: 'The gases offered, with molar mass, GERG coverage, flammability, LEL, oxidizer, vapour pressure at 15 °C' } }, () =>
    ok(blendOrders.gases()),
  );

  // ---- blending orders ----
  r.post('/general/gas/addOrder', { config: blending, schema: { tags, summary: 'A draft blending order (the plan is computed and stored; refused when unsafe)', body: addBlendOrderRequest } }, async (request) =>
    ok(await blendOrders.addOrder(caller(request), request.body)),
  );
  r.post('/general/gas/updateOrder', { config: blending, schema: { tags, summary: 'Every field of a draft blending order', body: updateBlendOrderRequest } }, async (request) => {
    await blendOrders.updateOrder(caller(request), request.body);
    return done();
  });
  r.post('/general/gas/deleteOrder', { config: blending, schema: { tags, summary: 'Delete a draft blending order', body: gasIdRequest } }, async (request) => {
    await blendOrders.deleteOrder(caller(request), request.body.id);
    return done();
  });
  r.post('/general/gas/cancelOrder', { config: blending, schema: { tags, summary: 'Cancel a draft, filled or analysed blending order', body: gasIdRequest } }, async (request) => {
    await blendOrders.cancelOrder(caller(request), request.body.id);
    return done();
  });
  r.post('/general/gas/recordFill', { config: blending, schema: { tags, summary: 'Record the weighed masses (draft → filled): ISO 6142-1 composition; inventory moves', body: recordFillRequest } }, async (request) =>
    ok(await blendOrders.recordFill(caller(request), request.body)),
  );
  r.post('/general/gas/recordAnalysis', { config: blending, schema: { tags, summary: 'Record the analysis (filled → analysed) beside the gravimetric values', body: recordAnalysisRequest } }, async (request) =>
    ok(await blendOrders.recordAnalysis(caller(request), request.body)),
  );
  r.get('/general/gas/getOrder', { config: { permission: ['gs_blending', 'gs_certificate'] }, schema: { tags, summary: 'A blending order with its plan, fill and analysis', querystring: gasIdQuery } }, async (request) =>
    ok(await blendOrders.getOrder(caller(request), request.query.id, requestLocale(request))),
  );
  r.get('/general/gas/getOrderList', { config: { permission: ['gs_blending', 'gs_certificate'] }, schema: { tags, summary: "The company's blending orders", querystring: blendOrderListQuery } }, async (request) =>
    ok(await blendOrders.orderList(caller(request), request.query, requestLocale(request))),
  );

  // ---- high purity ----
  r.post('/general/gas/addGrade', { config: purity, schema: { tags, summary: 'A high-purity grade of a gas with its impurity limits (ppm)', body: addGradeRequest } }, async (request) => ok(await purityService.addGrade(caller(request), request.body)));
  r.post('/general/gas/updateGrade', { config: purity, schema: { tags, summary: 'Change a grade', body: updateGradeRequest } }, async (request) => {
    await purityService.updateGrade(caller(request), request.body);
    return done();
  });
  r.post('/general/gas/deleteGrade', { config: purity, schema: { tags, summary: 'Delete a grade without analyses', body: gasIdRequest } }, async (request) => {
    await purityService.deleteGrade(caller(request), request.body.id);
    return done();
  });
  r.get('/general/gas/getGradeList', { config: gradeReads, schema: { tags, summary: "The company's grades", querystring: gradeListQuery } }, async (request) => ok(await purityService.gradeList(caller(request), request.query)));
  r.post('/general/gas/addAnalysis', { config: purity, schema: { tags, summary: 'A purity analysis against a grade ("< LOD" allowed): purity from the impurities, pass/fail', body: addPurityAnalysisRequest } }, async (request) =>
    ok(await purityService.addAnalysis(caller(request), request.body)),
  );
  r.get('/general/gas/getAnalysis', { config: gradeReads, schema: { tags, summary: 'A purity analysis', querystring: gasIdQuery } }, async (request) => ok(await purityService.getAnalysis(caller(request), request.query.id)));
  r.get('/general/gas/getAnalysisList', { config: gradeReads, schema: { tags, summary: "The company's purity analyses", querystring: purityAnalysisListQuery } }, async (request) =>
    ok(await purityService.analysisList(caller(request), request.query)),
  );
  r.post('/general/gas/deleteAnalysis', { config: purity, schema: { tags, summary: 'Delete a purity analysis without a valid certificate', body: gasIdRequest } }, async (request) => {
    await purityService.deleteAnalysis(caller(request), request.body.id);
    return done();
  });

  // ---- certificates ----
  r.post('/general/gas/issueCertificate', { config: certificates, schema: { tags, summary: 'Issue a certificate for an analysed blending order or a passing purity analysis', body: issueCertificateRequest } }, async (request) =>
    ok(await certificatesService.issueCertificate(caller(request), request.body)),
  );
  r.get('/general/gas/getCertificate', { config: certificates, schema: { tags, summary: 'A certificate with its snapshot', querystring: gasIdQuery } }, async (request) => ok(await certificatesService.getCertificate(caller(request), request.query.id)));
  r.get('/general/gas/getCertificateList', { config: certificates, schema: { tags, summary: "The company's certificates", querystring: certificateListQuery } }, async (request) =>
    ok(await certificatesService.certificateList(caller(request), request.query)),
  );
  r.post('/general/gas/revokeCertificate', { config: certificates, schema: { tags, summary: 'Revoke a certificate (the verification page then says revoked)', body: revokeCertificateRequest } }, async (request) => {
    await certificatesService.revokeCertificate(caller(request), request.body.id, request.body.reason);
    return done();
  });
  r.get('/general/gas/certificatePdf', { config: certificates, schema: { tags, summary: 'A certificate as PDF (zh-CN or en-US) with the QR code of its verification page', querystring: certificatePdfQuery, response: fileResponse([mediaTypes.pdf], 'The certificate (PDF)') } }, async (request, reply) => {
    const certificate = await certificatesService.certificateForPdf(caller(request), request.query.id);
    const body = await certificatePdf(certificate.snapshot, certificate.state, `${originOf(request)}/verify/${certificate.code}`, request.query.lang);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${certificate.snapshot.number}.pdf`)}`)
      .header('cache-control', 'no-store')
      .send(body);
  });
  r.get(
    '/general/gas/verify',
    { config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { tags, summary: "Public: a certificate's key facts and state (valid, expired, revoked, unknown) by its code", querystring: verifyQuery } },
    async (request) => ok(await certificatesService.verify(request.query.code)),
  );
}
