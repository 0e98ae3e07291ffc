import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addAnalysisRequest,
  addExecutableRequest,
  addIntelligentRuleRequest,
  addScheduledRequest,
  idRequest,
  jobListQuery,
  jobRequest,
  runListQuery,
  runNowRequest,
  taskPermission,
  updateAnalysisRequest,
  updateExecutableRequest,
  updateIntelligentRuleRequest,
  updateScheduledRequest,
} from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { requestLocale } from '@server/platform/i18n';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { cabinCaller } from '../cabin/cabin.service';
import type { JobsService } from './jobs.service';
import type { RulesService } from './rules.service';
import type { TasksService } from './tasks.service';

const tags = ['tasks'];

/**
 * The calls of intelligent tasks (docs/tasks.md): analyses (sa_task_define), intelligent rules
 * (sa_rules), executable tasks (sa_executable_task), scheduled tasks (sa_scheduled_task), the task
 * log (sa_task_log) and the scheduler's jobs of every company (system_quartz, platform administrators).
 */
export function registerTasksRoutes(app: FastifyInstance, tasks: TasksService, rules: RulesService, jobs: JobsService): void {
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

  const ruleCode = { permission: taskPermission.rules } as const;
  r.get('/general/task/getRuleList', { config: ruleCode, schema: { tags, summary: 'Intelligent rules whose watched item the caller may read, with their last run' } }, async (request) => ok(await rules.listRules(caller(request))));
  r.post('/general/task/addRule', { config: ruleCode, schema: { tags, summary: 'Add an intelligent rule (conditions and actions checked; a loop refused)', body: addIntelligentRuleRequest } }, async (request) => ok(await rules.addRule(caller(request), request.body)));
  r.post('/general/task/updateRule', { config: ruleCode, schema: { tags, summary: 'Change an intelligent rule', body: updateIntelligentRuleRequest } }, async (request) => {
    await rules.updateRule(caller(request), request.body);
    return ok(null);
  });
  r.post('/general/task/deleteRule', { config: ruleCode, schema: { tags, summary: 'Delete an intelligent rule and its runs', body: idRequest } }, async (request) => {
    await rules.deleteRule(caller(request), request.body.id);
    return ok(null);
  });

  const executableCode = { permission: taskPermission.executable } as const;
  r.get('/general/task/getExecutableList', { config: executableCode, schema: { tags, summary: 'Executable tasks of the company, with whether the caller may run each' } }, async (request) => ok(await rules.listExecutables(caller(request))));
  r.post('/general/task/addExecutable', { config: executableCode, schema: { tags, summary: 'Add an executable task (a named list of actions and who may run it)', body: addExecutableRequest } }, async (request) => ok(await rules.addExecutable(caller(request), request.body)));
  r.post('/general/task/updateExecutable', { config: executableCode, schema: { tags, summary: 'Change an executable task (its creator or a company administrator)', body: updateExecutableRequest } }, async (request) => {
    await rules.updateExecutable(caller(request), request.body);
    return ok(null);
  });
  r.post('/general/task/deleteExecutable', { config: executableCode, schema: { tags, summary: 'Delete an executable task, the scheduled tasks that run it, and their runs', body: idRequest } }, async (request) => {
    await rules.deleteExecutable(caller(request), request.body.id);
    return ok(null);
  });
  r.post('/general/task/runExecutable', { config: executableCode, schema: { tags, summary: 'Run an executable task now → the run once it ended (its access mode decides who may)', body: idRequest } }, async (request) => {
    const { run, name } = await rules.runExecutable(caller(request), request.body.id);
    return ok(tasks.runView(run, name));
  });

  const scheduledCode = { permission: taskPermission.scheduled } as const;
  r.get('/general/task/getScheduledList', { config: scheduledCode, schema: { tags, summary: 'Scheduled tasks with their next and last run' } }, async (request) => ok(await rules.listScheduled(caller(request))));
  r.post('/general/task/addScheduled', { config: scheduledCode, schema: { tags, summary: 'Schedule an executable task (cron or once; missed-run policy)', body: addScheduledRequest } }, async (request) => ok(await rules.addScheduled(caller(request), request.body)));
  r.post('/general/task/updateScheduled', { config: scheduledCode, schema: { tags, summary: 'Change a scheduled task (its next run is computed again)', body: updateScheduledRequest } }, async (request) => {
    await rules.updateScheduled(caller(request), request.body);
    return ok(null);
  });
  r.post('/general/task/deleteScheduled', { config: scheduledCode, schema: { tags, summary: 'Delete a scheduled task and its runs', body: idRequest } }, async (request) => {
    await rules.deleteScheduled(caller(request), request.body.id);
    return ok(null);
  });
  r.post('/general/task/runScheduled', { config: scheduledCode, schema: { tags, summary: 'Run a scheduled task now → the run once it ended', body: idRequest } }, async (request) => {
    const { run, name } = await rules.runScheduled(caller(request), request.body.id);
    return ok(run ? tasks.runView(run, name) : null);
  });

  const quartz = { permission: 'system_quartz', platformAdmin: true } as const;
  r.get('/general/system/getJobs', { config: quartz, schema: { tags, summary: 'The scheduler\'s jobs of every company (analyses, scheduled tasks) with their next and last run', querystring: jobListQuery } }, async (request) => ok(await jobs.list(request.query, requestLocale(request))));
  r.post('/general/system/pauseJob', { config: quartz, schema: { tags, summary: 'Pause a job (no next run until resumed)', body: jobRequest } }, async (request) => {
    await jobs.setEnabled(request.body, false);
    return ok(null);
  });
  r.post('/general/system/resumeJob', { config: quartz, schema: { tags, summary: 'Resume a job (its next run from now)', body: jobRequest } }, async (request) => {
    await jobs.setEnabled(request.body, true);
    return ok(null);
  });
  r.post('/general/system/runJob', { config: quartz, schema: { tags, summary: 'Run a job now → the run once it ended', body: jobRequest } }, async (request) => ok(await jobs.runNow(request.body)));
}
