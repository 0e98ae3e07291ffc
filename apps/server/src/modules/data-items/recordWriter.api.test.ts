import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/testApp';
import type { BatchRecord } from './batchStore';
import { RecordWriter } from './recordWriter';
import { SeriesRepository } from './series.repository';

const opened: TestApp[] = [];
const writers: RecordWriter[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const w of writers.splice(0)) {
    await w.close();
  }
  for (const t of opened.splice(0)) {
    await t.close();
  }
  for (const dir of folders.splice(0)) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * The writers a batch may go through: on SQLite the writer thread (a database file) and the app's
 * own connection (in memory, or the thread turned off); on PostgreSQL its one path.
 */
const writerKinds: Array<{ name: string; file: boolean; thread: boolean }> = onPostgres
  ? [{ name: 'PostgreSQL', file: false, thread: false }]
  : [
      { name: 'the writer thread', file: true, thread: true },
      { name: "the app's connection", file: false, thread: true },
      { name: "the app's connection, thread off", file: true, thread: false },
    ];

async function writerOf(kind: { file: boolean; thread: boolean }): Promise<{ t: TestApp; writer: RecordWriter }> {
  let sqliteFile: string | undefined;
  if (kind.file) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-writer-'));
    folders.push(dir);
    sqliteFile = path.join(dir, 'smartdata.db');
  }
  const t = await createTestApp(sqliteFile ? { sqliteFile } : {});
  opened.push(t);
  const writer = new RecordWriter(t.app.platform.db, t.app.platform.dbKind, new SeriesRepository(t.app.platform.dbKind), undefined, { thread: kind.thread });
  writers.push(writer);
  expect(await writer.onThread()).toBe(kind.file && kind.thread);
  return { t, writer };
}

/**
 * A device batch stores each value once, in its series, with its record. On SQLite the points go
 * in key order, record after record (the usual case) or sorted when two records' series
 * interleave (a field added to an item later gets a series id above other items' series); on
 * PostgreSQL they are one `unnest` insert whose record ids come back in the batch's order.
 */
