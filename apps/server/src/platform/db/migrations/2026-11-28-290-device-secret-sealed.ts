import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// Issue 22: with an external Mosquitto (dynamic security) the platform writes each device's
// password into the broker, which needs the plaintext secret; devices keep only its SHA-256. The
// secret is now also kept sealed (AES-256-GCM with the settings secret, platform/secretBox.ts), so a
// re-sync can recreate a client the broker lost. Devices registered before this have none (null):
// they are named in the log and need a rotation (docs/decisions.md).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('device').addColumn('secret_sealed', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('device').dropColumn('secret_sealed').execute();
}
