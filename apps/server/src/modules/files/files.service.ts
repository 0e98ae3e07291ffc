import {
  defaultFileSettings,
  fileUploadProblem,
  fileLimits,
  levelAtLeast,
  type DownloadUrl,
  type FileDetail,
  type FileSettings,
  type FileSettingsRequest,
  type PermissionLevel,
} from '@smartdata/domain';
import { conflict, notFound, permissionDenied, validationError } from '@server/platform/errors';
import { parseJsonList } from '@server/platform/scope';
import type { CabinCaller, CabinService, NodeKindHandler } from '../cabin/cabin.service';
import type { StorageService, StoredObject } from '../storage/storage.service';
import { FilesRepository, type FileRow, type FileVersionRow } from './files.repository';

/** What files need of the storage module: the uploaded object, a signed URL, removing objects. */
export type FileStorage = Pick<StorageService, 'objectInCompany' | 'uploadedObject' | 'downloadUrl' | 'removeObjects'>;
/** What files need of the cabin beyond nodes: the names of the company's members (uploaders). */
type FileCabin = Pick<CabinService, 'createNode' | 'effectiveLevel' | 'memberNames'>;

/** Purposes a file version may come from: the private ones of plain uploads. */
const filePurposes = new Set(['object', 'private']);

/**
 * File nodes of the cabin (docs/cabin.md "Files and projects"): an uploaded object with its
 * versions. Read sees and downloads, read-write adds a version, admin deletes (the cabin's rule).
 * Every version is checked against the company's size limit and type allow-list.
 */
export class FilesService {
  /** Object keys of files deleted in a cabin transaction, removed from storage after it commits. */
  private readonly removedKeys = new Map<string, string[]>();

  constructor(
    private readonly repository: FilesRepository,
    private readonly cabin: FileCabin,
    private readonly storage: FileStorage,
  ) {}

  /** The company's file settings (the defaults when it saved none). */
  async settings(companyId: number): Promise<FileSettings> {
    const row = await this.repository.findSetting(companyId);
    if (!row) {
      return { maxMb: defaultFileSettings.maxMb, allowedTypes: [...defaultFileSettings.allowedTypes] };
    }
    return { maxMb: Math.min(row.max_mb, fileLimits.maxMb), allowedTypes: parseJsonList<unknown>(row.allowed_types).filter((t): t is string => typeof t === 'string') };
  }

  async updateSettings(companyId: number, request: FileSettingsRequest): Promise<void> {
    await this.repository.saveSetting(companyId, request.maxMb, JSON.stringify(request.allowedTypes));
  }

  /** An uploaded object of the caller's company that may become a version (type and size allowed). */
  private async checkedObject(caller: CabinCaller, objectKey: string): Promise<StoredObject> {
    const known = await this.storage.objectInCompany(caller.companyId, objectKey);
    if (!known || !filePurposes.has(known.purpose) || known.uploaderId !== caller.userId) {
      throw notFound();
    }
    const object = await this.storage.uploadedObject(caller.companyId, objectKey);
    if (!object) {
      throw validationError('validation.file.notUploaded');
    }
    if (await this.repository.versionByKey(objectKey)) {
      throw conflict('file.objectInUse');
    }
    const settings = await this.settings(caller.companyId);
    const problem = fileUploadProblem(settings, object);
    if (problem === 'fileType') {
      throw validationError(`validation.file.fileType|${settings.allowedTypes.join(', ')}`);
    }
    if (problem === 'fileSize') {
      throw validationError(`validation.file.fileSize|${settings.maxMb}`);
    }
    return object;
  }

