import type { Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { StorageObjectTable } from '@server/platform/db/schema.storage';
import { scopedToCompany } from '@server/platform/db/tenancy';

const objectColumns = [
  'id',
  'object_key',
  'company_id',
  'purpose',
  'visibility',
  'file_name',
  'content_type',
  'size',
  'uploader_id',
  'uploaded',
  'created_at',
] as const;

export type StorageObjectRow = Pick<Selectable<StorageObjectTable>, (typeof objectColumns)[number]>;

/** Stored objects and upload grants (table storage_object). */
export class StorageRepository {
  constructor(private readonly db: Db) {}

  async insertObject(values: {
    key: string;
    companyId: number;
    purpose: string;
    visibility: string;
    fileName: string;
    contentType: string;
    size: number;
    uploaderId: number;
    uploaded: boolean;
  }): Promise<void> {
    const now = Date.now();
    await this.db
      .insertInto('storage_object')
      .values({
        object_key: values.key,
        company_id: values.companyId,
        purpose: values.purpose,
        visibility: values.visibility,
        file_name: values.fileName,
        content_type: values.contentType,
        size: values.size,
        uploader_id: values.uploaderId,
        uploaded: values.uploaded ? 1 : 0,
        created_at: now,
        uploaded_at: values.uploaded ? now : null,
      })
      .execute();
  }

  /** An object of the caller's company. */
  findInCompany(companyId: number, key: string): Promise<StorageObjectRow | undefined> {
    return this.db
      .selectFrom('storage_object')
      .select(objectColumns)
      .where(scopedToCompany('storage_object', companyId))
      .where('object_key', '=', key)
      .executeTakeFirst();
  }

  /**
   * An object by key alone: only for calls whose authority is a valid URL signature, the public
   * visibility of the object, or its uploader (avatars are personal, not company data).
   */
  findByKey(key: string): Promise<StorageObjectRow | undefined> {
    return this.db.selectFrom('storage_object').select(objectColumns).where('object_key', '=', key).executeTakeFirst();
  }

  async markUploaded(key: string, size: number): Promise<void> {
    await this.db.updateTable('storage_object').set({ uploaded: 1, uploaded_at: Date.now(), size }).where('object_key', '=', key).execute();
  }

  async deleteObject(key: string): Promise<void> {
    await this.db.deleteFrom('storage_object').where('object_key', '=', key).execute();
  }

  /** Grants never used within `olderThan` of the company; their keys, so the files can go too. */
  async deleteStaleGrants(companyId: number, olderThan: number): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('storage_object')
      .where(scopedToCompany('storage_object', companyId))
      .where('uploaded', '=', 0)
      .where('created_at', '<', olderThan)
      .returning('object_key')
      .execute();
    return rows.map((row) => row.object_key);
  }
}
