import { sql } from 'kysely';
import type { Db } from '@server/platform/db/database';
import { scopedToCompany } from '@server/platform/tenancy';

export interface CompanyRow {
  id: number;
  display_name: string;
  cfg: string;
  time_zone: string;
  is_platform: number;
}

export class CompaniesRepository {
  constructor(private readonly db: Db) {}

  async insertCompany(values: { displayName: string; isPlatform: boolean; timeZone?: string }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('company')
      .values({
        display_name: values.displayName,
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
    return this.db
      .selectFrom('company')
      .select(['id', 'display_name', 'cfg', 'time_zone', 'is_platform'])
      .where('id', '=', id)
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  findPlatformCompany(): Promise<CompanyRow | undefined> {
    return this.db.selectFrom('company').select(['id', 'display_name', 'cfg', 'time_zone', 'is_platform']).where('is_platform', '=', 1).executeTakeFirst();
  }

  companiesOfUser(userId: number): Promise<CompanyRow[]> {
    return this.db
      .selectFrom('company')
      .innerJoin('company_member', 'company_member.company_id', 'company.id')
      .select(['company.id', 'company.display_name', 'company.cfg', 'company.time_zone', 'company.is_platform'])
      .where('company_member.user_id', '=', userId)
      .where('company_member.status', '=', 'active')
      .where('company.status', '=', 'active')
      .orderBy('company_member.joined_at')
      .execute();
  }

  async addMember(companyId: number, userId: number): Promise<void> {
    await this.db.insertInto('company_member').values({ company_id: companyId, user_id: userId, status: 'active', joined_at: Date.now() }).execute();
  }

  async insertRole(companyId: number, name: string, codes: string[]): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('role')
      .values({ company_id: companyId, name, codes: JSON.stringify(codes), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async assignRole(companyId: number, userId: number, roleId: number): Promise<void> {
    await this.db.insertInto('user_role').values({ company_id: companyId, user_id: userId, role_id: roleId }).execute();
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
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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

  rolesOfMembers(companyId: number, userIds: number[]) {
    if (userIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.role_id')
      .select(['user_role.user_id as userId', 'role.id as roleId', 'role.name'])
      .where(scopedToCompany('user_role', companyId))
      .where('user_role.user_id', 'in', userIds)
      .execute();
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
        ...(values.displayName !== undefined ? { display_name: values.displayName } : {}),
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

  async countRoles(companyId: number): Promise<number> {
    const row = await this.db
      .selectFrom('role')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(scopedToCompany('role', companyId))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
