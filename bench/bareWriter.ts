/**
 * The bare pipeline's writer (bench/ingest.ts --bare, issue 21): what a hand-written
 * better-sqlite3 ingest writes for a batch of telemetry publishes — a data_record row
 * (values_json), a series_point per value (series made on first sight, points in key order),
 * data_item.record_count and telemetry_count — in one transaction, with the app's pragmas. Used
 * on the event loop (`--bare`) and on a worker thread (`--bare-worker`, bareWriter.worker.ts), so
 * the two designs of the issue write exactly the same rows.
 */
import SQLite from 'better-sqlite3';

export interface BarePublish {
  sn: string;
  ts: number;
  values: Record<string, unknown>;
}

export interface BareWriter {
  /** Writes the batch in one transaction; answers the number of values stored. */
  write(batch: BarePublish[]): number;
  close(): void;
}

export function openBareWriter(file: string): BareWriter {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  const routes = new Map<string, Array<{ companyId: number; itemId: number; fields: Set<string> }>>();
  for (const row of db
    .prepare('select d.sn, b.company_id, b.item_id, i.fields from telemetry_binding b join device d on d.id = b.device_id join data_item i on i.id = b.item_id')
    .all() as Array<{ sn: string; company_id: number; item_id: number; fields: string }>) {
    const fields = new Set((JSON.parse(row.fields) as Array<{ fieldName: string }>).map((f) => f.fieldName));
    const list = routes.get(row.sn) ?? [];
    list.push({ companyId: row.company_id, itemId: row.item_id, fields });
    routes.set(row.sn, list);
  }
  const insertRecord = db.prepare(
    "insert into data_record (company_id, item_id, parent_record_id, values_json, source, created_by, created_at, updated_at) values (?, ?, null, ?, 'device', null, ?, ?)",
  );
  const addCount = db.prepare('update data_item set record_count = record_count + ? where company_id = ? and id = ?');
  const ensureSeries = db.prepare('insert into series (company_id, item_id, field) values (?, ?, ?) on conflict (item_id, field) do nothing');
  const findSeries = db.prepare('select id from series where item_id = ? and field = ?');
  const insertPoint = db.prepare('insert into series_point (series_id, ts, record_id, value) values (?, ?, ?, ?)');
  const upsertCount = db.prepare(
    `insert into telemetry_count (company_id, hour_ts, value_count, record_count, unknown_count) values (?, ?, ?, ?, 0)
     on conflict (company_id, hour_ts) do update set value_count = telemetry_count.value_count + excluded.value_count,
     record_count = telemetry_count.record_count + excluded.record_count`,
  );
  const seriesIds = new Map<string, number>();
  const transaction = db.transaction((batch: BarePublish[]): number => {
    let values = 0;
    const points: Array<{ seriesId: number; ts: number; recordId: number; value: number }> = [];
    const perItem = new Map<number, { companyId: number; n: number }>();
    const perHour = new Map<string, { companyId: number; hour: number; values: number; records: number }>();
    for (const publish of batch) {
      for (const { companyId, itemId, fields } of routes.get(publish.sn) ?? []) {
        const kept: Record<string, number> = {};
        let keys = 0;
        for (const key in publish.values) {
          const value = publish.values[key];
          if (fields.has(key) && typeof value === 'number' && Number.isFinite(value)) {
            kept[key] = value;
            keys += 1;
          }
        }
        if (keys === 0) {
          continue;
        }
        const recordId = Number(insertRecord.run(companyId, itemId, JSON.stringify(kept), publish.ts, publish.ts).lastInsertRowid);
        for (const key in kept) {
          const seriesKey = `${itemId}:${key}`;
          let seriesId = seriesIds.get(seriesKey);
          if (seriesId === undefined) {
            ensureSeries.run(companyId, itemId, key);
            seriesId = Number((findSeries.get(itemId, key) as { id: number }).id);
            seriesIds.set(seriesKey, seriesId);
          }
          points.push({ seriesId, ts: publish.ts, recordId, value: kept[key] });
        }
        const tally = perItem.get(itemId) ?? { companyId, n: 0 };
        tally.n += 1;
        perItem.set(itemId, tally);
        const hour = Math.floor(publish.ts / 3_600_000) * 3_600_000;
        const counter = perHour.get(`${companyId}:${hour}`) ?? { companyId, hour, values: 0, records: 0 };
        counter.values += keys;
        counter.records += 1;
        perHour.set(`${companyId}:${hour}`, counter);
        values += keys;
      }
    }
    points.sort((a, b) => a.seriesId - b.seriesId || a.ts - b.ts || a.recordId - b.recordId);
    for (const p of points) {
      insertPoint.run(p.seriesId, p.ts, p.recordId, p.value);
    }
    for (const [itemId, { companyId, n }] of perItem) {
      addCount.run(n, companyId, itemId);
    }
    for (const c of perHour.values()) {
      upsertCount.run(c.companyId, c.hour, c.values, c.records);
    }
    return values;
  });
  return {
    write: (batch) => transaction.immediate(batch),
    close: () => db.close(),
  };
}
