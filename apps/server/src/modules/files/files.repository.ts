import type { Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { CabinFileTable, CabinFileVersionTable, FileSettingTable } from '@server/platform/db/schema.files';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type FileRow = Selectable<CabinFileTable>;
export type FileVersionRow = Selectable<CabinFileVersionTable>;
export type FileSettingRow = Selectable<FileSettingTable>;

/** Files, their versions and the company's file settings; every query is scoped to the company. */
export class FilesRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): FilesRepository {
    return new FilesRepository(trx);
  }

  findFile(companyId: number, id: number): Promise<FileRow | undefined> {
    return this.db.selectFrom('cabin_file').selectAll().where(scopedToCompany('cabin_file', companyId)).where('id', '=', id).executeTakeFirst();
  }

  async insertFile(values: { companyId: number; nodeId: number; name: string; userId: number }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('cabin_file')
      .values({ company_id: values.companyId, node_id: values.nodeId, name: values.name, created_by: values.userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async renameFile(companyId: number, id: number, name: string): Promise<void> {
    await this.db.updateTable('cabin_file').set({ name, updated_at: Date.now() }).where(scopedToCompany('cabin_file', companyId)).where('id', '=', id).execute();
  }

  /** The versions of files, newest first. */
  versionsOf(companyId: number, fileIds: readonly number[]): Promise<FileVersionRow[]> {
    if (fileIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('cabin_file_version')
      .selectAll()
      .where(scopedToCompany('cabin_file_version', companyId))
      .where('file_id', 'in', [...fileIds])
      .orderBy('file_id')
      .orderBy('version_no', 'desc')
      .execute();
  }

  versionByKey(objectKey: string): Promise<{ id: number } | undefined> {
    return this.db.selectFrom('cabin_file_version').select('id').where('object_key', '=', objectKey).executeTakeFirst();
  }

  /** Adds the next version (the highest number + 1) and touches the file. */
  async insertVersion(values: { companyId: number; fileId: number; objectKey: string; fileName: string; contentType: string; size: number; uploaderId: number }): Promise<number> {
    const last = await this.db
      .selectFrom('cabin_file_version')
      .select((eb) => eb.fn.max('version_no').as('last'))
      .where(scopedToCompany('cabin_file_version', values.companyId))
      .where('file_id', '=', values.fileId)
      .executeTakeFirst();
    const now = Date.now();
    const row = await this.db
      .insertInto('cabin_file_version')
      .values({
        company_id: values.companyId,
        file_id: values.fileId,
        version_no: Number(last?.last ?? 0) + 1,
        object_key: values.objectKey,
        file_name: values.fileName,
        content_type: values.contentType,
        size: values.size,
        uploader_id: values.uploaderId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db.updateTable('cabin_file').set({ updated_at: now }).where(scopedToCompany('cabin_file', values.companyId)).where('id', '=', values.fileId).execute();
    return row.id;
  }

  /** Deletes files with their versions; answers the object keys they held. */
  async deleteFiles(companyId: number, ids: readonly number[]): Promise<string[]> {
    if (ids.length === 0) {
      return [];
    }
    const keys = await this.db.selectFrom('cabin_file_version').select('object_key').where(scopedToCompany('cabin_file_version', companyId)).where('file_id', 'in', [...ids]).execute();
    await this.db.deleteFrom('cabin_file_version').where(scopedToCompany('cabin_file_version', companyId)).where('file_id', 'in', [...ids]).execute();
    await this.db.deleteFrom('cabin_file').where(scopedToCompany('cabin_file', companyId)).where('id', 'in', [...ids]).execute();
    return keys.map((k) => k.object_key);
  }

  findSetting(companyId: number): Promise<FileSettingRow | undefined> {
    return this.db.selectFrom('file_setting').selectAll().where(scopedToCompany('file_setting', companyId)).executeTakeFirst();
  }

  async saveSetting(companyId: number, maxMb: number, allowedTypes: string): Promise<void> {
    const now = Date.now();
    await this.db
      .insertInto('file_setting')
      .values({ company_id: companyId, max_mb: maxMb, allowed_types: allowedTypes, updated_at: now })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ max_mb: maxMb, allowed_types: allowedTypes, updated_at: now }))
      .execute();
  }
}
