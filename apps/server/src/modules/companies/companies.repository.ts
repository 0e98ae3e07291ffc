import { sql, type Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { CompanyTable } from '@server/platform/db/schema';
import { escapeLike } from '@server/platform/db/like';
import { scopedToCompany } from '@server/platform/db/tenancy';

const companyColumns = ['company.id', 'company.display_name', 'company.builtin_key', 'company.cfg', 'company.time_zone', 'company.is_platform'] as const;

export type CompanyRow = Pick<Selectable<CompanyTable>, 'id' | 'display_name' | 'builtin_key' | 'cfg' | 'time_zone' | 'is_platform'>;

/** Row locks where the dialect has them (PostgreSQL); SQLite serializes writers by itself. */
function lockRows(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/** Companies and their members (tables company and company_member). */
export class CompaniesRepository {
  constructor(private readonly db: Db) {}

  async insertCompany(values: { displayName: string; isPlatform: boolean; timeZone?: string; builtinKey?: string }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('company')
      .values({
        display_name: values.displayName,
        builtin_key: values.builtinKey ?? null,
        cfg: '{}',
        time_zone: values.timeZone ?? 'Asia/Shanghai',
        is_platform: values.isPlatform ? 1 : 0,
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The company's time zone (day and month windows are computed in it), whatever its status. */
  async timeZone(id: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('company').select('time_zone').where('id', '=', id).executeTakeFirst();
    return row?.time_zone;
  }

  findById(id: number): Promise<CompanyRow | undefined> {
    return this.db.selectFrom('company').select(companyColumns).where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
  }

  findPlatformCompany(): Promise<CompanyRow | undefined> {
    return this.db.selectFrom('company').select(companyColumns).where('is_platform', '=', 1).executeTakeFirst();
  }

  activeCompanies() {
    return this.db.selectFrom('company').select(['id', 'display_name', 'builtin_key']).where('status', '=', 'active').orderBy('id').execute();
  }

  companiesOfUser(userId: number): Promise<CompanyRow[]> {
    return this.db
      .selectFrom('company')
      .innerJoin('company_member', 'company_member.company_id', 'company.id')
      .select(companyColumns)
      .where('company_member.user_id', '=', userId)
      .where('company_member.status', '=', 'active')
      .where('company.status', '=', 'active')
      .orderBy('company_member.joined_at')
      .execute();
  }

  /** The active companies each of `userIds` belongs to (any membership status). */
  companiesOfUsers(userIds: number[]) {
    if (userIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('company_member')
      .innerJoin('company', 'company.id', 'company_member.company_id')
      .select(['company_member.user_id as userId', 'company.id as companyId', 'company.display_name as displayName', 'company.builtin_key as builtinKey'])
      .where('company_member.user_id', 'in', userIds)
      .where('company.status', '=', 'active')
      .execute();
  }

  async addMember(companyId: number, userId: number): Promise<void> {
    await this.db.insertInto('company_member').values({ company_id: companyId, user_id: userId, status: 'active', joined_at: Date.now() }).execute();
  }

  async countMembers(companyId: number): Promise<number> {
    const row = await this.db
      .selectFrom('company_member')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(scopedToCompany('company_member', companyId))
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  listMembers(companyId: number, limit: number) {
    return this.db
      .selectFrom('company_member')
      .innerJoin('app_user', 'app_user.id', 'company_member.user_id')
      .select(['app_user.id as userId', 'app_user.name', 'app_user.user_name as userName'])
      .where(scopedToCompany('company_member', companyId))
      .where('company_member.status', '=', 'active')
      .orderBy('company_member.joined_at')
      .limit(limit)
      .execute();
  }

  /** One page of the company's members, newest last, optionally filtered by name/user name/phone. */
  async pageMembers(companyId: number, pageNum: number, pageSize: number, keyword?: string) {
    let query = this.db
      .selectFrom('company_member')
      .innerJoin('app_user', 'app_user.id', 'company_member.user_id')
      .where(scopedToCompany('company_member', companyId));
    if (keyword) {
      const like = `%${escapeLike(keyword)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(sql`app_user.name`, 'like', sql`${like} escape '\\'`),
          eb(sql`app_user.user_name`, 'like', sql`${like} escape '\\'`),
          eb(sql`app_user.phone`, 'like', sql`${like} escape '\\'`),
        ]),
      );
    }
    const [{ total }, list] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      query
        .select([
          'app_user.id as userId',
          'app_user.user_name as userName',
          'app_user.name',
          'app_user.phone',
          'company_member.status',
          'company_member.joined_at as joinedAt',
        ])
        .orderBy('company_member.joined_at')
        .orderBy('app_user.id')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute(),
    ]);
    return { total: Number(total), list };
  }

  async pageCompanies(pageNum: number, pageSize: number, keyword?: string) {
    let query = this.db.selectFrom('company').where('status', '=', 'active');
    if (keyword) {
      query = query.where(sql<boolean>`lower(company.display_name) like ${`%${keyword.toLowerCase()}%`}`);
    }
    const [{ total }, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      query
        .select((eb) => [
          'company.id',
          'company.display_name',
          'company.builtin_key',
          'company.cfg',
          'company.time_zone',
          'company.is_platform',
          'company.created_at',
          eb
            .selectFrom('company_member')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('company_member.company_id', '=', 'company.id')
            .where('company_member.status', '=', 'active')
            .as('memberCount'),
        ])
        .orderBy('company.id')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute(),
    ]);
    return { total: Number(total), rows };
  }

  async updateCompany(id: number, values: { displayName?: string; timeZone?: string; cfg?: string }): Promise<void> {
    await this.db
      .updateTable('company')
      .set({
        // A new name is the user's own: the company stops being shown by its built-in key.
        ...(values.displayName !== undefined ? { display_name: values.displayName, builtin_key: null } : {}),
        ...(values.timeZone !== undefined ? { time_zone: values.timeZone } : {}),
        ...(values.cfg !== undefined ? { cfg: values.cfg } : {}),
        updated_at: Date.now(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Soft delete: the rows stay for the audit trail, the company disappears everywhere. */
  async markDeleted(id: number): Promise<void> {
    await this.db.updateTable('company').set({ status: 'deleted', updated_at: Date.now() }).where('id', '=', id).execute();
  }

  async cfg(companyId: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('company').select('cfg').where('id', '=', companyId).executeTakeFirst();
    return row?.cfg;
  }

  /**
   * Changes company.cfg in one transaction: `change` gets the stored JSON text and answers the
   * new one, so keys that other modules keep in cfg survive.
   */
  async updateCfg(companyId: number, change: (cfg: string) => string): Promise<{ before: string; after: string } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx.selectFrom('company').select('cfg').where('id', '=', companyId);
      if (lockRows(trx)) {
        query = query.forUpdate();
      }
      const row = await query.executeTakeFirst();
      if (!row) {
        return undefined;
      }
      const after = change(row.cfg);
      await trx.updateTable('company').set({ cfg: after, updated_at: Date.now() }).where('id', '=', companyId).execute();
      return { before: row.cfg, after };
    });
  }
}
