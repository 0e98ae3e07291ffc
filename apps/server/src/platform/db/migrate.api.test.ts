import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import type { Db } from './database';
import { migrate } from './database';
import { migrations } from './migrations';

describe('migrate', () => {
  it('runs a migration that landed after a later-numbered one on a database that already ran the later one', async () => {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    // A database migrated before 170 (files and projects) was merged, when 180 already had.
    const { '2026-11-25-170-files-projects': _late, ...before } = migrations;
    const first = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
    expect(first.error).toBeUndefined();
    await migrate(db as unknown as Db);
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['cabin_file', 'cabin_file_version', 'project', 'sms_setting']));
    await db.destroy();
  });
});
