import type { Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Built-in records (the platform company, the administrator roles) are named by a key of the
// server texts and shown in the reader's language until a user renames them (issue 13.11).
// Existing rows that still carry the name they were created with get their key back.

const roleNames: Record<string, string[]> = {
  'role.platformAdmin': ['平台管理员', 'Platform administrator'],
  'role.companyAdmin': ['公司管理员', 'Company administrator'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('role').addColumn('builtin_key', 'varchar(64)').execute();
  await db.schema.alterTable('company').addColumn('builtin_key', 'varchar(64)').execute();
  for (const [key, names] of Object.entries(roleNames)) {
    await db.updateTable('role').set({ builtin_key: key }).where('name', 'in', names).execute();
  }
  await db
    .updateTable('company')
    .set({ builtin_key: 'company.platformName' })
    .where('is_platform', '=', 1)
    .where('display_name', 'in', ['智慧数据平台', 'SmartData Platform'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('company').dropColumn('builtin_key').execute();
  await db.schema.alterTable('role').dropColumn('builtin_key').execute();
}
