import { sql } from 'kysely';
import type { Db } from '@server/platform/db/database';

/** The IP allow-list, the audit log and data retention (tables ip_allow, audit_log, data_retention). */
export class SystemRepository {
  constructor(private readonly db: Db) {}

  // ---- IP allow-list ----
  whiteIps() {
    return this.db.selectFrom('ip_allow').select(['id', 'ip', 'remark', 'created_at', 'created_by']).orderBy('id').execute();
  }

  async insertWhiteIp(ip: string, remark: string, createdBy: string): Promise<number> {
    const row = await this.db.insertInto('ip_allow').values({ ip, remark, created_by: createdBy, created_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async deleteWhiteIp(id: number): Promise<void> {
    await this.db.deleteFrom('ip_allow').where('id', '=', id).execute();
  }

  // ---- audit log (written by platform/audit.ts) ----
  async pageAudit(filter: { pageNum: number; pageSize: number; userName?: string; companyId?: number; action?: string; result?: 'success' | 'failure'; from?: number; to?: number }) {
    let query = this.db.selectFrom('audit_log').leftJoin('company', 'company.id', 'audit_log.company_id');
    if (filter.userName) {
      query = query.where(sql<boolean>`lower(audit_log.user_name) like ${`%${filter.userName.toLowerCase()}%`}`);
    }
    if (filter.companyId !== undefined) {
      query = query.where('audit_log.company_id', '=', filter.companyId);
    }
    if (filter.action) {
      query = query.where(sql<boolean>`lower(audit_log.action) like ${`%${filter.action.toLowerCase()}%`}`);
    }
    if (filter.result) {
      query = query.where('audit_log.code', filter.result === 'success' ? '=' : '<>', 0);
    }
    if (filter.from !== undefined) {
      query = query.where('audit_log.created_at', '>=', filter.from);
    }
    if (filter.to !== undefined) {
      query = query.where('audit_log.created_at', '<', filter.to);
    }
    const [{ total }, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      query
        .select([
          'audit_log.id',
          'audit_log.user_id as userId',
          'audit_log.user_name as userName',
          'audit_log.company_id as companyId',
          'company.display_name as companyName',
          'company.builtin_key as companyBuiltinKey',
          'audit_log.method',
          'audit_log.action',
          'audit_log.target',
          'audit_log.ip',
          'audit_log.code',
          'audit_log.duration_ms as durationMs',
          'audit_log.created_at as createdAt',
        ])
        .orderBy('audit_log.id', 'desc')
        .limit(filter.pageSize)
        .offset((filter.pageNum - 1) * filter.pageSize)
        .execute(),
    ]);
    return { total: Number(total), rows };
  }

  // ---- data retention ----
  retentions() {
    return this.db
      .selectFrom('company')
      .leftJoin('data_retention', 'data_retention.company_id', 'company.id')
      .select(['company.id as companyId', 'company.display_name as displayName', 'company.builtin_key as builtinKey', 'data_retention.raw_days as rawDays', 'data_retention.last_purge_at as lastPurgeAt', 'data_retention.last_purged_rows as lastPurgedRows'])
      .where('company.status', '=', 'active')
      .orderBy('company.id')
      .execute();
  }

  async setRetention(companyId: number, rawDays: number | null): Promise<void> {
    const existing = await this.db.selectFrom('data_retention').select('company_id').where('company_id', '=', companyId).executeTakeFirst();
    if (existing) {
      await this.db.updateTable('data_retention').set({ raw_days: rawDays }).where('company_id', '=', companyId).execute();
    } else {
      await this.db.insertInto('data_retention').values({ company_id: companyId, raw_days: rawDays, last_purge_at: null, last_purged_rows: null }).execute();
    }
  }

  async recordPurge(companyId: number, rows: number): Promise<void> {
    await this.db.updateTable('data_retention').set({ last_purge_at: Date.now(), last_purged_rows: rows }).where('company_id', '=', companyId).execute();
  }

  companiesWithRetention() {
    return this.db.selectFrom('data_retention').innerJoin('company', 'company.id', 'data_retention.company_id').select(['data_retention.company_id as companyId', 'data_retention.raw_days as rawDays']).where('data_retention.raw_days', 'is not', null).where('company.status', '=', 'active').execute();
  }
}
