import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addChartRequest, chartListQuery, chartQuery, chartQueryRequest, deleteChartRequest, updateChartRequest } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { stringifyWithRaw } from '@server/platform/rawJson';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { cabinCaller } from '../cabin/cabin.service';
import type { ChartsService } from './charts.service';

const tags = ['chart'];

/**
 * Charts of data items (issue 5, docs/charts.md): the chart query shared with dashboards and
 * the chart configs of a data item. The data permission is the item's (read to view, read-write
 * to change); the menu code is the data cabin's, or a dashboard's for the query.
 */
export function registerChartsRoutes(app: FastifyInstance, charts: ChartsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'sd_capsule' } as const;
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));

  r.post(
    '/general/chart/query',
    { config: { permission: ['sd_capsule', 'sd_board', 'sd_board_play'], readOnly: true }, schema: { tags, summary: 'Values of numeric fields of a data item: bucketed, aggregated, at most 2 000 points a series', body: chartQueryRequest } },
    // Raw points may come from the database as JSON text: the answer is serialised here with them spliced in.
    async (request, reply) => reply.type('application/json; charset=utf-8').send(stringifyWithRaw(ok(await charts.query(caller(request), request.body)))),
  );
  r.get('/general/chart/getCharts', { config, schema: { tags, summary: 'Charts of a data item (paged, searched by name)', querystring: chartListQuery } }, async (request) =>
    ok(await charts.getCharts(caller(request), request.query)),
  );
  r.get('/general/chart/getChart', { config, schema: { tags, summary: 'One chart config', querystring: chartQuery } }, async (request) => ok(await charts.getChart(caller(request), request.query.id)));
  r.post('/general/chart/addChart', { config, schema: { tags, summary: 'Save a chart of a data item (read-write; names unique per item)', body: addChartRequest } }, async (request) =>
    ok(await charts.addChart(caller(request), request.body)),
  );
  r.post('/general/chart/updateChart', { config, schema: { tags, summary: 'Change a chart config', body: updateChartRequest } }, async (request) => {
    await charts.updateChart(caller(request), request.body);
    return ok(null);
  });
  r.post('/general/chart/deleteChart', { config, schema: { tags, summary: 'Delete a chart config', body: deleteChartRequest } }, async (request) => {
    await charts.deleteChart(caller(request), request.body.id);
    return ok(null);
  });
}
