import type { RecordItem } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { deviceRecordItem, keepSeries, type BatchRecord, type BatchStore, type NewSeries, type PartOf, type SeriesEntry } from './batchStore';
import { pgSeriesWrites, seriesWriteLock } from './deferredSeries.repository';
import { pgDeviceRecordWrites } from './deviceRecords.repository';
import { rollupGrains } from './series.port';
import { PgSeriesRoller, type RollerOptions } from './seriesRoller';

/** Series rolled per transaction of the PostgreSQL roller (set-based statements: a slice costs little more than one series). */
const PG_ROLL_SLICE = 5_000;
const MINUTE = rollupGrains[0];

/**
 * The store of device batches on PostgreSQL: one Kysely transaction per batch with one `unnest()`
 * statement per table (an array parameter per column: nothing for Kysely to compile per row, a
 * handful of parameters for the pg client), under the series write lock. PostgreSQL may be shared
 * by several instances: the store keeps no watermark in memory (they are read in the transaction,
 * under the lock) and its roller rolls under advisory locks (seriesRoller.ts).
 */
export class PgBatchStore implements BatchStore {
  private readonly roller: PgSeriesRoller;
  /** Series by item and field, only for series whose creation committed. */
  private readonly seriesByItem: NewSeries = new Map();
  /** The furthest watermark this instance's roller set (tests roll ahead of the clock). */
  private rolledTo = 0;
  private closed = false;

  constructor(
    private readonly db: Db,
    roller: RollerOptions,
  ) {
    this.roller = new PgSeriesRoller(roller);
  }

  async write(records: readonly BatchRecord[], partOf: PartOf, stored: BatchRecord[]): Promise<RecordItem[]> {
    const created: RecordItem[] = [];
    const newSeries: NewSeries = new Map();
    if (records.length > 0 || partOf) {
      await this.db.transaction().execute(async (trx) => {
        await this.writeRecords(trx, records, created, stored, newSeries);
        await partOf?.(stored)?.run(trx);
      });
    }
    keepSeries(this.seriesByItem, newSeries);
    return created;
  }

  /** Slices of PG_ROLL_SLICE series, one transaction each; stops when another instance is rolling. */
  async roll(now: number, all: boolean): Promise<number> {
    const roller = this.roller;
    let rolled = 0;
    const target = roller.target(now);
    this.rolledTo = Math.max(this.rolledTo, target);
    const due = await roller.due(this.db, now, all);
    for (let i = 0; i < due.length && !this.closed; i += PG_ROLL_SLICE) {
      const slice = due.slice(i, i + PG_ROLL_SLICE).map((s) => s.id);
      const ids = await this.db.transaction().execute((trx) => roller.rollAll(trx, slice, target));
      if (ids === null) {
        break; // another instance is rolling: it takes the rest
      }
      rolled += ids.length;
    }
    return rolled;
  }

  forgetItem(itemId: number): void {
    this.seriesByItem.delete(itemId);
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }

  /** A series entry of the batch's item and field: committed, or made by this batch. */
  private entryOf(newSeries: NewSeries, itemId: number, field: string): SeriesEntry | undefined {
    return this.seriesByItem.get(itemId)?.get(field) ?? newSeries.get(itemId)?.get(field);
  }

  /** Records a series entry the batch made. */
  private static made(newSeries: NewSeries, itemId: number, field: string, entry: SeriesEntry): void {
    const made = newSeries.get(itemId);
    if (made) {
      made.set(field, entry);
    } else {
      newSeries.set(itemId, new Map([[field, entry]]));
    }
  }