describe.each(writerKinds)('device batch through $name', (kind) => {
  it('stores every value of a batch whose series interleave, and of one whose do not', async () => {
    const { t, writer } = await writerOf(kind);
    const db = t.app.platform.db;
    const charted = new Set(['x', 'y', 'z']);
    const record = (itemId: number, ts: number, values: Record<string, number>): BatchRecord => ({ companyId: 1, itemId, ts, values, charted, keys: Object.keys(values).length });
    const t0 = Date.now();
    // Series: item 1 x, y; item 2 x, y; then item 1 z (above item 2's).
    await writer.writeBatch([record(1, t0, { x: 1, y: 2 }), record(2, t0, { x: 3, y: 4 })], null);
    await writer.writeBatch([record(1, t0 + 1, { x: 5, y: 6, z: 7 })], null);
    // Interleaving: item 1's series (1, 2, 5) around item 2's (3, 4); and item 2 before item 1 in the batch.
    const mixed = await writer.writeBatch([record(2, t0 + 2, { y: 9, x: 8 }), record(1, t0 + 2, { z: 12, x: 10, y: 11 }), record(1, t0 + 3, { x: 13 })], null);
    expect(mixed).toHaveLength(3);
    // Each record's series ascending, the records' ranges interleaving: (1, 2, 5) and (3, 4).
    await writer.writeBatch([record(1, t0 + 4, { x: 14, y: 15, z: 16 }), record(2, t0 + 4, { x: 17, y: 18 })], null);
    const series = new Map(
      (await db.selectFrom('series').select(['id', 'item_id', 'field']).where('item_id', 'in', [1, 2]).execute()).map((s) => [Number(s.id), `${s.item_id}:${s.field}`]),
    );
    expect([...series.values()].sort()).toEqual(['1:x', '1:y', '1:z', '2:x', '2:y']);
    const points = await db.selectFrom('series_point').select(['series_id', 'ts', 'record_id', 'value']).execute();
    const stored = points.map((p) => `${series.get(Number(p.series_id))}@${Number(p.ts) - t0}=${p.value}`).sort();
    expect(stored).toEqual(
      ['1:x@0=1', '1:y@0=2', '2:x@0=3', '2:y@0=4', '1:x@1=5', '1:y@1=6', '1:z@1=7', '2:y@2=9', '2:x@2=8', '1:z@2=12', '1:x@2=10', '1:y@2=11', '1:x@3=13', '1:x@4=14', '1:y@4=15', '1:z@4=16', '2:x@4=17', '2:y@4=18'].sort(),
    );
    // Each point belongs to the record that carried it.
    const records = new Map((await db.selectFrom('data_record').select(['id', 'values_json']).where('company_id', '=', 1).where('item_id', 'in', [1, 2]).execute()).map((r) => [Number(r.id), JSON.parse(r.values_json) as Record<string, number>]));
    for (const p of points) {
      const field = series.get(Number(p.series_id))!.split(':')[1];
      expect(records.get(Number(p.record_id))![field]).toBe(p.value);
    }
    expect(mixed.map((r) => r.values)).toEqual([{ y: 9, x: 8 }, { z: 12, x: 10, y: 11 }, { x: 13 }]);
  });

  it('commits the part with the batch, counting only the records stored when some were redelivered', async () => {
    const { t, writer } = await writerOf(kind);
    const db = t.app.platform.db;
    const charted = new Set(['x']);
    const record = (ts: number, x: number): BatchRecord => ({ companyId: 1, itemId: 1, ts, values: { x }, charted, keys: 1 });
    const t0 = Date.now() - 3_600_000;
    // The part counts what it is given in telemetry_count (as telemetry does), company 1, hour 0.
    const part = (stored: readonly BatchRecord[]) => ({
      sqlite: () => [{ sql: 'insert into telemetry_count (company_id, hour_ts, value_count, record_count, unknown_count) values (1, 0, ?, ?, 0) on conflict (company_id, hour_ts) do update set value_count = telemetry_count.value_count + excluded.value_count, record_count = telemetry_count.record_count + excluded.record_count', params: [stored.length * 10, stored.length] }],
      run: async (trx: typeof db) => {
        await trx
          .insertInto('telemetry_count')
          .values({ company_id: 1, hour_ts: 0, value_count: stored.length * 10, record_count: stored.length, unknown_count: 0 })
          .onConflict((oc) => oc.columns(['company_id', 'hour_ts']).doUpdateSet((eb) => ({ value_count: eb('telemetry_count.value_count', '+', eb.ref('excluded.value_count')), record_count: eb('telemetry_count.record_count', '+', eb.ref('excluded.record_count')) })))
          .execute();
      },
    });
    const count = async () => {
      const row = await db.selectFrom('telemetry_count').select(['value_count', 'record_count']).where('company_id', '=', 1).where('hour_ts', '=', 0).executeTakeFirst();
      return row ? [Number(row.value_count), Number(row.record_count)] : [0, 0];
    };
    const first = [record(t0, 1), record(t0 + 1, 2), record(t0 + 2, 3)];
    const stored1: BatchRecord[] = [];
    expect((await writer.writeBatch(first, part, stored1)).map((r) => r.values)).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }]);
    expect(stored1).toEqual(first);
    expect(await count()).toEqual([30, 3]);
    // Two redelivered (same item and instant), one new: only the new one is stored and counted.
    const again = [record(t0 + 1, 2), record(t0 + 3, 4), record(t0 + 2, 3)];
    const stored2: BatchRecord[] = [];
    const created = await writer.writeBatch(again, part, stored2);
    expect(created.map((r) => [r.createdAt - t0, r.values])).toEqual([[3, { x: 4 }]]);
    expect(stored2).toEqual([again[1]]);
    expect(await count()).toEqual([40, 4]);
    const points = await db.selectFrom('series_point').select(['value']).orderBy('ts').execute();
    expect(points.map((p) => p.value)).toEqual([1, 2, 3, 4]);
    // A batch of nothing still commits its part.
    await writer.writeBatch([], part, []);
    expect(await count()).toEqual([40, 4]);
    // Values before their series' watermark (an hour ago) were folded into the rollups at once;
    // one of now waits for the roller (wherever the batches are written), which folds it later.
    const minutes = async () => {
      const rows = await db.selectFrom('series_rollup').select(['cnt', 'sum']).where('grain', '=', 60_000).execute();
      return [rows.reduce((n, m) => n + Number(m.cnt), 0), rows.reduce((n, m) => n + Number(m.sum), 0)];
    };
    expect(await minutes()).toEqual([4, 10]);
    await writer.writeBatch([record(Date.now(), 5)], null);
    expect(await minutes()).toEqual([4, 10]);
    expect(await writer.rollDue(Date.now() + 5 * 60_000, true)).toBe(1);
    expect(await minutes()).toEqual([5, 15]);
    expect(writer.rollStats.series).toBe(1);
  });
});
