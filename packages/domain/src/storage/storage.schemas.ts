import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { limits } from '../shared/limits';
import { numeric } from '../shared/numbers';
import { fileNameText } from '../shared/text';

/**
 * Object storage (spec §7: upload, download and delete credentials). Decisions are written down
 * in docs/storage.md; company tags and device access are the settings module's (settings.schemas.ts).
 */

/** What an upload is for; decides visibility, the allowed types and the size limit. */
export const storagePurposes = ['public', 'private', 'item', 'object', 'gateway', 'avatar', 'logo'] as const;
export type StoragePurpose = (typeof storagePurposes)[number];

export type StorageVisibility = 'public' | 'private';

/** Purposes whose files must be JPG or PNG of at most limits.imageMaxBytes (spec §5, §9). */
export const imagePurposes: readonly StoragePurpose[] = ['avatar', 'logo'];
/** Purposes served without a signature at a stable URL (logos and avatars are shown everywhere). */
export const publicPurposes: readonly StoragePurpose[] = ['public', 'avatar', 'logo'];

export const imageContentTypes = ['image/jpeg', 'image/png'] as const;
export const imageExtensions = ['.jpg', '.jpeg', '.png'] as const;

export const storageLimits = {
  /** Any purpose that is not an image: firmware, certificates, attachments, exports. */
  fileMaxBytes: 50 * 1024 * 1024,
  fileNameLength: 200,
  /** Signed upload and download URLs live this long (5 minutes). */
  signedUrlTtlSeconds: 300,
} as const;

export function visibilityOf(purpose: StoragePurpose): StorageVisibility {
  return publicPurposes.includes(purpose) ? 'public' : 'private';
}

export function isImagePurpose(purpose: StoragePurpose): boolean {
  return imagePurposes.includes(purpose);
}

export function maxBytesOf(purpose: StoragePurpose): number {
  return isImagePurpose(purpose) ? limits.imageMaxBytes : storageLimits.fileMaxBytes;
}

/** The lower-cased extension of a file name, dot included, or '' when it has none. */
export function fileExtension(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim());
  return match ? `.${match[1].toLowerCase()}` : '';
}

/**
 * Why an upload is refused before it starts, or null. The keys are user texts of spec §8
 * (fileFormatIncorrect, imageTooLarge) or `fileTooLarge` for the other purposes. The web checks
 * the chosen file with this before asking for a credential; the server checks again.
 */
export function uploadProblem(upload: {
  purpose: StoragePurpose;
  fileName: string;
  contentType: string;
  size: number;
}): 'fileFormatIncorrect' | 'imageTooLarge' | 'fileTooLarge' | null {
  if (isImagePurpose(upload.purpose)) {
    const type = upload.contentType.toLowerCase();
    const extension = fileExtension(upload.fileName);
    if (!(imageContentTypes as readonly string[]).includes(type) || !(imageExtensions as readonly string[]).includes(extension)) {
      return 'fileFormatIncorrect';
    }
    return upload.size > limits.imageMaxBytes ? 'imageTooLarge' : null;
  }
  return upload.size > storageLimits.fileMaxBytes ? 'fileTooLarge' : null;
}

/** The image type the bytes really are (magic numbers), or null when neither JPEG nor PNG. */
export function sniffImageType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a) {
    return 'image/png';
  }
  return null;
}

/**
 * Object keys are opaque to clients: `c{companyId}/{purpose}/{uuid}{ext}` (thumbnails end in
 * `-thumb.png`). The strict shape keeps a key from ever naming a path outside the store.
 */
export const objectKeyPattern = /^c\d{1,12}\/(public|private|item|object|gateway|avatar|logo)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-thumb)?(\.[a-z0-9]{1,10})?$/;
/** Public objects (avatars, logos) are served without a signature at this stable path + key. */
export const publicObjectPathPrefix = '/general/cos/public/';

export function publicObjectPath(key: string): string {
  return `${publicObjectPathPrefix}${key}`;
}

/** The key of a public object path (headImgUrl, cfg.logoUri), or null for any other URL. */
export function objectKeyOfPublicPath(url: unknown): string | null {
  if (typeof url !== 'string' || !url.startsWith(publicObjectPathPrefix)) {
    return null;
  }
  const key = url.slice(publicObjectPathPrefix.length);
  return objectKeyPattern.test(key) ? key : null;
}

export const objectKeySchema = z.string().trim().regex(objectKeyPattern, 'validation.invalid');

/** `POST /general/cos/getUploadCredential` */
export const uploadCredentialRequest = z.object({
  purpose: z.enum(storagePurposes),
  fileName: fileNameText(storageLimits.fileNameLength),
  contentType: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/, 'validation.invalid'),
  size: z.number().int().min(1, 'validation.invalid'),
});
export type UploadCredentialRequest = z.infer<typeof uploadCredentialRequest>;

export const uploadCredential = z.object({
  objectKey: z.string(),
  /** Relative (`/general/cos/upload?…`, local disk) or absolute (S3 presigned). */
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  /** Headers the upload must send as they are (they are part of the signature on S3). */
  headers: z.record(z.string(), z.string()),
  expiresAt: z.number(),
});
export type UploadCredential = z.infer<typeof uploadCredential>;

/** `PUT /general/cos/upload?key=&expires=&sig=` (local disk driver; the body is the file). */
export const signedObjectQuery = z.object({
  key: objectKeySchema,
  expires: numeric(z.number().int()),
  sig: z.string().min(1),
});
export type SignedObjectQuery = z.infer<typeof signedObjectQuery>;
/** `GET /general/cos/object/<key>?expires=&sig=` */
export const signedDownloadQuery = signedObjectQuery.omit({ key: true });
export type SignedDownloadQuery = z.infer<typeof signedDownloadQuery>;

/** `POST /general/cos/getDownloadUrl`, `/deleteObject`, `/general/user/setAvatar`, `/general/company/setCompanyLogo` */
export const objectKeyRequest = z.object({ objectKey: objectKeySchema });
export type ObjectKeyRequest = z.infer<typeof objectKeyRequest>;
/** `POST /general/user/setAvatar {objectKey}`: the avatar's public path. */
export interface SetAvatarResult {
  headImgUrl: string;
}

export const downloadUrl = z.object({ url: z.string(), expiresAt: z.number() });
export type DownloadUrl = z.infer<typeof downloadUrl>;

/** `POST /general/cos/removeSysCompanyLogo` (platform administrator) */
export const removeSysCompanyLogoRequest = z.object({ companyId: idSchema });
export type RemoveSysCompanyLogoRequest = z.infer<typeof removeSysCompanyLogoRequest>;

/** The keys of company.cfg that the logo calls own; other keys are kept as they are. */
export interface CompanyLogoCfg {
  logoUri?: string;
  logoThumbnailUri?: string;
}
