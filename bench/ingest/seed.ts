import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type { Device } from './fleet';

/** Devices, items and bindings written straight into the tables (the API would take minutes for 5 000). */
export async function seed(db: import('../../apps/server/src/platform/db/database').Db, raw: SQLite.Database, companyId: number, userId: number, devices: Device[], values: number): Promise<number[]> {
  const fields = JSON.stringify(
    Array.from({ length: values }, (_, k) => ({ name: `Value ${k}`, fieldName: `v${k}`, type: 1, unit: '', priority: k, required: false, decimalPlaces: null, dateDisplay: null, indexed: false })),
  );
  const hash = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');
  const itemIds: number[] = [];
  await db.connection().execute(async () => {
    const now = Date.now();
    const node = raw.prepare('insert into cabin_node (company_id, parent_id, kind, name, ref_id, created_by, created_at, updated_at) values (?, ?, ?, ?, null, ?, ?, ?)');
    const setRef = raw.prepare('update cabin_node set ref_id = ? where id = ?');
    const item = raw.prepare('insert into data_item (company_id, node_id, name, kind, fields, created_by, created_at, updated_at) values (?, ?, ?, 13, ?, ?, ?, ?)');
    const device = raw.prepare(
      "insert into device (company_id, node_id, name, sn, model, address, remarks, pictures, secret_hash, status, bind_state, online, config_state, config_reasons, detect_state, detect_reasons, created_by, created_at, updated_at) values (?, ?, ?, ?, 'SD-G1', '', '', '[]', ?, 4, 'bound', 0, 'idle', '[]', 'idle', '[]', ?, ?, ?)",
    );
    const bind = raw.prepare('insert into telemetry_binding (item_id, company_id, device_id, created_by, created_at) values (?, ?, ?, ?, ?)');
    raw.transaction(() => {
      const dir = Number(node.run(companyId, null, 'directory', 'Bench fleet', userId, now, now).lastInsertRowid);
      for (const d of devices) {
        const itemNode = Number(node.run(companyId, dir, 'dataItem', `Readings ${d.sn}`, userId, now, now).lastInsertRowid);
        const itemId = Number(item.run(companyId, itemNode, `Readings ${d.sn}`, fields, userId, now, now).lastInsertRowid);
        setRef.run(itemId, itemNode);
        const deviceNode = Number(node.run(companyId, dir, 'device', d.sn, userId, now, now).lastInsertRowid);
        const deviceId = Number(device.run(companyId, deviceNode, d.sn, d.sn, hash(d.secret), userId, now, now).lastInsertRowid);
        setRef.run(deviceId, deviceNode);
        bind.run(itemId, companyId, deviceId, userId, now);
        itemIds.push(itemId);
      }
    })();
  });
  return itemIds;
}

/** The same rows as `seed`, through Kysely in multi-row inserts of 500 (PostgreSQL: no raw handle). */
export async function seedKysely(db: import('../../apps/server/src/platform/db/database').Db, companyId: number, userId: number, devices: Device[], values: number): Promise<number[]> {
  const { sql } = await import('kysely');
  const fields = JSON.stringify(
    Array.from({ length: values }, (_, k) => ({ name: `Value ${k}`, fieldName: `v${k}`, type: 1, unit: '', priority: k, required: false, decimalPlaces: null, dateDisplay: null, indexed: false })),
  );
  const hash = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');
  const ids = (rows: Array<{ id: number | string }>) => rows.map((r) => Number(r.id));
  const itemIds: number[] = [];
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const [dir] = ids(
      (await sql<{ id: number }>`insert into cabin_node (company_id, parent_id, kind, name, ref_id, created_by, created_at, updated_at) values (${companyId}, ${null}, 'directory', 'Bench fleet', ${null}, ${userId}, ${now}, ${now}) returning id`.execute(trx)).rows,
    );
    for (let i = 0; i < devices.length; i += 500) {
      const chunk = devices.slice(i, i + 500);
      const nodes = async (kind: string, name: (d: Device) => string) =>
        ids(
          (
            await sql<{ id: number }>`insert into cabin_node (company_id, parent_id, kind, name, ref_id, created_by, created_at, updated_at) values ${sql.join(
              chunk.map((d) => sql`(${companyId}, ${dir}, ${kind}, ${name(d)}, ${null}, ${userId}, ${now}, ${now})`),
            )} returning id`.execute(trx)
          ).rows,
        );
      const itemNodes = await nodes('dataItem', (d) => `Readings ${d.sn}`);
      const items = ids(
        (
          await sql<{ id: number }>`insert into data_item (company_id, node_id, name, kind, fields, created_by, created_at, updated_at) values ${sql.join(
            chunk.map((d, j) => sql`(${companyId}, ${itemNodes[j]}, ${`Readings ${d.sn}`}, 13, ${fields}, ${userId}, ${now}, ${now})`),
          )} returning id`.execute(trx)
        ).rows,
      );
      const deviceNodes = await nodes('device', (d) => d.sn);
      const deviceIds = ids(
        (
          await sql<{ id: number }>`insert into device (company_id, node_id, name, sn, model, address, remarks, pictures, secret_hash, status, bind_state, online, config_state, config_reasons, detect_state, detect_reasons, created_by, created_at, updated_at) values ${sql.join(
            chunk.map((d, j) => sql`(${companyId}, ${deviceNodes[j]}, ${d.sn}, ${d.sn}, 'SD-G1', '', '', '[]', ${hash(d.secret)}, 4, 'bound', 0, 'idle', '[]', 'idle', '[]', ${userId}, ${now}, ${now})`),
          )} returning id`.execute(trx)
        ).rows,
      );
      await sql`update cabin_node set ref_id = v.ref from (values ${sql.join(
        [...itemNodes.map((node, j) => sql`(${node}::bigint, ${items[j]}::bigint)`), ...deviceNodes.map((node, j) => sql`(${node}::bigint, ${deviceIds[j]}::bigint)`)],
      )}) as v(id, ref) where cabin_node.id = v.id`.execute(trx);
      await sql`insert into telemetry_binding (item_id, company_id, device_id, created_by, created_at) values ${sql.join(
        chunk.map((_, j) => sql`(${items[j]}, ${companyId}, ${deviceIds[j]}, ${userId}, ${now})`),
      )}`.execute(trx);
      itemIds.push(...items);
    }
  });
  return itemIds;
}
