import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/testApp';
import { type BatchRecord, RecordWriter } from './recordWriter';
import { SeriesRepository } from './series.repository';

const opened: TestApp[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) {
    await t.close();
  }
});

/**
 * A device batch stores each value once, in its series, with its record. On SQLite the points go
 * in key order, record after record (the usual case) or sorted when two records' series
 * interleave (a field added to an item later gets a series id above other items' series); on
 * PostgreSQL they are one `unnest` insert whose record ids come back in the batch's order.
 */
describe('device batch', () => {
  it('stores every value of a batch whose series interleave, and of one whose do not', async () => {
    const t = await createTestApp();
    opened.push(t);
    const db = t.app.platform.db;
    const writer = new RecordWriter(db, t.app.platform.dbKind, new SeriesRepository(t.app.platform.dbKind));
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
});
