import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { DeviceTable, DeviceFirmwareTable, DeviceOtaTable } from '@server/platform/db/schema.devices';
import type { DeviceLifecycleTable } from '@server/platform/db/schema.inventory';
import { escapeLike } from '@server/platform/db/like';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type DeviceRow = Selectable<DeviceTable>;
export type FirmwareRow = Selectable<DeviceFirmwareTable>;
export type OtaRow = Selectable<DeviceOtaTable>;
export type DevicePatch = Updateable<DeviceTable>;
export type LifecycleRow = Selectable<DeviceLifecycleTable>;

/**
 * Every query of the devices module's tables — devices, firmware packages and upgrade jobs;
 * company-scoped unless named bySn. Gateway configurations are the gateways module's.
 */
export class DevicesRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): DevicesRepository {
    return new DevicesRepository(trx);
  }

  // ---- devices ----

  find(companyId: number, id: number): Promise<DeviceRow | undefined> {
    return this.db.selectFrom('device').selectAll().where(scopedToCompany('device', companyId)).where('id', '=', id).executeTakeFirst();
  }

  findByNodeIds(companyId: number, nodeIds: readonly number[]): Promise<DeviceRow[]> {
    if (nodeIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('device').selectAll().where(scopedToCompany('device', companyId)).where('node_id', 'in', [...nodeIds]).execute();
  }

  findByIds(companyId: number, ids: readonly number[]): Promise<DeviceRow[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('device').selectAll().where(scopedToCompany('device', companyId)).where('id', 'in', [...ids]).execute();
  }

  /** The device of an SN, in any company (MQTT side: the SN is the identity). */
  findBySn(sn: string): Promise<DeviceRow | undefined> {
    return this.db.selectFrom('device').selectAll().where('sn', '=', sn).executeTakeFirst();
  }

  /** Every device's broker identity (all companies): what a re-sync of the broker's accounts compares. */
  brokerAccounts(): Promise<Pick<DeviceRow, 'sn' | 'status' | 'secret_hash' | 'secret_sealed'>[]> {
    return this.db.selectFrom('device').select(['sn', 'status', 'secret_hash', 'secret_sealed']).orderBy('id').execute();
  }

  async snTaken(sn: string): Promise<boolean> {
    return (await this.db.selectFrom('device').select('id').where(sql<boolean>`lower(sn) = ${sn.toLowerCase()}`).executeTakeFirst()) !== undefined;
  }

  /** Devices of the company matching the filter, newest first (callers filter by cabin level). */
  list(companyId: number, filter: { keyword?: string; online?: boolean; bindState?: string; status?: number; model?: string }): Promise<DeviceRow[]> {
    let query = this.db.selectFrom('device').selectAll().where(scopedToCompany('device', companyId));
    if (filter.keyword) {
      const like = `%${escapeLike(filter.keyword.toLowerCase())}%`;
      query = query.where((eb) => eb.or([eb(sql`lower(name)`, 'like', sql`${like} escape '\\'`), eb(sql`lower(sn)`, 'like', sql`${like} escape '\\'`), eb(sql`lower(address)`, 'like', sql`${like} escape '\\'`)]));
    }
    if (filter.online !== undefined) {
      query = query.where('online', '=', filter.online ? 1 : 0);
    }
    if (filter.bindState) {
      query = query.where('bind_state', '=', filter.bindState);
    }
    if (filter.status !== undefined) {
      query = query.where('status', '=', filter.status);
    }
    if (filter.model) {
      query = query.where('model', '=', filter.model);
    }
    return query.orderBy('id', 'desc').execute();
  }

  async insert(values: { companyId: number; nodeId: number; name: string; sn: string; model: string; address: string; remarks: string; secretHash: string; secretSealed: string | null; userId: number }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('device')
      .values({
        company_id: values.companyId,
        node_id: values.nodeId,
        name: values.name,
        sn: values.sn,
        model: values.model,
        address: values.address,
        remarks: values.remarks,
        secret_hash: values.secretHash,
        secret_sealed: values.secretSealed,
        pictures: '[]',
        status: 0,
        bind_state: 'unbound',
        online: 0,
        config_state: 'idle',
        config_reasons: '[]',
        detect_state: 'idle',
        detect_reasons: '[]',
        created_by: values.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(companyId: number, id: number, patch: DevicePatch): Promise<void> {
    await this.db
      .updateTable('device')
      .set({ ...patch, updated_at: Date.now() })
      .where(scopedToCompany('device', companyId))
      .where('id', '=', id)
      .execute();
  }

  /** Moves the device's lifecycle status only while it is still `from` (a concurrent move wins once); answers whether it did. */
  async moveStatus(companyId: number, id: number, from: number, to: number, patch: DevicePatch = {}): Promise<boolean> {
    const result = await this.db
      .updateTable('device')
      .set({ ...patch, status: to, updated_at: Date.now() })
      .where(scopedToCompany('device', companyId))
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Updates only while `column` still holds `expected` (a command's id): late answers change nothing. */
  async updateIf(id: number, column: 'bind_cmd_id' | 'config_cmd_id' | 'detect_cmd_id', expected: string, patch: DevicePatch): Promise<boolean> {
    const result = await this.db
      .updateTable('device')
      .set({ ...patch, updated_at: Date.now() })
      .where('id', '=', id)
      .where(column, '=', expected)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async removeByIds(companyId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    await this.db.deleteFrom('device_ota').where(scopedToCompany('device_ota', companyId)).where('device_id', 'in', [...ids]).execute();
    await this.db.deleteFrom('device').where(scopedToCompany('device', companyId)).where('id', 'in', [...ids]).execute();
  }

  /** Devices whose binding, config push or detection waited past its deadline. */
  expiredWaits(now: number) {
    return this.db
      .selectFrom('device')
      .select(['id', 'company_id', 'bind_state', 'bind_expires_at', 'bind_cmd_id', 'config_state', 'config_deadline', 'config_cmd_id', 'detect_state', 'detect_deadline', 'detect_cmd_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('bind_state', '=', 'awaiting'), eb('bind_expires_at', '<', now)]),
          eb.and([eb('config_state', '=', 'updating'), eb('config_deadline', '<', now)]),
          eb.and([eb('detect_state', '=', 'detecting'), eb('detect_deadline', '<', now)]),
        ]),
      )
      .execute();
  }

  async fleetCounts(): Promise<{ total: number; online: number }> {
    const row = await this.db
      .selectFrom('device')
      .select([(eb) => eb.fn.countAll<number>().as('total'), (eb) => eb.fn.sum<number>('online').as('online')])
      .executeTakeFirst();
    return { total: Number(row?.total ?? 0), online: Number(row?.online ?? 0) };
  }

  async counts(companyIds: readonly number[]): Promise<Map<number, { total: number; online: number }>> {
    const result = new Map<number, { total: number; online: number }>();
    if (companyIds.length === 0) {
      return result;
    }
    const rows = await this.db
      .selectFrom('device')
      .select(['company_id', (eb) => eb.fn.countAll<number>().as('total'), (eb) => eb.fn.sum<number>('online').as('online')])
      .where('company_id', 'in', [...companyIds])
      .groupBy('company_id')
      .execute();
    for (const row of rows) {
      result.set(row.company_id, { total: Number(row.total), online: Number(row.online ?? 0) });
    }
    return result;
  }

  /** Every device marked online (start-up: the broker is new, nobody is connected yet). */
  async markAllOffline(): Promise<void> {
    await this.db.updateTable('device').set({ online: 0 }).where('online', '=', 1).execute();
  }

  /** Devices of the company by SN, case-insensitively. */
  findBySns(companyId: number, sns: readonly string[]): Promise<DeviceRow[]> {
    if (sns.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('device')
      .selectAll()
      .where(scopedToCompany('device', companyId))
      .where(sql<boolean>`lower(sn) in (${sql.join(sns.map((sn) => sn.toLowerCase()))})`)
      .execute();
  }

  /** SNs of `sns` registered in any company (the SN is the MQTT identity), lower case. */
  async snsTaken(sns: readonly string[]): Promise<string[]> {
    if (sns.length === 0) {
      return [];
    }
    const rows = await this.db
      .selectFrom('device')
      .select('sn')
      .where(sql<boolean>`lower(sn) in (${sql.join(sns.map((sn) => sn.toLowerCase()))})`)
      .execute();
    return rows.map((row) => row.sn.toLowerCase());
  }

  // ---- lifecycle history ----

  async insertLifecycle(rows: readonly Omit<LifecycleRow, 'id'>[]): Promise<void> {
    if (rows.length > 0) {
      await this.db.insertInto('device_lifecycle').values([...rows]).execute();
    }
  }

  /** The status a device had before its latest disabling (null when its history does not say). */
  async statusBeforeDisabled(companyId: number, deviceId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('device_lifecycle')
      .select('from_status')
      .where('company_id', '=', companyId)
      .where('device_id', '=', deviceId)
      .where('to_status', '=', 9)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.from_status ?? null;
  }

  lifecycleOf(companyId: number, deviceId: number) {
    return this.db
      .selectFrom('device_lifecycle as l')
      .leftJoin('app_user as u', 'u.id', 'l.created_by')
      .selectAll('l')
      .select('u.user_name')
      .where('l.company_id', '=', companyId)
      .where('l.device_id', '=', deviceId)
      .orderBy('l.id')
      .execute();
  }

  async removeLifecycle(companyId: number, deviceIds: readonly number[]): Promise<void> {
    if (deviceIds.length > 0) {
      await this.db.deleteFrom('device_lifecycle').where(scopedToCompany('device_lifecycle', companyId)).where('device_id', 'in', [...deviceIds]).execute();
    }
  }

  // ---- firmware ----

  findFirmware(companyId: number, id: number): Promise<FirmwareRow | undefined> {
    return this.db.selectFrom('device_firmware').selectAll().where(scopedToCompany('device_firmware', companyId)).where('id', '=', id).executeTakeFirst();
  }

  async firmwareVersionTaken(companyId: number, model: string, version: string): Promise<boolean> {
    const row = await this.db.selectFrom('device_firmware').select('id').where(scopedToCompany('device_firmware', companyId)).where('model', '=', model).where('version', '=', version).executeTakeFirst();
    return row !== undefined;
  }

  async listFirmware(companyId: number, filter: { model?: string }, page: { pageNum: number; pageSize: number }): Promise<{ rows: FirmwareRow[]; total: number }> {
    let query = this.db.selectFrom('device_firmware').where(scopedToCompany('device_firmware', companyId));
    if (filter.model) {
      query = query.where('model', '=', filter.model);
    }
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.total) };
  }

  async insertFirmware(values: Omit<FirmwareRow, 'id' | 'created_at'>): Promise<number> {
    const row = await this.db
      .insertInto('device_firmware')
      .values({ ...values, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async deleteFirmware(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('device_firmware').where(scopedToCompany('device_firmware', companyId)).where('id', '=', id).execute();
  }

  async firmwareInUse(companyId: number, firmwareId: number): Promise<boolean> {
    const row = await this.db.selectFrom('device_ota').select('id').where(scopedToCompany('device_ota', companyId)).where('firmware_id', '=', firmwareId).where('state', '=', 'progress').executeTakeFirst();
    return row !== undefined;
  }

  // ---- upgrade jobs ----

  findOta(id: number): Promise<OtaRow | undefined> {
    return this.db.selectFrom('device_ota').selectAll().where('id', '=', id).executeTakeFirst();
  }

  otaByIds(ids: readonly number[]): Promise<OtaRow[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('device_ota').selectAll().where('id', 'in', [...ids]).execute();
  }

  otaHistory(companyId: number, deviceId: number): Promise<OtaRow[]> {
    return this.db.selectFrom('device_ota').selectAll().where(scopedToCompany('device_ota', companyId)).where('device_id', '=', deviceId).orderBy('id', 'desc').limit(50).execute();
  }

  async insertOta(values: Omit<OtaRow, 'id' | 'finished_at' | 'message' | 'percent' | 'updated_at'>): Promise<number> {
    const row = await this.db
      .insertInto('device_ota')
      .values({ ...values, percent: 0, message: null, updated_at: values.started_at, finished_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Changes a job that is still in progress; answers whether it was. */
  async updateOta(id: number, patch: Updateable<DeviceOtaTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('device_ota')
      .set({ ...patch, updated_at: Date.now() })
      .where('id', '=', id)
      .where('state', '=', 'progress')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  expiredOta(now: number): Promise<OtaRow[]> {
    return this.db.selectFrom('device_ota').selectAll().where('state', '=', 'progress').where('deadline', '<', now).execute();
  }
}
