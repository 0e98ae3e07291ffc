import pg from 'pg';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { RecordsRepository } from './records.repository';

// Issue 21, PostgreSQL only (skipped on SQLite, whose json_extract expression indexes are covered
// by bench/records.ts): the records query of an indexed field reads that field's index, never the
// whole records table, on enough records (and fresh statistics) for the planner's choice to mean
// something; and the answers stay those of the same query on an unindexed copy of the field.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;

const total = 60_000;
const statuses = ['ok', 'warn', 'alarm'];

/** Record n's values: temperature empty on every 50th record, so empty values sort too. */
function valuesOf(n: number): Record<string, unknown> {
  const temperature = n % 50 === 7 ? undefined : Math.round(((n * 7919) % 10_000) / 10) / 10;
  return { temperature, status: statuses[n % 3], copy: temperature, label: statuses[n % 3] };
}

describe.skipIf(!onPostgres)('records of an indexed field on PostgreSQL', () => {
  let t: TestApp;
  let api: Api;
  let itemId: number;
  const fields = [
    { name: 'Temperature', fieldName: 'temperature', type: 1, decimalPlaces: 1, indexed: true },
    { name: 'Status', fieldName: 'status', type: 5, indexed: true },
    { name: 'Copy', fieldName: 'copy', type: 1, decimalPlaces: 1 },
    { name: 'Label', fieldName: 'label', type: 5 },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createCompanyUser(t.app, { codes: ['sd_capsule'] });
    api = as(t.app, await signIn(t.app, user.userName, user.password));
    const directory = body(await api({ method: 'POST', url: '/general/cabin/addDirectory', payload: { name: 'Plant' } })).data.id;
    const item = body(await api({ method: 'POST', url: '/general/dataItem/addDataItem', payload: { directoryId: directory, name: 'Boiler', kind: 13, fields } }));
    expect(item.code, JSON.stringify(item)).toBe(0);
    itemId = item.data.id;
    // A second item's records share the table, as in production.
    const other = body(await api({ method: 'POST', url: '/general/dataItem/addDataItem', payload: { directoryId: directory, name: 'Other', kind: 13, fields } })).data.id;
    const db = t.app.platform.db;
    const start = Date.UTC(2026, 0, 1);
    for (let written = 0; written < total; written += 1000) {
      const rows = Array.from({ length: 1000 }, (_, i) => ({ valuesJson: JSON.stringify(valuesOf(written + i)), source: 'device', at: start + (written + i) * 60_000 }));
      await RecordsRepository.in(db, 'postgres').insertMany(user.companyId, written % 2000 === 0 ? other : itemId, rows);
    }
    // Statistics and the visibility map as autovacuum keeps them (an index-only count needs the map).
    await sql`vacuum analyze data_record`.execute(db);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The data_record queries of one getRecords call (read off the driver), and its answer. */
  async function traced(query: Record<string, unknown>): Promise<{ answer: { total: number; list: { id: number; values: Record<string, unknown> }[] }; queries: { text: string; values: unknown[] }[] }> {
    const queries: { text: string; values: unknown[] }[] = [];
    const original = Reflect.get(pg.Client.prototype, 'query') as (...args: unknown[]) => unknown;
    (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
      if (typeof args[0] === 'string' && /from "data_record"/.test(args[0])) {
        queries.push({ text: args[0], values: Array.isArray(args[1]) ? args[1] : [] });
      }
      return original.apply(this, args);
    };
    try {
      const params = new URLSearchParams({ itemId: String(itemId), pageSize: '20' });
      for (const [key, value] of Object.entries(query)) {
        params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
      }
      const answer = body(await api({ method: 'GET', url: `/general/dataItem/getRecords?${params.toString()}` }));
      expect(answer.code, JSON.stringify(answer).slice(0, 300)).toBe(0);
      return { answer: answer.data, queries };
    } finally {
      Reflect.set(pg.Client.prototype, 'query', original);
    }
  }

  /** EXPLAIN of each query, with its own parameters. */
  async function plans(queries: { text: string; values: unknown[] }[]): Promise<string[]> {
    const out: string[] = [];
    for (const query of queries) {
      const result = await t.app.platform.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.text}`, query.values));
      out.push(result.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return out;
  }

  const cases: { name: string; indexed: Record<string, unknown>; plain: Record<string, unknown>; index: string }[] = [
    {
      name: 'numeric range, sorted by the field descending',
      indexed: { filters: [{ field: 'temperature', op: 'gt', value: 90 }], sort: { field: 'temperature', order: 'desc' } },
      plain: { filters: [{ field: 'copy', op: 'gt', value: 90 }], sort: { field: 'copy', order: 'desc' } },
      index: 'temperature',
    },
    {
      name: 'text equality, newest first, page 5',
      indexed: { filters: [{ field: 'status', op: 'eq', value: 'alarm' }], pageNum: 5 },
      plain: { filters: [{ field: 'label', op: 'eq', value: 'alarm' }], pageNum: 5 },
      index: 'status',
    },
    {
      name: 'narrow numeric range, newest first',
      indexed: { filters: [{ field: 'temperature', op: 'gte', value: 50 }, { field: 'temperature', op: 'lt', value: 51 }] },
      plain: { filters: [{ field: 'copy', op: 'gte', value: 50 }, { field: 'copy', op: 'lt', value: 51 }] },
      index: 'temperature',
    },
    {
      name: 'sorted by the field ascending, empty values first',
      indexed: { sort: { field: 'temperature', order: 'asc' } },
      plain: { sort: { field: 'copy', order: 'asc' } },
      index: 'temperature',
    },
    {
      name: 'sorted by the field descending, empty values last, the last pages',
      indexed: { sort: { field: 'temperature', order: 'desc' }, pageNum: 1490 },
      plain: { sort: { field: 'copy', order: 'desc' }, pageNum: 1490 },
      index: 'temperature',
    },
  ];

  it.each(cases)('$name: reads the field index, answers as the unindexed field', async ({ indexed, plain, index }) => {
    const fast = await traced(indexed);
    const slow = await traced(plain);
    expect(fast.answer.total).toBe(slow.answer.total);
    expect(fast.answer.list.map((r) => r.id)).toEqual(slow.answer.list.map((r) => r.id));
    expect(fast.answer.list.length).toBeGreaterThan(0);
    expect(fast.queries.length).toBeGreaterThan(0);
    // Every query reads an index (the page may walk the time index when matches are dense), and
    // at least one reads the field's own.
    const explained = await plans(fast.queries);
    for (const plan of explained) {
      expect(plan, plan).not.toMatch(/Seq Scan on data_record/);
    }
    expect(explained.join('\n---\n')).toMatch(new RegExp(`data_record_f${itemId}_t\\d+_${index}`));
  });

  it('keeps answering right when the indexed fields change', async () => {
    const update = async (next: typeof fields) => {
      const answer = body(await api({ method: 'POST', url: '/general/dataItem/updateDataItem', payload: { id: itemId, fields: next } }));
      expect(answer.code, JSON.stringify(answer)).toBe(0);
    };
    // status loses its index, label gains one (a text slot is freed and taken), copy too.
    await update(fields.map((f) => (f.fieldName === 'status' ? { ...f, indexed: false } : f.fieldName === 'label' || f.fieldName === 'copy' ? { ...f, indexed: true } : f)));
    // The refill rewrote the item's records: statistics and the visibility map as autovacuum leaves them.
    await sql`vacuum analyze data_record`.execute(t.app.platform.db);
    const label = await traced({ filters: [{ field: 'label', op: 'eq', value: 'warn' }] });
    const status = await traced({ filters: [{ field: 'status', op: 'eq', value: 'warn' }] });
    expect(label.answer.total).toBe(status.answer.total);
    expect(label.answer.list.map((r) => r.id)).toEqual(status.answer.list.map((r) => r.id));
    const labelPlans = await plans(label.queries);
    for (const plan of labelPlans) {
      expect(plan, plan).not.toMatch(/Seq Scan on data_record/);
    }
    expect(labelPlans.join('\n---\n')).toContain(`data_record_f${itemId}_t5_label`);
    const copy = await traced({ filters: [{ field: 'copy', op: 'lte', value: 3 }], sort: { field: 'copy', order: 'desc' } });
    const temperature = await traced({ filters: [{ field: 'temperature', op: 'lte', value: 3 }], sort: { field: 'temperature', order: 'desc' } });
    expect(copy.answer.total).toBe(temperature.answer.total);
    expect(copy.answer.list.map((r) => r.id)).toEqual(temperature.answer.list.map((r) => r.id));
    // A record written and then edited after the change fills its slots too.
    const written = body(await api({ method: 'POST', url: '/general/dataItem/addRecord', payload: { itemId, values: { temperature: 12.5, status: 'new', copy: 12.5, label: 'fresh' } } }));
    expect(written.code, JSON.stringify(written)).toBe(0);
    expect((await traced({ filters: [{ field: 'label', op: 'eq', value: 'fresh' }] })).answer.total).toBe(1);
    const indexes = await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'data_record' and schemaname = current_schema() and indexname like ${`data_record_f${itemId}_%`} order by 1`.execute(t.app.platform.db);
    expect(indexes.rows.map((r) => r.name)).toEqual([`data_record_f${itemId}_t1_copy`, `data_record_f${itemId}_t1_temperature`, `data_record_f${itemId}_t5_label`]);
    const trigger = async () =>
      (await sql<{ def: string }>`select pg_get_triggerdef(oid) as def from pg_trigger where tgrelid = 'data_record'::regclass and tgname = 'data_record_fill_slots'`.execute(t.app.platform.db)).rows[0]?.def ?? '';
    expect(await trigger()).toContain(String(itemId));
    // No indexed field left: the item leaves the trigger's set, its slots are cleared, answers stay right.
    const before = (await traced({ filters: [{ field: 'label', op: 'eq', value: 'warn' }] })).answer;
    await update(fields.map((f) => ({ ...f, indexed: false })));
    const after = (await traced({ filters: [{ field: 'label', op: 'eq', value: 'warn' }] })).answer;
    expect(after.total).toBe(before.total);
    expect(after.list.map((r) => r.id)).toEqual(before.list.map((r) => r.id));
    const filled = await sql<{ n: number }>`select count(*)::int as n from data_record where item_id = ${itemId} and (ix_n1 is not null or ix_n2 is not null or ix_t1 is not null)`.execute(t.app.platform.db);
    expect(filled.rows[0]?.n).toBe(0);
    expect(await trigger()).not.toMatch(new RegExp(`[{,]${itemId}[,}]`));
  });
});
