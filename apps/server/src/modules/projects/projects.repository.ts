import type { Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { ProjectTable } from '@server/platform/db/schema.files';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type ProjectRow = Selectable<ProjectTable>;

export interface ProjectValues {
  description: string;
  status: string;
  startDate: string | null;
  endDate: string | null;
}

/** Projects and their members; every query is scoped to the company. */
export class ProjectsRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): ProjectsRepository {
    return new ProjectsRepository(trx);
  }

  findProject(companyId: number, id: number): Promise<ProjectRow | undefined> {
    return this.db.selectFrom('project').selectAll().where(scopedToCompany('project', companyId)).where('id', '=', id).executeTakeFirst();
  }

  projectsByIds(companyId: number, ids: readonly number[]): Promise<ProjectRow[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.db.selectFrom('project').selectAll().where(scopedToCompany('project', companyId)).where('id', 'in', [...ids]).execute();
  }

  async insertProject(values: ProjectValues & { companyId: number; nodeId: number; name: string; userId: number }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('project')
      .values({
        company_id: values.companyId,
        node_id: values.nodeId,
        name: values.name,
        description: values.description,
        status: values.status,
        start_date: values.startDate,
        end_date: values.endDate,
        created_by: values.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateProject(companyId: number, id: number, values: ProjectValues): Promise<void> {
    await this.db
      .updateTable('project')
      .set({ description: values.description, status: values.status, start_date: values.startDate, end_date: values.endDate, updated_at: Date.now() })
      .where(scopedToCompany('project', companyId))
      .where('id', '=', id)
      .execute();
  }

  async renameProject(companyId: number, id: number, name: string): Promise<void> {
    await this.db.updateTable('project').set({ name, updated_at: Date.now() }).where(scopedToCompany('project', companyId)).where('id', '=', id).execute();
  }

  async memberIds(companyId: number, projectId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('project_member').select('user_id').where(scopedToCompany('project_member', companyId)).where('project_id', '=', projectId).orderBy('user_id').execute();
    return rows.map((r) => r.user_id);
  }

  async setMembers(companyId: number, projectId: number, userIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('project_member').where(scopedToCompany('project_member', companyId)).where('project_id', '=', projectId).execute();
    if (userIds.length > 0) {
      await this.db
        .insertInto('project_member')
        .values(userIds.map((userId) => ({ project_id: projectId, company_id: companyId, user_id: userId })))
        .execute();
    }
  }

  async deleteProjects(companyId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    await this.db.deleteFrom('project_member').where(scopedToCompany('project_member', companyId)).where('project_id', 'in', [...ids]).execute();
    await this.db.deleteFrom('project').where(scopedToCompany('project', companyId)).where('id', 'in', [...ids]).execute();
  }
}
