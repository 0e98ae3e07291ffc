import type { Db } from '@server/platform/db/database';
import { scopedToCompany } from '@server/platform/tenancy';

/** Row locks where the dialect has them (PostgreSQL); SQLite serializes writers by itself. */
function lockRows(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export interface StorageObjectRow {
  id: number;
  object_key: string;
  company_id: number;
  purpose: string;
  visibility: string;
  file_name: string;
  content_type: string;
  size: number;
  uploader_id: number;
  uploaded: number;
  created_at: number;
}

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

  async headImgUrlOf(userId: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('app_user').select('head_img_url').where('id', '=', userId).executeTakeFirst();
    return row?.head_img_url;
  }

  async setHeadImgUrl(userId: number, url: string): Promise<void> {
    await this.db.updateTable('app_user').set({ head_img_url: url, updated_at: Date.now() }).where('id', '=', userId).execute();
  }

  async isHeadImgUrlInUse(url: string): Promise<boolean> {
    const row = await this.db.selectFrom('app_user').select('id').where('head_img_url', '=', url).executeTakeFirst();
    return row !== undefined;
  }

  async companyCfg(companyId: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('company').select('cfg').where('id', '=', companyId).executeTakeFirst();
    return row?.cfg;
  }

  /**
   * Changes company.cfg in one transaction: `change` gets the stored JSON text and answers the
   * new one, so keys that other modules keep in cfg survive.
   */
  async updateCompanyCfg(companyId: number, change: (cfg: string) => string): Promise<{ before: string; after: string } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx.selectFrom('company').select('cfg').where('id', '=', companyId);
      if (lockRows(trx)) {
        query = query.forUpdate();
      }
      const row = await query.executeTakeFirst();
      if (!row) {
        return undefined;
      }
      const after = change(row.cfg);
      await trx.updateTable('company').set({ cfg: after, updated_at: Date.now() }).where('id', '=', companyId).execute();
      return { before: row.cfg, after };
    });
  }
}