  /**
   * Records, points and counts, each one statement, series deferred like on SQLite. Under the
   * series write lock (shared), so the watermarks read here are those of the last roll committed:
   * a value before its series' one is folded into the rollups at once. Only values before the
   * current minute can be (a roll's watermark is at least `lagMs` behind its clock; instances'
   * clocks agree to better than that), or before a watermark this instance's roller set ahead of
   * the clock (tests).
   */
  private async writeRecords(trx: Db, all: readonly BatchRecord[], created: RecordItem[], stored: BatchRecord[], newSeries: NewSeries): Promise<void> {
    if (all.length === 0) {
      return;
    }
    await seriesWriteLock(trx, 'postgres');
    const companies = new Array<number>(all.length);
    const items = new Array<number>(all.length);
    const texts = new Array<string>(all.length);
    const instants = new Array<number>(all.length);
    for (let i = 0; i < all.length; i += 1) {
      const r = all[i];
      companies[i] = r.companyId;
      items[i] = r.itemId;
      texts[i] = r.valuesJson ?? JSON.stringify(r.values);
      instants[i] = r.ts;
    }
    const allIds = await pgDeviceRecordWrites.insert(trx, companies, items, texts, instants);
    // A redelivered record (id 0: its item has a device record of that instant) is skipped.
    const records: BatchRecord[] = [];
    const ids: number[] = [];
    for (let i = 0; i < all.length; i += 1) {
      if (allIds[i] !== 0) {
        records.push(all[i]);
        ids.push(allIds[i]);
      }
    }
    stored.push(...records);
    if (records.length === 0) {
      return;
    }
    const n = records.length;
    // Series: made (and deferred) where missing, all of the batch's at once.
    const missing = { companies: [] as number[], items: [] as number[], fields: [] as string[] };
    const asked = new Set<string>();
    for (const { companyId, itemId, values, charted } of records) {
      for (const field in values) {
        if (typeof values[field] === 'number' && charted.has(field) && !this.entryOf(newSeries, itemId, field) && !asked.has(`${itemId}:${field}`)) {
          asked.add(`${itemId}:${field}`);
          missing.companies.push(companyId);
          missing.items.push(itemId);
          missing.fields.push(field);
        }
      }
    }
    if (missing.items.length > 0) {
      const found = await pgSeriesWrites.ensure(trx, missing.companies, missing.items, missing.fields);
      const made: number[] = [];
      for (let i = 0; i < missing.items.length; i += 1) {
        const id = found.get(`${missing.items[i]}:${missing.fields[i]}`)!;
        PgBatchStore.made(newSeries, missing.items[i], missing.fields[i], { id, rolledUntil: null });
        made.push(id);
      }
      await pgSeriesWrites.defer(trx, made, this.roller.target(Date.now()));
    }
    const sids: number[] = [];
    const pts: number[] = [];
    const rids: number[] = [];
    const vals: number[] = [];
    const lateBefore = Math.max(Math.floor(Date.now() / MINUTE) * MINUTE, this.rolledTo);
    let maybeLate = 0;
    const perItem = new Map<number, { companyId: number; n: number }>();
    for (let i = 0; i < n; i += 1) {
      const { companyId, itemId, ts, values, charted } = records[i];
      const id = ids[i];
      created.push(deviceRecordItem(records[i], id));
      const tally = perItem.get(itemId);
      if (tally) {
        tally.n += 1;
      } else {
        perItem.set(itemId, { companyId, n: 1 });
      }
      for (const field in values) {
        const value = values[field];
        if (typeof value !== 'number' || !charted.has(field) || !Number.isFinite(value)) {
          continue;
        }
        sids.push(this.entryOf(newSeries, itemId, field)!.id);
        pts.push(ts);
        rids.push(id);
        vals.push(value);
        if (ts < lateBefore) {
          maybeLate += 1;
        }
      }
    }
    await pgSeriesWrites.insertPoints(trx, sids, pts, rids, vals);
    if (maybeLate > 0) {
      const late = { sids: [] as number[], pts: [] as number[], vals: [] as number[] };
      for (let i = 0; i < sids.length; i += 1) {
        if (pts[i] < lateBefore) {
          late.sids.push(sids[i]);
          late.pts.push(pts[i]);
          late.vals.push(vals[i]);
        }
      }
      // Values before their series' watermark: the roller has passed them, their rollups now.
      await pgSeriesWrites.foldLate(trx, late.sids, late.pts, late.vals);
    }
    const countItems: number[] = [];
    const countCompanies: number[] = [];
    const counts: number[] = [];
    for (const [itemId, { companyId, n: count }] of perItem) {
      countItems.push(itemId);
      countCompanies.push(companyId);
      counts.push(count);
    }
    await pgDeviceRecordWrites.addCounts(trx, countItems, countCompanies, counts);
  }
}
