import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here. PostgreSQL only (SQLite keeps its WITHOUT ROWID
// table).
//
// Issue 22: on PostgreSQL `series_point` (one row per device value: the big table) becomes a
// table range-partitioned by `ts` (epoch milliseconds), one partition per UTC month named
// `series_point_yYYYYmMM` over [first millisecond of the month, first of the next), plus a default
// partition `series_point_default` so that no value is ever refused (an instant far in the past or
// future, or a month not created yet). Retention can then drop a whole month (DROP TABLE of its
// partition) instead of deleting row by row. The primary key (series_id, ts, record_id) holds the
// partition key, so it stays the table's key; every query names ts ranges, which prune partitions.
//
// Existing rows are copied inside the migration: partitions are made for every month that holds
// values between 2000-01 and a year from now, and for the current month and the next two (the
// data-items module's hourly job keeps making months ahead, docs/charts.md); other values go to
// the default partition. The copy takes as long as reading and writing the table once.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/** The first millisecond (UTC) of the month `offset` months after the one holding `ts`. */
function monthStart(ts: number, offset = 0): number {
  const d = new Date(ts);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1);
}

function partitionName(start: number): string {
  const d = new Date(start);
  return `series_point_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    return;
  }
  await sql`create table series_point_parted (
    series_id integer not null,
    ts bigint not null,
    record_id bigint not null,
    value double precision not null,
    constraint series_point_parted_pk primary key (series_id, ts, record_id)
  ) partition by range (ts)`.execute(db);
  await sql`create table series_point_default partition of series_point_parted default`.execute(db);

  const now = Date.now();
  const low = Date.UTC(2000, 0, 1);
  const high = monthStart(now, 12);
  const found = await sql<{ m: number | string }>`select distinct (extract(epoch from date_trunc('month', to_timestamp(ts / 1000.0) at time zone 'UTC')) * 1000)::bigint as m
    from series_point where ts >= ${sql.lit(low)} and ts < ${sql.lit(high)}`.execute(db);
  const months = new Set(found.rows.map((r) => Number(r.m)));
  for (let k = 0; k < 3; k += 1) {
    months.add(monthStart(now, k));
  }
  for (const start of [...months].sort((a, b) => a - b)) {
    await sql`create table ${sql.id(partitionName(start))} partition of series_point_parted
      for values from (${sql.lit(start)}) to (${sql.lit(monthStart(start, 1))})`.execute(db);
  }
  await sql`insert into series_point_parted (series_id, ts, record_id, value) select series_id, ts, record_id, value from series_point`.execute(db);
  await sql`drop table series_point`.execute(db);
  await sql`alter table series_point_parted rename to series_point`.execute(db);
  await sql`alter table series_point rename constraint series_point_parted_pk to series_point_pk`.execute(db);
  await sql`analyze series_point`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    return;
  }
  await sql`create table series_point_plain (
    series_id integer not null,
    ts bigint not null,
    record_id bigint not null,
    value double precision not null,
    constraint series_point_plain_pk primary key (series_id, ts, record_id)
  )`.execute(db);
  await sql`insert into series_point_plain (series_id, ts, record_id, value) select series_id, ts, record_id, value from series_point`.execute(db);
  await sql`drop table series_point`.execute(db);
  await sql`alter table series_point_plain rename to series_point`.execute(db);
  await sql`alter table series_point rename constraint series_point_plain_pk to series_point_pk`.execute(db);
}
