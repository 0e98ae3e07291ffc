import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addCarouselRequest,
  addDashboardRequest,
  carouselIdRequest,
  carouselListQuery,
  carouselScheduleQuery,
  copyDashboardRequest,
  dashboardIdRequest,
  dashboardListQuery,
  dashboardQuery,
  importDashboardRequest,
  renameDashboardRequest,
  saveDashboardRequest,
  templateSummaries,
  updateCarouselRequest,
} from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { requestLocale } from '@server/platform/i18n';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { cabinCaller } from '../cabin/cabin.service';
import type { CarouselsService } from './carousels.service';
import type { DashboardCaller, DashboardsService } from './dashboards.service';

const tags = ['dashboard'];

/**
 * Dashboards (cabin nodes of kind `dashboard`), their widgets, export and import, and dashboard
 * carousels (issue 5; docs/dashboards.md). Permission codes: sd_board for boards, sd_board_play
 * for carousels, board_test for the /test playground; boards shown inside a carousel are read
 * with either code, and the cabin level of the board's node applies to every board call.
 */
export function registerDashboardsRoutes(app: FastifyInstance, dashboards: DashboardsService, carousels: CarouselsService): void {
  const caller = (request: FastifyRequest): DashboardCaller => {
    const session = sessionOf(request);
    return { ...cabinCaller(session, companyOf(request)), canReadData: session.codes.has('sd_capsule') };
  };
  const boards = { permission: 'sd_board' } as const;
  const viewers = { permission: ['sd_board', 'sd_board_play', 'board_test'] } as const;
  const plays = { permission: ['sd_board_play', 'board_test'] } as const;

  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- boards ----
  r.get('/general/dashboard/getDashboardList', { config: viewers, schema: { tags, summary: 'Dashboards the caller can read (paged, name search)', querystring: dashboardListQuery } }, async (request) =>
    ok(await dashboards.list(caller(request), request.query)),
  );
  r.get('/general/dashboard/getTemplates', { config: boards, schema: { tags, summary: 'Board templates (titles in the request language)' } }, (request) =>
    ok(templateSummaries(requestLocale(request))),
  );
  r.post('/general/dashboard/addDashboard', { config: boards, schema: { tags, summary: 'Create a board, blank or from a template', body: addDashboardRequest } }, async (request) =>
    ok(await dashboards.add(caller(request), request.body, requestLocale(request))),
  );
  r.post('/general/dashboard/copyDashboard', { config: boards, schema: { tags, summary: 'Copy a board beside the original', body: copyDashboardRequest } }, async (request) =>
    ok(await dashboards.copy(caller(request), request.body.id, request.body.name)),
  );
  r.post('/general/dashboard/renameDashboard', { config: boards, schema: { tags, summary: 'Rename a board (read-write)', body: renameDashboardRequest } }, async (request) => {
    await dashboards.rename(caller(request), request.body.id, request.body.name);
    return ok(null);
  });
  r.post('/general/dashboard/deleteDashboard', { config: boards, schema: { tags, summary: 'Delete a board (admin on its node)', body: dashboardIdRequest } }, async (request) => {
    await dashboards.delete(caller(request), request.body.id);
    return ok(null);
  });
  r.get('/general/dashboard/getDashboard', { config: viewers, schema: { tags, summary: "A board with each widget's access for the viewer", querystring: dashboardQuery } }, async (request) =>
    ok(await dashboards.get(caller(request), request.query.id)),
  );
  // A board of many widgets with images' options may exceed the 1 MB default.
  r.post('/general/dashboard/saveDashboard', { config: boards, bodyLimit: 4 * 1024 * 1024, schema: { tags, summary: 'Save the layout, widgets and settings (read-write)', body: saveDashboardRequest } }, async (request) => {
    await dashboards.save(caller(request), request.body);
    return ok(null);
  });
  r.get('/general/dashboard/exportDashboard', { config: { ...boards, audit: true }, schema: { tags, summary: 'The board as a JSON document (items by path and name)', querystring: dashboardQuery } }, async (request) =>
    ok(await dashboards.export(caller(request), request.query.id)),
  );
  r.post('/general/dashboard/importDashboard', { config: boards, bodyLimit: 4 * 1024 * 1024, schema: { tags, summary: 'Import a JSON document; unresolved item references are reported', body: importDashboardRequest } }, async (request) =>
    ok(await dashboards.import(caller(request), request.body)),
  );
  r.get('/general/dashboard/getAlarmFeed', { config: viewers, schema: { tags, summary: 'Alarm messages for the alarm widget and the marquee (provided: false while no module provides alarms)' } }, async (request) =>
    ok(await dashboards.alarmFeed(caller(request))),
  );

  // ---- carousels ----
  const playTags = ['boardPlay'];
  r.get('/general/boardPlay/getBoardPlayList', { config: plays, schema: { tags: playTags, summary: 'Carousels (paged, name search)', querystring: carouselListQuery } }, async (request) =>
    ok(await carousels.listPlays(caller(request), request.query)),
  );
  r.get('/general/boardPlay/getBoardPlay', { config: plays, schema: { tags: playTags, summary: 'A carousel: draft and published versions', querystring: carouselIdRequest } }, async (request) =>
    ok(await carousels.getPlay(caller(request), request.query.id)),
  );
  r.post('/general/boardPlay/addBoardPlay', { config: plays, schema: { tags: playTags, summary: 'Create a carousel (an empty draft)', body: addCarouselRequest } }, async (request) =>
    ok(await carousels.addPlay(caller(request), request.body.name)),
  );
  r.post('/general/boardPlay/updateBoardPlay', { config: plays, schema: { tags: playTags, summary: "Save a carousel's name and draft", body: updateCarouselRequest } }, async (request) => {
    await carousels.updatePlay(caller(request), request.body);
    return ok(null);
  });
  r.post('/general/boardPlay/publishBoardPlay', { config: plays, schema: { tags: playTags, summary: 'Publish the draft (what big_screen plays)', body: carouselIdRequest } }, async (request) => {
    await carousels.publishPlay(caller(request), request.body.id);
    return ok(null);
  });
  r.post('/general/boardPlay/deleteBoardPlay', { config: plays, schema: { tags: playTags, summary: 'Delete a carousel', body: carouselIdRequest } }, async (request) => {
    await carousels.deletePlay(caller(request), request.body.id);
    return ok(null);
  });
  r.get('/general/boardPlay/getSchedule', { config: plays, schema: { tags: playTags, summary: 'Which board is on at a time (company time zone) and the next turns', querystring: carouselScheduleQuery } }, async (request) =>
    ok(await carousels.schedule(caller(request), request.query)),
  );
}
