import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Charts (docs/charts.md): the series store of numeric record values, clustered by
// (series, time), with minute / 15-minute / hour rollups kept on write; chart configs per data
// item. Back-fills the store from the records already kept.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

const NUMERIC_TYPES = [1, 2, 10];
const GRAINS = [60_000, 900_000, 3_600_000, 21_600_000];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const noRowid = pg ? sql`` : sql`without rowid`;

  await (pg
    ? db.schema.createTable('series').addColumn('id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('series').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'varchar(64)', (c) => c.notNull())
    .addUniqueConstraint('series_item_field_uq', ['item_id', 'field'])
    .execute();
  await db.schema.createIndex('series_company_idx').on('series').columns(['company_id', 'item_id']).execute();

  // One row per value, stored in primary-key order: a series' values over a window are one
  // contiguous range of the table (SQLite WITHOUT ROWID; PostgreSQL reads the primary key index).
  await db.schema
    .createTable('series_point')
    .addColumn('series_id', 'integer', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('series_point_pk', ['series_id', 'ts', 'record_id'])
    .modifyEnd(noRowid)
    .execute();

  // count, sum, min, max of a series per minute, 15 minutes, hour and 6 hours (UTC-aligned grains), kept
  // on every write: long windows and aggregates read these instead of every value.
  await db.schema
    .createTable('series_rollup')
    .addColumn('series_id', 'integer', (c) => c.notNull())
    .addColumn('grain', 'integer', (c) => c.notNull())
    .addColumn('bucket_ts', 'bigint', (c) => c.notNull())
    .addColumn('cnt', 'integer', (c) => c.notNull())
    .addColumn('sum', 'double precision', (c) => c.notNull())
    .addColumn('min', 'double precision', (c) => c.notNull())
    .addColumn('max', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('series_rollup_pk', ['series_id', 'grain', 'bucket_ts'])
    .modifyEnd(noRowid)
    .execute();

  await (pg
    ? db.schema.createTable('chart').addColumn('id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('chart').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('bucket', 'varchar(8)', (c) => c.notNull())
    .addColumn('time_range', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('chart_item_name_uq', ['item_id', 'name'])
    .execute();
  await db.schema.createIndex('chart_company_item_idx').on('chart').columns(['company_id', 'item_id']).execute();

  await backfill(db);
}

/** Series of every numeric field of every data item, their values from the kept records, then the rollups. */
async function backfill(db: Kysely<any>): Promise<void> {
  const items = await db.selectFrom('data_item').select(['id', 'company_id', 'fields']).execute();
  for (const item of items) {
    let fields: Array<{ fieldName: string; type: number }> = [];
    try {
      fields = JSON.parse(String(item.fields));
    } catch {
      fields = [];
    }
    const numeric = fields.filter((f) => NUMERIC_TYPES.includes(Number(f.type))).map((f) => f.fieldName);
    if (numeric.length === 0) {
      continue;
    }
    const seriesOf = new Map<string, number>();
    for (const field of numeric) {
      const row = await db.insertInto('series').values({ company_id: item.company_id, item_id: item.id, field }).returning('id').executeTakeFirstOrThrow();
      seriesOf.set(field, Number(row.id));
    }
    let after = 0;
    for (;;) {
      const records = await db
        .selectFrom('data_record')
        .select(['id', 'created_at', 'values_json'])
        .where('company_id', '=', item.company_id)
        .where('item_id', '=', item.id)
        .where('id', '>', after)
        .orderBy('id')
        .limit(5000)
        .execute();
      if (records.length === 0) {
        break;
      }
      after = Number(records[records.length - 1].id);
      const points: Array<{ series_id: number; ts: number; record_id: number; value: number }> = [];
      for (const record of records) {
        let values: Record<string, unknown> = {};
        try {
          values = JSON.parse(String(record.values_json));
        } catch {
          values = {};
        }
        for (const [field, seriesId] of seriesOf) {
          const value = values[field];
          if (typeof value === 'number' && Number.isFinite(value)) {
            points.push({ series_id: seriesId, ts: Number(record.created_at), record_id: Number(record.id), value });
          }
        }
      }
      for (let i = 0; i < points.length; i += 2000) {
        await db.insertInto('series_point').values(points.slice(i, i + 2000)).execute();
      }
    }
  }
  for (const grain of GRAINS) {
    await sql`insert into series_rollup (series_id, grain, bucket_ts, cnt, sum, min, max)
      select series_id, ${sql.lit(grain)}, (ts / ${sql.lit(grain)}) * ${sql.lit(grain)}, count(*), sum(value), min(value), max(value)
      from series_point group by series_id, (ts / ${sql.lit(grain)})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['chart', 'series_rollup', 'series_point', 'series']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
