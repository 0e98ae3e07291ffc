import type { Insertable, Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { ApiKeyTable } from '@server/platform/db/schema.apiKeys';
import { escapeLike } from '@server/platform/db/like';

export type ApiKeyRow = Selectable<ApiKeyTable>;

/** The list's narrowing: a name keyword, a state at `now`. */
export interface ApiKeyFilter {
  keyword?: string;
  state?: 'active' | 'expired' | 'revoked';
  now: number;
}

/** The apiKeys module's table `api_key`: every query scoped to the company but the hash lookup of the auth hook. */
export class ApiKeysRepository {
  constructor(private readonly db: Db) {}

  /** The auth hook's lookup, by the key's hash (unique across companies). */
  byHash(keyHash: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_key').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  }

  byId(companyId: number, id: number): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_key').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  }

  async page(companyId: number, filter: ApiKeyFilter, pageNum: number, pageSize: number) {
    let query = this.db.selectFrom('api_key').leftJoin('app_user', 'app_user.id', 'api_key.created_by').where('api_key.company_id', '=', companyId);
    if (filter.keyword) {
      query = query.where('api_key.name', 'like', `%${escapeLike(filter.keyword)}%`);
    }
    if (filter.state === 'revoked') {
      query = query.where('api_key.revoked_at', 'is not', null);
    } else if (filter.state === 'expired') {
      query = query.where('api_key.revoked_at', 'is', null).where('api_key.expires_at', '<=', filter.now);
    } else if (filter.state === 'active') {
      query = query.where('api_key.revoked_at', 'is', null).where((eb) => eb.or([eb('api_key.expires_at', 'is', null), eb('api_key.expires_at', '>', filter.now)]));
    }
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll('api_key')
      .select(['app_user.name as creatorName', 'app_user.user_name as creatorUserName'])
      .orderBy('api_key.id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** Keys of a company not revoked (the per-company bound counts them). */
  async countUnrevoked(companyId: number): Promise<number> {
    const row = await this.db.selectFrom('api_key').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async nameTaken(companyId: number, name: string): Promise<boolean> {
    const row = await this.db.selectFrom('api_key').select('id').where('company_id', '=', companyId).where('name', '=', name).where('revoked_at', 'is', null).executeTakeFirst();
    return row !== undefined;
  }

  async insert(values: Insertable<ApiKeyTable>): Promise<number> {
    const row = await this.db.insertInto('api_key').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** Revokes a key of the company (a revoked one stays as it was); false: no such key there. */
  async revoke(companyId: number, id: number, at: number, by: number): Promise<boolean> {
    const key = await this.byId(companyId, id);
    if (!key) {
      return false;
    }
    await this.db.updateTable('api_key').set({ revoked_at: at, revoked_by: by }).where('company_id', '=', companyId).where('id', '=', id).where('revoked_at', 'is', null).execute();
    return true;
  }

  async touch(id: number, at: number, ip: string): Promise<void> {
    await this.db.updateTable('api_key').set({ last_used_at: at, last_used_ip: ip.slice(0, 64) }).where('id', '=', id).execute();
  }
}
