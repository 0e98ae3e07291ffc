import type { Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { GatewayCertificateTable, GatewayConfigTable, GatewayConfigVersionTable } from '@server/platform/db/schema.devices';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type ConfigRow = Selectable<GatewayConfigTable>;
export type VersionRow = Selectable<GatewayConfigVersionTable>;
export type CertificateRow = Selectable<GatewayCertificateTable>;

/** Gateway configurations, their versions and link certificates; always company-scoped. */
export class GatewaysRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): GatewaysRepository {
    return new GatewaysRepository(trx);
  }

  config(companyId: number, deviceId: number): Promise<ConfigRow | undefined> {
    return this.db.selectFrom('gateway_config').selectAll().where(scopedToCompany('gateway_config', companyId)).where('device_id', '=', deviceId).executeTakeFirst();
  }

  async saveConfig(companyId: number, deviceId: number, flow: string, userId: number | null): Promise<void> {
    const now = Date.now();
    const existing = await this.config(companyId, deviceId);
    if (existing) {
      await this.db.updateTable('gateway_config').set({ flow, saved_at: now, saved_by: userId }).where(scopedToCompany('gateway_config', companyId)).where('device_id', '=', deviceId).execute();
    } else {
      await this.db.insertInto('gateway_config').values({ device_id: deviceId, company_id: companyId, flow, saved_at: now, saved_by: userId, applied_version: null }).execute();
    }
  }

  async setApplied(companyId: number, deviceId: number, version: number): Promise<void> {
    await this.db.updateTable('gateway_config').set({ applied_version: version }).where(scopedToCompany('gateway_config', companyId)).where('device_id', '=', deviceId).execute();
  }

  /** Keeps a document as the device's next version; answers its id and number. */
  async addVersion(companyId: number, deviceId: number, values: { reason: string; state: string; flow: string; userId: number | null }): Promise<{ id: number; version: number }> {
    const last = await this.db
      .selectFrom('gateway_config_version')
      .select((eb) => eb.fn.max('version').as('version'))
      .where(scopedToCompany('gateway_config_version', companyId))
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    const version = Number(last?.version ?? 0) + 1;
    const row = await this.db
      .insertInto('gateway_config_version')
      .values({ company_id: companyId, device_id: deviceId, version, reason: values.reason, state: values.state, flow: values.flow, created_by: values.userId, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, version };
  }

  async setVersionState(companyId: number, deviceId: number, version: number, state: string): Promise<void> {
    await this.db
      .updateTable('gateway_config_version')
      .set({ state })
      .where(scopedToCompany('gateway_config_version', companyId))
      .where('device_id', '=', deviceId)
      .where('version', '=', version)
      .execute();
  }

  /** A config push that timed out: its version is marked failed. */
  async failUpdatingVersions(companyId: number, deviceId: number): Promise<void> {
    await this.db
      .updateTable('gateway_config_version')
      .set({ state: 'failed' })
      .where(scopedToCompany('gateway_config_version', companyId))
      .where('device_id', '=', deviceId)
      .where('state', '=', 'updating')
      .execute();
  }

  /** Configurations and versions of devices being deleted (inside the cabin's delete transaction). */
  async removeForDevices(companyId: number, deviceIds: readonly number[]): Promise<void> {
    if (deviceIds.length === 0) {
      return;
    }
    await this.db.deleteFrom('gateway_config_version').where(scopedToCompany('gateway_config_version', companyId)).where('device_id', 'in', [...deviceIds]).execute();
    await this.db.deleteFrom('gateway_config').where(scopedToCompany('gateway_config', companyId)).where('device_id', 'in', [...deviceIds]).execute();
  }

  findVersion(companyId: number, deviceId: number, version: number): Promise<VersionRow | undefined> {
    return this.db
      .selectFrom('gateway_config_version')
      .selectAll()
      .where(scopedToCompany('gateway_config_version', companyId))
      .where('device_id', '=', deviceId)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  async versions(companyId: number, deviceId: number, page: { pageNum: number; pageSize: number }): Promise<{ rows: Omit<VersionRow, 'flow'>[]; total: number }> {
    const base = this.db.selectFrom('gateway_config_version').where(scopedToCompany('gateway_config_version', companyId)).where('device_id', '=', deviceId);
    const [rows, total] = await Promise.all([
      base
        .select(['id', 'company_id', 'device_id', 'version', 'reason', 'state', 'created_by', 'created_at'])
        .orderBy('version', 'desc')
        .limit(page.pageSize)
        .offset((page.pageNum - 1) * page.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.total) };
  }

  // ---- certificates ----

  certificates(companyId: number): Promise<CertificateRow[]> {
    return this.db.selectFrom('gateway_certificate').selectAll().where(scopedToCompany('gateway_certificate', companyId)).orderBy('id', 'desc').execute();
  }

  certificate(companyId: number, id: number): Promise<CertificateRow | undefined> {
    return this.db.selectFrom('gateway_certificate').selectAll().where(scopedToCompany('gateway_certificate', companyId)).where('id', '=', id).executeTakeFirst();
  }

  async insertCertificate(values: Omit<CertificateRow, 'id' | 'created_at'>): Promise<number> {
    const row = await this.db
      .insertInto('gateway_certificate')
      .values({ ...values, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async deleteCertificate(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('gateway_certificate').where(scopedToCompany('gateway_certificate', companyId)).where('id', '=', id).execute();
  }

  /** Saved documents of the company that mention the certificate (checked precisely by the caller). */
  configsMentioning(companyId: number, certificateId: number): Promise<ConfigRow[]> {
    return this.db
      .selectFrom('gateway_config')
      .selectAll()
      .where(scopedToCompany('gateway_config', companyId))
      .where('flow', 'like', `%"certificateId":${certificateId}%`)
      .execute();
  }
}
