import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { nameText } from '../shared/text';
import { cabinLimits } from '../cabin/cabin.schemas';
import { fileExtension, objectKeySchema, storageLimits } from '../storage/storage.schemas';
import { numeric } from '../shared/numbers';

/**
 * File nodes of the data cabin (spec §1 "files"): an uploaded file with its versions, kept in
 * object storage. Decisions in docs/cabin.md ("Files and projects").
 */

const megabyte = 1024 * 1024;

/** The company's file settings when it has saved none: 50 MB, common office, image, PDF, CSV and ZIP types. */
export const defaultFileSettings = {
  maxMb: 50,
  allowedTypes: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'csv', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'zip'],
} as const;

export const fileLimits = {
  /** The storage module takes at most this much for any non-image object. */
  maxMb: storageLimits.fileMaxBytes / megabyte,
  allowedTypesMax: 50,
  nameLength: cabinLimits.nodeNameLength,
} as const;

export interface FileSettings {
  /** Largest file, in MB (1 to 50). */
  maxMb: number;
  /** Extensions without the dot, lower case. */
  allowedTypes: string[];
}

const extensionSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((text) => text.replace(/^\./, ''))
  .refine((text) => /^[a-z0-9]{1,10}$/.test(text), 'validation.file.typePattern');

/** `POST /general/file/updateFileSettings` */
export const fileSettingsSchema = z.object({
  maxMb: numeric<number | string>(z.number().int('validation.file.maxMb').min(1, 'validation.file.maxMb').max(fileLimits.maxMb, 'validation.file.maxMb')),
  allowedTypes: z
    .array(extensionSchema)
    .min(1, 'validation.file.typesRequired')
    .max(fileLimits.allowedTypesMax, 'validation.tooLong')
    .transform((types) => [...new Set(types)]),
});
export type FileSettingsRequest = z.infer<typeof fileSettingsSchema>;

/** Why a file may not be stored under the settings: its type or its size; null when it may. */
export function fileUploadProblem(settings: FileSettings, file: { fileName: string; size: number }): 'fileType' | 'fileSize' | null {
  const extension = fileExtension(file.fileName).slice(1);
  if (!extension || !settings.allowedTypes.includes(extension)) {
    return 'fileType';
  }
  return file.size > settings.maxMb * megabyte ? 'fileSize' : null;
}

/** How the file page shows a version: images inline, PDFs in a frame, anything else only as a download. */
export function previewKind(contentType: string, fileName: string): 'image' | 'pdf' | null {
  const type = contentType.toLowerCase();
  const extension = fileExtension(fileName);
  if (['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(type)) {
    return 'image';
  }
  if (type === 'application/pdf' && extension === '.pdf') {
    return 'pdf';
  }
  return null;
}

/** A file node's name: required, at most 100 characters (the cabin's rule for other kinds). */
export const fileNameSchema = nameText()
  .min(1, 'validation.nameRequired')
  .refine((name) => [...name].length <= fileLimits.nameLength, 'validation.tooLong');

const parentIdSchema = z.preprocess((value) => (value === '' || value === undefined ? null : value), idSchema.nullable());

/** `POST /general/file/addFile`: a file node under a directory or project, from an uploaded object. */
export const addFileRequest = z.object({ parentId: parentIdSchema, name: fileNameSchema.optional(), objectKey: objectKeySchema });
export type AddFileRequest = z.input<typeof addFileRequest>;
/** `POST /general/file/addFileVersion`: a new version of a file (read-write). */
export const addFileVersionRequest = z.object({ id: idSchema, objectKey: objectKeySchema });
export type AddFileVersionRequest = z.input<typeof addFileVersionRequest>;
/** `GET /general/file/getFile?id=` */
export const fileIdQuery = z.object({ id: idSchema });
/** `POST /general/file/getFileDownloadUrl`: the current version, or the given one. */
export const fileDownloadRequest = z.object({ id: idSchema, versionId: idSchema.optional() });
export type FileDownloadRequest = z.input<typeof fileDownloadRequest>;

export interface FileVersion {
  id: number;
  versionNo: number;
  fileName: string;
  contentType: string;
  size: number;
  uploaderId: number;
  uploaderName: string;
  createdAt: number;
}

export interface FileDetail {
  id: number;
  nodeId: number;
  name: string;
  level: 'none' | 'read' | 'readWrite' | 'admin';
  /** The latest version first; the current one is versions[0]. */
  versions: FileVersion[];
  createdAt: number;
  updatedAt: number;
}
