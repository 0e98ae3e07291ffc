import type { Db } from '@server/platform/db/database';
import { scopedToCompany } from '@server/platform/db/tenancy';

/** Roles, the roles each member holds, and role templates (tables role, user_role, role_template). */
export class RolesRepository {
  constructor(private readonly db: Db) {}

  list(companyId: number) {
    return this.db
      .selectFrom('role')
      .leftJoin('user_role', 'user_role.role_id', 'role.id')
      .select((eb) => ['role.id', 'role.name', 'role.builtin_key', 'role.codes', 'role.created_at', eb.fn.count<number>('user_role.user_id').as('memberCount')])
      .where(scopedToCompany('role', companyId))
      .groupBy(['role.id', 'role.name', 'role.builtin_key', 'role.codes', 'role.created_at'])
      .orderBy('role.id')
      .execute();
  }

  find(companyId: number, id: number) {
    return this.db.selectFrom('role').select(['id', 'name', 'builtin_key', 'codes', 'company_id']).where(scopedToCompany('role', companyId)).where('id', '=', id).executeTakeFirst();
  }

  findByName(companyId: number, name: string) {
    return this.db.selectFrom('role').select(['id']).where(scopedToCompany('role', companyId)).where('name', '=', name).executeTakeFirst();
  }

  async count(companyId: number): Promise<number> {
    const row = await this.db
      .selectFrom('role')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(scopedToCompany('role', companyId))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(companyId: number, name: string, codes: string[], builtinKey: string | null = null): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('role')
      .values({ company_id: companyId, name, builtin_key: builtinKey, codes: JSON.stringify(codes), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(companyId: number, id: number, values: { name?: string; codes?: string[] }): Promise<void> {
    await this.db
      .updateTable('role')
      // A new name is the user's own: the role stops being shown by its built-in key.
      .set({ ...(values.name !== undefined ? { name: values.name, builtin_key: null } : {}), ...(values.codes ? { codes: JSON.stringify(values.codes) } : {}), updated_at: Date.now() })
      .where(scopedToCompany('role', companyId))
      .where('id', '=', id)
      .execute();
  }

  async holders(companyId: number, id: number): Promise<number> {
    const row = await this.db
      .selectFrom('user_role')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(scopedToCompany('user_role', companyId))
      .where('role_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async delete(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('role').where(scopedToCompany('role', companyId)).where('id', '=', id).execute();
  }

  /** The ids among `ids` that are roles of the company. */
  async existingIds(companyId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) {
      return [];
    }
    const rows = await this.db.selectFrom('role').select('id').where(scopedToCompany('role', companyId)).where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  async setUserRoles(companyId: number, userId: number, roleIds: number[]): Promise<void> {
    await this.removeUser(companyId, userId);
    if (roleIds.length > 0) {
      await this.db
        .insertInto('user_role')
        .values(roleIds.map((roleId) => ({ company_id: companyId, user_id: userId, role_id: roleId })))
        .execute();
    }
  }

  /** Takes every role of the company away from a user. */
  async removeUser(companyId: number, userId: number): Promise<void> {
    await this.db.deleteFrom('user_role').where(scopedToCompany('user_role', companyId)).where('user_id', '=', userId).execute();
  }

  /** The roles each of `userIds` holds in the company. */
  rolesOfUsers(companyId: number, userIds: number[]) {
    if (userIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.role_id')
      .select(['user_role.user_id as userId', 'role.id as roleId', 'role.name', 'role.builtin_key as builtinKey'])
      .where(scopedToCompany('user_role', companyId))
      .where('user_role.user_id', 'in', userIds)
      .execute();
  }

  // ---- role templates (platform) ----
  listTemplates() {
    return this.db.selectFrom('role_template').select(['id', 'name', 'codes', 'created_at']).orderBy('id').execute();
  }

  findTemplate(id: number) {
    return this.db.selectFrom('role_template').select(['id', 'name', 'codes']).where('id', '=', id).executeTakeFirst();
  }

  findTemplateByName(name: string) {
    return this.db.selectFrom('role_template').select(['id']).where('name', '=', name).executeTakeFirst();
  }

  async insertTemplate(name: string, codes: string[]): Promise<number> {
    const now = Date.now();
    const row = await this.db.insertInto('role_template').values({ name, codes: JSON.stringify(codes), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async updateTemplate(id: number, values: { name?: string; codes?: string[] }): Promise<void> {
    await this.db
      .updateTable('role_template')
      .set({ ...(values.name !== undefined ? { name: values.name } : {}), ...(values.codes ? { codes: JSON.stringify(values.codes) } : {}), updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
  }

  async deleteTemplate(id: number): Promise<void> {
    await this.db.deleteFrom('role_template').where('id', '=', id).execute();
  }
}
