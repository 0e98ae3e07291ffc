import { sql, type Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { BoardPlayTable, DashboardTable } from '@server/platform/db/schema.dashboards';
import { escapeLike } from '@server/platform/db/like';
import { scopedToCompany } from '@server/platform/db/tenancy';

const dashboardColumns = ['id', 'node_id', 'name', 'board_type', 'width', 'height', 'refresh_minutes', 'template_code', 'widgets', 'created_at', 'updated_at'] as const;
const playColumns = ['id', 'name', 'draft', 'published', 'published_at', 'created_at', 'updated_at'] as const;

export type DashboardRow = Pick<Selectable<DashboardTable>, (typeof dashboardColumns)[number]>;
export type BoardPlayRow = Pick<Selectable<BoardPlayTable>, (typeof playColumns)[number]>;

/** PostgreSQL answers bigint columns as text; instants are numbers everywhere else. */
function instants<T extends { created_at: number; updated_at: number; published_at?: number | null }>(row: T): T {
  return {
    ...row,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    ...('published_at' in row ? { published_at: row.published_at === null ? null : Number(row.published_at) } : {}),
  };
}

/** Every query of dashboards and carousels, scoped to the caller's company. */
export class DashboardsRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): DashboardsRepository {
    return new DashboardsRepository(trx);
  }

  // ---- dashboards ----

  async allDashboards(companyId: number, keyword?: string): Promise<DashboardRow[]> {
    let query = this.db.selectFrom('dashboard').select(dashboardColumns).where(scopedToCompany('dashboard', companyId));
    if (keyword) {
      query = query.where(sql<boolean>`lower(name) like ${`%${escapeLike(keyword.toLowerCase())}%`} escape '\\'`);
    }
    return (await query.orderBy('updated_at', 'desc').orderBy('id', 'desc').execute()).map(instants);
  }

  async findDashboard(companyId: number, id: number): Promise<DashboardRow | undefined> {
    const row = await this.db.selectFrom('dashboard').select(dashboardColumns).where(scopedToCompany('dashboard', companyId)).where('id', '=', id).executeTakeFirst();
    return row && instants(row);
  }

  async dashboardsByIds(companyId: number, ids: readonly number[]): Promise<DashboardRow[]> {
    if (ids.length === 0) {
      return [];
    }
    return (await this.db.selectFrom('dashboard').select(dashboardColumns).where(scopedToCompany('dashboard', companyId)).where('id', 'in', [...ids]).execute()).map(instants);
  }

  async insertDashboard(values: {
    companyId: number;
    nodeId: number;
    name: string;
    boardType: string;
    width: number;
    height: number;
    refreshMinutes: number;
    templateCode: string | null;
    widgets: string;
    userId: number;
  }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('dashboard')
      .values({
        company_id: values.companyId,
        node_id: values.nodeId,
        name: values.name,
        board_type: values.boardType,
        width: values.width,
        height: values.height,
        refresh_minutes: values.refreshMinutes,
        template_code: values.templateCode,
        widgets: values.widgets,
        created_by: values.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateDashboard(companyId: number, id: number, values: { boardType: string; width: number; height: number; refreshMinutes: number; widgets: string }): Promise<void> {
    await this.db
      .updateTable('dashboard')
      .set({ board_type: values.boardType, width: values.width, height: values.height, refresh_minutes: values.refreshMinutes, widgets: values.widgets, updated_at: Date.now() })
      .where(scopedToCompany('dashboard', companyId))
      .where('id', '=', id)
      .execute();
  }

  async renameDashboard(companyId: number, id: number, name: string): Promise<void> {
    await this.db.updateTable('dashboard').set({ name, updated_at: Date.now() }).where(scopedToCompany('dashboard', companyId)).where('id', '=', id).execute();
  }

  async deleteDashboards(companyId: number, ids: readonly number[]): Promise<void> {
    if (ids.length > 0) {
      await this.db.deleteFrom('dashboard').where(scopedToCompany('dashboard', companyId)).where('id', 'in', [...ids]).execute();
    }
  }

  // ---- carousels ----

  async allPlays(companyId: number, keyword?: string): Promise<BoardPlayRow[]> {
    let query = this.db.selectFrom('board_play').select(playColumns).where(scopedToCompany('board_play', companyId));
    if (keyword) {
      query = query.where(sql<boolean>`lower(name) like ${`%${escapeLike(keyword.toLowerCase())}%`} escape '\\'`);
    }
    return (await query.orderBy('updated_at', 'desc').orderBy('id', 'desc').execute()).map(instants);
  }

  async findPlay(companyId: number, id: number): Promise<BoardPlayRow | undefined> {
    const row = await this.db.selectFrom('board_play').select(playColumns).where(scopedToCompany('board_play', companyId)).where('id', '=', id).executeTakeFirst();
    return row && instants(row);
  }

  async playNamed(companyId: number, name: string, exceptId?: number): Promise<boolean> {
    let query = this.db.selectFrom('board_play').select('id').where(scopedToCompany('board_play', companyId)).where('name', '=', name);
    if (exceptId !== undefined) {
      query = query.where('id', '<>', exceptId);
    }
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insertPlay(companyId: number, name: string, draft: string, userId: number): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('board_play')
      .values({ company_id: companyId, name, draft, published: null, published_at: null, created_by: userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updatePlay(companyId: number, id: number, values: { name: string; draft: string }): Promise<void> {
    await this.db.updateTable('board_play').set({ name: values.name, draft: values.draft, updated_at: Date.now() }).where(scopedToCompany('board_play', companyId)).where('id', '=', id).execute();
  }

  async publishPlay(companyId: number, id: number, published: string): Promise<void> {
    await this.db.updateTable('board_play').set({ published, published_at: Date.now() }).where(scopedToCompany('board_play', companyId)).where('id', '=', id).execute();
  }

  async deletePlay(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('board_play').where(scopedToCompany('board_play', companyId)).where('id', '=', id).execute();
  }
}
