import { sql, type Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { CompanyDeviceAccessTable, TagTable } from '@server/platform/db/schema.storage';
import { escapeLike } from '@server/platform/db/like';
import { scopedToCompany } from '@server/platform/db/tenancy';

const tagColumns = ['id', 'name', 'color', 'created_at', 'updated_at'] as const;

export type TagRow = Pick<Selectable<TagTable>, (typeof tagColumns)[number]>;
export type DeviceAccessRow = Selectable<CompanyDeviceAccessTable>;

/** `like` with the keyword's own wildcards escaped. */
function containing(keyword: string) {
  return sql`${`%${escapeLike(keyword)}%`} escape '\\'`;
}

/** Tags and device access credentials of a company; every query is scoped to the company. */
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async pageTags(companyId: number, pageNum: number, pageSize: number, keyword?: string): Promise<{ total: number; list: TagRow[] }> {
    let query = this.db.selectFrom('tag').where(scopedToCompany('tag', companyId));
    if (keyword) {
      query = query.where(sql`lower(tag.name)`, 'like', containing(keyword.toLowerCase()));
    }
    const [{ total }, list] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      query
        .select(tagColumns)
        .orderBy('created_at')
        .orderBy('id')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute(),
    ]);
    return { total: Number(total), list };
  }

  findTag(companyId: number, id: number): Promise<TagRow | undefined> {
    return this.db.selectFrom('tag').select(tagColumns).where(scopedToCompany('tag', companyId)).where('id', '=', id).executeTakeFirst();
  }

  findTagByName(companyId: number, name: string): Promise<TagRow | undefined> {
    return this.db.selectFrom('tag').select(tagColumns).where(scopedToCompany('tag', companyId)).where('name', '=', name).executeTakeFirst();
  }

  async insertTag(companyId: number, name: string, color: string): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('tag')
      .values({ company_id: companyId, name, color, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateTag(companyId: number, id: number, name: string, color: string): Promise<number> {
    const result = await this.db
      .updateTable('tag')
      .set({ name, color, updated_at: Date.now() })
      .where(scopedToCompany('tag', companyId))
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async deleteTag(companyId: number, id: number): Promise<number> {
    const result = await this.db.deleteFrom('tag').where(scopedToCompany('tag', companyId)).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  findDeviceAccess(companyId: number): Promise<DeviceAccessRow | undefined> {
    return this.db.selectFrom('company_device_access').selectAll().where(scopedToCompany('company_device_access', companyId)).executeTakeFirst();
  }

  /** Several first reads may race: the first insert wins, the others change nothing. */
  async insertDeviceAccessIfMissing(values: { companyId: number; accessKey: string; secretHash: string; secretHint: string }): Promise<void> {
    const now = Date.now();
    await this.db
      .insertInto('company_device_access')
      .values({
        company_id: values.companyId,
        access_key: values.accessKey,
        secret_hash: values.secretHash,
        secret_hint: values.secretHint,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('company_id').doNothing())
      .execute();
  }

  async updateDeviceSecret(companyId: number, secretHash: string, secretHint: string): Promise<void> {
    await this.db
      .updateTable('company_device_access')
      .set({ secret_hash: secretHash, secret_hint: secretHint, updated_at: Date.now() })
      .where(scopedToCompany('company_device_access', companyId))
      .execute();
  }
}
