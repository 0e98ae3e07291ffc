import { sql, type Selectable } from 'kysely';
import type { Db, DbKind } from '@server/platform/db/database';
import type { TelemetryBindingTable } from '@server/platform/db/schema.telemetry';
import { scopedToCompany } from '@server/platform/db/tenancy';
import type { RawStatement } from '../data-items/deviceRecords.port';

/** A binding with its device's name and SN. */
export type BindingRow = Pick<Selectable<TelemetryBindingTable>, 'item_id' | 'company_id' | 'device_id' | 'created_at'> & { device_name: string; device_sn: string };

/** Values received, records written and unknown keys of a company in one UTC hour (added to `telemetry_count`). */
export interface TelemetryCounter {
  companyId: number;
  hour: number;
  values: number;
  records: number;
  unknown: number;
}

/** Where a device's telemetry goes: its company and the items bound to it. */
export interface DeviceRoute {
  deviceId: number;
  companyId: number;
  itemIds: number[];
}

const HOUR = 3_600_000;

const UPSERT_COUNT = `insert into telemetry_count (company_id, hour_ts, value_count, record_count, unknown_count) values (?, ?, ?, ?, ?)
  on conflict (company_id, hour_ts) do update set value_count = telemetry_count.value_count + excluded.value_count,
  record_count = telemetry_count.record_count + excluded.record_count, unknown_count = telemetry_count.unknown_count + excluded.unknown_count`;

/** Bindings of IoT data lists to devices, and the per-company counters (docs/telemetry.md). */
export class TelemetryRepository {
  constructor(
    private readonly db: Db,
    readonly kind: DbKind,
  ) {}

  static in(trx: Db, kind: DbKind): TelemetryRepository {
    return new TelemetryRepository(trx, kind);
  }

  /**
   * Bindings whose device still exists (a deleted device leaves a row that is never answered and
   * is replaced by the next bind; the service leaves out those of deleted items).
   */
  bindings(companyId: number, filter: { itemId?: number; deviceId?: number }): Promise<BindingRow[]> {
    let query = this.db
      .selectFrom('telemetry_binding as b')
      .innerJoin('device as d', (join) => join.onRef('d.id', '=', 'b.device_id').onRef('d.company_id', '=', 'b.company_id'))
      .select(['b.item_id', 'b.company_id', 'b.device_id', 'b.created_at', 'd.name as device_name', 'd.sn as device_sn'])
      .where('b.company_id', '=', companyId);
    if (filter.itemId !== undefined) {
      query = query.where('b.item_id', '=', filter.itemId);
    }
    if (filter.deviceId !== undefined) {
      query = query.where('b.device_id', '=', filter.deviceId);
    }
    return query.orderBy('b.created_at').orderBy('b.item_id').execute();
  }

  async bind(companyId: number, itemId: number, deviceId: number, userId: number, at: number): Promise<void> {
    await this.db
      .insertInto('telemetry_binding')
      .values({ item_id: itemId, company_id: companyId, device_id: deviceId, created_by: userId, created_at: at })
      .onConflict((oc) => oc.column('item_id').doUpdateSet({ company_id: companyId, device_id: deviceId, created_by: userId, created_at: at }))
      .execute();
  }

  async unbind(companyId: number, itemId: number): Promise<number> {
    const result = await this.db.deleteFrom('telemetry_binding').where(scopedToCompany('telemetry_binding', companyId)).where('item_id', '=', itemId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Bindings of data items or devices being deleted (inside the cabin's delete transaction). */
  async deleteOf(companyId: number, column: 'item_id' | 'device_id', ids: readonly number[]): Promise<void> {
    await this.db.deleteFrom('telemetry_binding').where(scopedToCompany('telemetry_binding', companyId)).where(column, 'in', [...ids]).execute();
  }

  /** The device of an SN and the items bound to it (null: no such device). */
  async route(sn: string): Promise<DeviceRoute | null> {
    const rows = await this.db
      .selectFrom('device as d')
      .leftJoin('telemetry_binding as b', (join) => join.onRef('b.device_id', '=', 'd.id').onRef('b.company_id', '=', 'd.company_id'))
      .select(['d.id', 'd.company_id', 'b.item_id'])
      .where('d.sn', '=', sn)
      .execute();
    const first = rows[0];
    if (!first) {
      return null;
    }
    return { deviceId: Number(first.id), companyId: Number(first.company_id), itemIds: rows.filter((r) => r.item_id !== null).map((r) => Number(r.item_id)) };
  }

  /** Values received minus records written per company in [yesterday, today) and since today (hour buckets). */
  async counts(companyIds: readonly number[], yesterday: number, today: number): Promise<Map<number, { today: number; yesterday: number }>> {
    const result = new Map<number, { today: number; yesterday: number }>();
    if (companyIds.length === 0) {
      return result;
    }
    const from = Math.floor(yesterday / HOUR) * HOUR;
    const split = Math.floor(today / HOUR) * HOUR;
    const rows = await this.db
      .selectFrom('telemetry_count')
      .select((eb) => [
        'company_id',
        eb.fn.sum<number>(sql`case when hour_ts >= ${split} then value_count - record_count else 0 end`).as('today'),
        eb.fn.sum<number>(sql`case when hour_ts < ${split} then value_count - record_count else 0 end`).as('yesterday'),
      ])
      .where('company_id', 'in', [...companyIds])
      .where('hour_ts', '>=', from)
      .groupBy('company_id')
      .execute();
    for (const row of rows) {
      result.set(Number(row.company_id), { today: Number(row.today), yesterday: Number(row.yesterday) });
    }
    return result;
  }

  /** Adds a batch's counters (the record writer runs this in the batch's transaction). */
  async addCounts(counters: readonly TelemetryCounter[]): Promise<void> {
    for (const c of counters) {
      await this.db
        .insertInto('telemetry_count')
        .values({ company_id: c.companyId, hour_ts: c.hour, value_count: c.values, record_count: c.records, unknown_count: c.unknown })
        .onConflict((oc) =>
          oc.columns(['company_id', 'hour_ts']).doUpdateSet({
            value_count: sql`telemetry_count.value_count + excluded.value_count`,
            record_count: sql`telemetry_count.record_count + excluded.record_count`,
            unknown_count: sql`telemetry_count.unknown_count + excluded.unknown_count`,
          }),
        )
        .execute();
    }
  }

  /** `addCounts` on the embedded database, as statements run in the batch's last transaction (possibly on the writer thread). */
  static countStatements(counters: readonly TelemetryCounter[]): RawStatement[] {
    return counters.map((c) => ({ sql: UPSERT_COUNT, params: [c.companyId, c.hour, c.values, c.records, c.unknown] }));
  }
}
