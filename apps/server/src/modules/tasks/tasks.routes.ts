import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addAnalysisRequest, idRequest, runListQuery, runNowRequest, taskPermission, updateAnalysisRequest } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { cabinCaller } from '../cabin/cabin.service';
import type { TasksService } from './tasks.service';

const tags = ['tasks'];

/** The calls of smart analysis (docs/tasks.md): analyses (sa_task_define) and their runs (sa_task_log). */
export function registerTasksRoutes(app: FastifyInstance, tasks: TasksService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const define = { permission: taskPermission.define } as const;
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));

  r.get('/general/task/getAnalysisList', { config: define, schema: { tags, summary: 'Smart analyses whose target the caller may read, with their next and last run' } }, async (request) =>
    ok(await tasks.list(caller(request))),
  );
  r.post('/general/task/addAnalysis', { config: define, schema: { tags, summary: 'Add a smart analysis (read on its sources, read-write on its target; 50001 with the reason)', body: addAnalysisRequest } }, async (request) =>
    ok(await tasks.add(caller(request), request.body)),
  );
  r.post('/general/task/updateAnalysis', { config: define, schema: { tags, summary: 'Change a smart analysis (its next run is computed again)', body: updateAnalysisRequest } }, async (request) => {
    await tasks.update(caller(request), request.body);
    return ok(null);
  });
  r.post('/general/task/deleteAnalysis', { config: define, schema: { tags, summary: 'Delete a smart analysis and its runs (its result records stay)', body: idRequest } }, async (request) => {
    await tasks.remove(caller(request), request.body.id);
    return ok(null);
  });
  r.post('/general/task/runNow', { config: define, schema: { tags, summary: 'Run an analysis now (or preview it with dryRun) → the run once it ended', body: runNowRequest } }, async (request) =>
    ok(await tasks.runNow(caller(request), request.body.id, request.body.dryRun === true)),
  );
  r.get('/general/task/getRuns', { config: { permission: [taskPermission.log, taskPermission.define] }, schema: { tags, summary: 'The task log: runs, newest first (paged)', querystring: runListQuery } }, async (request) =>
    ok(await tasks.runs(caller(request), request.query)),
  );
}
