import { sql } from 'kysely';
import type { Db } from '@server/platform/db/database';
import { scopedToCompany } from '@server/platform/db/tenancy';

export class GroupsRepository {
  constructor(private readonly db: Db) {}

  async page(companyId: number, pageNum: number, pageSize: number, keyword?: string) {
    let query = this.db.selectFrom('user_group').where(scopedToCompany('user_group', companyId));
    if (keyword) {
      query = query.where(sql<boolean>`lower(user_group.name) like ${`%${keyword.toLowerCase()}%`}`);
    }
    const [{ total }, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      query
        .leftJoin('user_group_member', 'user_group_member.group_id', 'user_group.id')
        .select((eb) => ['user_group.id', 'user_group.name', 'user_group.remark', 'user_group.created_at', eb.fn.count<number>('user_group_member.user_id').as('memberCount')])
        .groupBy(['user_group.id', 'user_group.name', 'user_group.remark', 'user_group.created_at'])
        .orderBy('user_group.id')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute(),
    ]);
    return { total: Number(total), rows };
  }

  find(companyId: number, id: number) {
    return this.db.selectFrom('user_group').select(['id', 'name']).where(scopedToCompany('user_group', companyId)).where('id', '=', id).executeTakeFirst();
  }

  findByName(companyId: number, name: string) {
    return this.db.selectFrom('user_group').select(['id']).where(scopedToCompany('user_group', companyId)).where('name', '=', name).executeTakeFirst();
  }

  async insert(companyId: number, name: string, remark: string): Promise<number> {
    const row = await this.db.insertInto('user_group').values({ company_id: companyId, name, remark, created_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(companyId: number, id: number, name: string, remark: string): Promise<void> {
    await this.db.updateTable('user_group').set({ name, remark }).where(scopedToCompany('user_group', companyId)).where('id', '=', id).execute();
  }

  async delete(companyId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_group_member').where(scopedToCompany('user_group_member', companyId)).where('group_id', '=', id).execute();
      await trx.deleteFrom('user_group').where(scopedToCompany('user_group', companyId)).where('id', '=', id).execute();
    });
  }

  members(companyId: number, groupId: number) {
    return this.db
      .selectFrom('user_group_member')
      .innerJoin('app_user', 'app_user.id', 'user_group_member.user_id')
      .select(['app_user.id as userId', 'app_user.user_name as userName', 'app_user.name', 'app_user.phone'])
      .where(scopedToCompany('user_group_member', companyId))
      .where('user_group_member.group_id', '=', groupId)
      .orderBy('user_group_member.added_at')
      .execute();
  }

  isMember(companyId: number, groupId: number, userId: number) {
    return this.db
      .selectFrom('user_group_member')
      .select('user_id')
      .where(scopedToCompany('user_group_member', companyId))
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async addMember(companyId: number, groupId: number, userId: number): Promise<void> {
    await this.db.insertInto('user_group_member').values({ company_id: companyId, group_id: groupId, user_id: userId, added_at: Date.now() }).execute();
  }

  async removeMember(companyId: number, groupId: number, userId: number): Promise<void> {
    await this.db.deleteFrom('user_group_member').where(scopedToCompany('user_group_member', companyId)).where('group_id', '=', groupId).where('user_id', '=', userId).execute();
  }

  /** Takes a user out of every group of the company (they leave the company). */
  async removeFromAll(companyId: number, userId: number): Promise<void> {
    await this.db.deleteFrom('user_group_member').where(scopedToCompany('user_group_member', companyId)).where('user_id', '=', userId).execute();
  }

  /** Ids of the groups a user belongs to (cabin permissions: a grant to a group reaches its members). */
  async groupIdsOfUser(companyId: number, userId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('user_group_member').select('group_id').where(scopedToCompany('user_group_member', companyId)).where('user_id', '=', userId).execute();
    return rows.map((r) => r.group_id);
  }
}