  /** A file of the caller's company where the caller holds `level` (40400 / 40300). */
  private async requireFile(caller: CabinCaller, id: number, level: PermissionLevel): Promise<{ row: FileRow; level: PermissionLevel }> {
    const row = await this.repository.findFile(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    const { level: held } = await this.cabin.effectiveLevel(caller, row.node_id);
    if (!levelAtLeast(held, level)) {
      throw permissionDenied(`cabin.needs.${level}`);
    }
    return { row, level: held };
  }

  /** A new file node under a directory or project (read-write there), with the object as version 1. */
  async addFile(caller: CabinCaller, request: { parentId: number | null; name?: string; objectKey: string }): Promise<{ id: number; nodeId: number }> {
    const object = await this.checkedObject(caller, request.objectKey);
    const name = (request.name?.trim() || [...object.fileName].slice(0, fileLimits.nameLength).join('')).trim();
    const { nodeId, refId } = await this.cabin.createNode(caller, { kind: 'file', parentId: request.parentId, name }, async (trx, newNodeId) => {
      const files = FilesRepository.in(trx);
      const id = await files.insertFile({ companyId: caller.companyId, nodeId: newNodeId, name, userId: caller.userId });
      await files.insertVersion({ companyId: caller.companyId, fileId: id, objectKey: object.objectKey, fileName: object.fileName, contentType: object.contentType, size: object.size, uploaderId: caller.userId });
      return id;
    });
    return { id: refId, nodeId };
  }

  /** A new version (read-write); the earlier ones stay and can still be downloaded. */
  async addVersion(caller: CabinCaller, id: number, objectKey: string): Promise<{ versionId: number }> {
    const { row } = await this.requireFile(caller, id, 'readWrite');
    const object = await this.checkedObject(caller, objectKey);
    const versionId = await this.repository.insertVersion({
      companyId: caller.companyId,
      fileId: row.id,
      objectKey: object.objectKey,
      fileName: object.fileName,
      contentType: object.contentType,
      size: object.size,
      uploaderId: caller.userId,
    });
    return { versionId };
  }

  /** The file with its versions, newest (current) first (read). */
  async getFile(caller: CabinCaller, id: number): Promise<FileDetail> {
    const { row, level } = await this.requireFile(caller, id, 'read');
    const versions = await this.repository.versionsOf(caller.companyId, [row.id]);
    const names = await this.cabin.memberNames(caller.companyId, [...new Set(versions.map((v) => v.uploader_id))]);
    return {
      id: row.id,
      nodeId: row.node_id,
      name: row.name,
      level,
      versions: versions.map((v) => ({
        id: v.id,
        versionNo: v.version_no,
        fileName: v.file_name,
        contentType: v.content_type,
        size: Number(v.size),
        uploaderId: v.uploader_id,
        uploaderName: names.get(v.uploader_id) ?? '',
        createdAt: Number(v.created_at),
      })),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }

  /** A short-lived signed URL of the current version, or of the given one (read). */
  async downloadUrl(caller: CabinCaller, id: number, versionId?: number): Promise<DownloadUrl & { fileName: string; contentType: string }> {
    const { row } = await this.requireFile(caller, id, 'read');
    const versions = await this.repository.versionsOf(caller.companyId, [row.id]);
    const version: FileVersionRow | undefined = versionId === undefined ? versions[0] : versions.find((v) => v.id === versionId);
    if (!version) {
      throw notFound();
    }
    const url = await this.storage.downloadUrl({ userId: caller.userId, companyId: caller.companyId }, version.object_key);
    return { ...url, fileName: version.file_name, contentType: version.content_type };
  }

  /** How the cabin names, describes and deletes file nodes. */
  nodeHandler(): NodeKindHandler {
    return {
      describe: async (companyId, refIds) => {
        const versions = await this.repository.versionsOf(companyId, refIds);
        const latest = new Map<number, Record<string, unknown>>();
        for (const v of versions) {
          if (!latest.has(v.file_id)) {
            latest.set(v.file_id, { size: Number(v.size), contentType: v.content_type, versionNo: v.version_no });
          }
        }
        return latest;
      },
      rename: (trx, companyId, refId, name) => FilesRepository.in(trx).renameFile(companyId, refId, name),
      remove: async (trx, companyId, refIds) => {
        const keys = await FilesRepository.in(trx).deleteFiles(companyId, refIds);
        this.removedKeys.set(`${companyId}:${refIds.join(',')}`, keys);
      },
      afterRemove: async (companyId, refIds) => {
        const key = `${companyId}:${refIds.join(',')}`;
        const keys = this.removedKeys.get(key) ?? [];
        this.removedKeys.delete(key);
        await this.storage.removeObjects(companyId, keys);
      },
    };
  }
}
