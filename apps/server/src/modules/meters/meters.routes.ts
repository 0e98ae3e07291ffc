import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addMeterRequest,
  allMetersQuery,
  consumptionQuery,
  deleteMeterRequest,
  exportMonthlyReportQuery,
  meterIdQuery,
  meterListQuery,
  meterLogQuery,
  monthlyReportQuery,
  setTariffRequest,
  updateMeterRequest,
} from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { fileResponse, mediaTypes } from '@server/platform/openapi';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import { cabinCaller } from '../cabin/cabin.service';
import type { MetersService } from './meters.service';

const tags = ['meters'];

/**
 * Electric meters (docs/meters.md): sd_capsule (or dm_meter, the device section's 电表 page, for the
 * read calls), then the meter node's level (read to read, read-write
 * to change, admin to delete — the cabin's rule); the tariff is set by a company administrator
 * (sys_company_info); every company's meters and their reading log are the platform
 * administrator's (system_e_meter, system_e_meter_log).
 */
export function registerMetersRoutes(app: FastifyInstance, meters: MetersService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));
  const capsule = { permission: 'sd_capsule' } as const;
  // Reading meters is also the device section's 电表 page (dm_meter); changing them stays the cabin's.
  const meterReads = { permission: ['sd_capsule', 'dm_meter'] } as const;
  const only = (permission: string) => ({ permission, platformAdmin: true }) as const;

  r.post(
    '/general/meter/addMeter',
    { config: capsule, schema: { tags, summary: 'A standard meter (101) over a data item field or a device key, or a virtual meter (100) over a formula (read-write on the directory)', body: addMeterRequest } },
    async (request) => ok(await meters.addMeter(caller(request), request.body)),
  );

  r.post(
    '/general/meter/updateMeter',
    { config: capsule, schema: { tags, summary: "A meter's name, source and factor (standard) or formula (virtual) (read-write)", body: updateMeterRequest } },
    async (request) => {
      await meters.updateMeter(caller(request), request.body);
      return ok(null);
    },
  );

  r.post(
    '/general/meter/deleteMeter',
    { config: capsule, schema: { tags, summary: "Deletes the meter's cabin node (admin); refused while a virtual meter names it", body: deleteMeterRequest } },
    async (request) => {
      await meters.deleteMeter(caller(request), request.body.id);
      return ok(null);
    },
  );

  r.get(
    '/general/meter/getMeter',
    { config: meterReads, schema: { tags, summary: 'Settings, live reading, today and this month (read)', querystring: meterIdQuery } },
    async (request) => ok(await meters.getMeter(caller(request), request.query.meterId)),
  );

  r.get(
    '/general/meter/getMeterList',
    { config: meterReads, schema: { tags, summary: "The company's meters the caller can read, by name (paged)", querystring: meterListQuery } },
    async (request) => ok(await meters.listMeters(caller(request), request.query)),
  );

  r.get(
    '/general/meter/getConsumption',
    { config: meterReads, schema: { tags, summary: 'Consumption per local day or month of [from, to); gaps null and marked (read)', querystring: consumptionQuery } },
    async (request) => ok(await meters.consumption(caller(request), request.query)),
  );

  r.get(
    '/general/meter/getMonthlyReport',
    { config: meterReads, schema: { tags, summary: 'Per-day consumption, per tariff period with costs, totals and gaps of a month (read)', querystring: monthlyReportQuery } },
    async (request) => ok(await meters.monthlyReport(caller(request), request.query)),
  );

  r.get(
    '/general/meter/exportMonthlyReport',
    { config: { ...meterReads, audit: true }, schema: { tags, summary: 'The monthly report as an XLSX or PDF file (read)', querystring: exportMonthlyReportQuery, response: fileResponse([mediaTypes.xlsx, mediaTypes.pdf], 'The monthly report (XLSX or PDF, as asked)') } },
    async (request, reply) => {
      const file = await meters.exportMonthlyReport(caller(request), request.query, requestLocale(request));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  r.get('/general/meter/getTariff', { config: capsule, schema: { tags, summary: "The company's time-of-use tariff" } }, async (request) => ok(await meters.tariff(companyOf(request))));

  r.post(
    '/general/meter/setTariff',
    { config: { permission: 'sys_company_info' }, schema: { tags, summary: "Replaces the company's time-of-use tariff (company administrator)", body: setTariffRequest } },
    async (request) => ok(await meters.setTariff(caller(request), request.body.windows)),
  );

  r.get(
    '/general/meter/getAllMeters',
    { config: only('system_e_meter'), schema: { tags, summary: "Every company's meters with their newest reading (paged, by name or company)", querystring: allMetersQuery } },
    async (request) => ok(await meters.allMeters(request.query, requestLocale(request))),
  );

  r.get(
    '/general/meter/getMeterLog',
    { config: only('system_e_meter_log'), schema: { tags, summary: "A meter's readings received per day, resets and gaps (any company)", querystring: meterLogQuery } },
    async (request) => ok(await meters.meterLog(request.query, requestLocale(request))),
  );
}
