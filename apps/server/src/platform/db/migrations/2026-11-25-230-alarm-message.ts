import type { Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// An alarm rule's own notification message (docs/alarms.md, "Notifications"): a text that may hold
// a content template's {{placeholders}}, filled with the record that raised the alarm. Null: the
// alarm's SMS / e-mail text is composed from the rule as before.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alarm_rule').addColumn('message', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alarm_rule').dropColumn('message').execute();
}
