import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addProjectRequest, projectIdQuery, updateProjectRequest } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { cabinCaller } from '../cabin/cabin.service';
import type { ProjectsService } from './projects.service';

const tags = ['projects'];

/** Project nodes of the cabin (docs/cabin.md "Files and projects"): sd_capsule, then the node's level. */
export function registerProjectsRoutes(app: FastifyInstance, projects: ProjectsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));
  const capsule = { permission: 'sd_capsule' } as const;

  r.post(
    '/general/project/addProject',
    { config: capsule, schema: { tags, summary: 'A project node under a directory or project (read-write there)', body: addProjectRequest } },
    async (request) => ok(await projects.addProject(caller(request), request.body)),
  );

  r.post(
    '/general/project/updateProject',
    { config: capsule, schema: { tags, summary: "A project's description, status, dates and members (read-write)", body: updateProjectRequest } },
    async (request) => {
      await projects.updateProject(caller(request), request.body);
      return ok(null);
    },
  );

  r.get(
    '/general/project/getProject',
    { config: capsule, schema: { tags, summary: 'A project with the nodes under it the caller may read, items with their latest value', querystring: projectIdQuery } },
    async (request) => ok(await projects.getProject(caller(request), request.query.id)),
  );
}
