import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ErrorCode,
  fileExtension,
  isImagePurpose,
  limits,
  objectKeyOfPublicPath,
  publicObjectPath,
  sniffImageType,
  uploadProblem,
  visibilityOf,
  type CompanyLogoCfg,
  type DownloadUrl,
  type StoragePurpose,
  type UploadCredential,
  type UploadCredentialRequest,
} from '@smartdata/domain';
import { AppError, conflict, notFound, permissionDenied, validationError } from '@server/platform/errors';
import { lazyImport } from '@server/platform/lazyImport';
import type { CompaniesService } from '../companies/companies.service';
import type { UsersService } from '../users/users.service';
import type { ObjectDescriptor, StorageDriver } from './drivers/storageDriver';
import type { SignedMethod, UrlSigner } from './urlSigner';
import type { StorageObjectRow, StorageRepository } from './storage.repository';

/** Who is asking: the session's user and current company. */
export interface StorageCaller {
  userId: number;
  companyId: number;
}

/** An object ready to be streamed to the client. */
export interface ObjectStream {
  stream: Readable;
  contentType: string;
  fileName: string;
  size: number;
  visibility: string;
}

/** An object as other modules see it (attachments of records, firmware files). */
export interface StoredObject {
  objectKey: string;
  purpose: string;
  fileName: string;
  contentType: string;
  size: number;
  uploaded: boolean;
  uploaderId: number;
}

function toStoredObject(row: StorageObjectRow): StoredObject {
  return { objectKey: row.object_key, purpose: row.purpose, fileName: row.file_name, contentType: row.content_type, size: row.size, uploaded: row.uploaded === 1, uploaderId: row.uploader_id };
}

/** Grants that were never used are forgotten after a day (checked when the company asks again). */
const staleGrantMs = 24 * 60 * 60 * 1000;
/** Decoding a 3 MB file must not blow up into gigabytes of pixels. */
const maxImagePixels = 40_000_000;

/**
 * Object storage rules: who may upload what (spec §5: images are JPG or PNG of at most 3 MB),
 * signed URLs, tenant scoping, avatars and company logos. See docs/storage.md.
 */
export class StorageService {
  constructor(
    private readonly repository: StorageRepository,
    private readonly driver: StorageDriver,
    private readonly signer: UrlSigner,
    private readonly urlTtlSeconds: number,
    /** Head images are kept on the user, logos in the company's cfg. */
    private readonly users: Pick<UsersService, 'headImgUrl' | 'setHeadImgUrl' | 'isHeadImgUrlInUse'>,
    private readonly companies: Pick<CompaniesService, 'cfg' | 'updateCfg'>,
  ) {}

  /** The store itself, for the server's own objects outside the uploads (backups copied to the bucket, issue 38). */
  objectStore(): Pick<StorageDriver, 'kind' | 'put'> {
    return this.driver;
  }

  /**
   * Grants a short-lived upload URL for one new object of the caller's company. Images are
   * refused here by declared type and size, and checked again by their real bytes on upload.
   */
  async grantUpload(caller: StorageCaller, request: UploadCredentialRequest, now = Date.now()): Promise<UploadCredential> {
    const problem = uploadProblem(request);
    if (problem) {
      throw validationError(`storage.${problem}`);
    }
    await this.forgetStaleGrants(caller.companyId, now);
    const key = newObjectKey(caller.companyId, request.purpose, extensionFor(request));
    await this.repository.insertObject({
      key,
      companyId: caller.companyId,
      purpose: request.purpose,
      visibility: visibilityOf(request.purpose),
      fileName: request.fileName,
      contentType: request.contentType,
      size: request.size,
      uploaderId: caller.userId,
      uploaded: false,
    });
    const expiresAt = now + this.urlTtlSeconds * 1000;
    const target = await this.driver.uploadTarget({ key, contentType: request.contentType, size: request.size, fileName: request.fileName }, expiresAt);
    return { objectKey: key, ...target, expiresAt };
  }

  /**
   * The local-disk upload (`PUT /general/cos/upload`): the signature is the authority. The body
   * must have the declared type and size; image purposes must really be JPEG or PNG.
   */
  async receiveUpload(query: { key: string; expires: number; sig: string }, contentType: string | undefined, body: Buffer, now = Date.now()): Promise<void> {
    this.checkSignature('PUT', query.key, query.expires, query.sig, now);
    const row = await this.repository.findByKey(query.key);
    if (!row) {
      throw notFound();
    }
    if (row.uploaded === 1) {
      throw conflict('storage.alreadyUploaded');
    }
    if (mediaType(contentType) !== row.content_type) {
      throw validationError('storage.contentTypeMismatch');
    }
    if (body.length !== row.size) {
      throw validationError('storage.sizeMismatch');
    }
    if (isImagePurpose(row.purpose as StoragePurpose)) {
      assertImage(body, row.content_type);
    }
    await this.driver.put(row.object_key, body, row.content_type);
    await this.repository.markUploaded(row.object_key, body.length);
  }

  /** A short-lived download URL for an uploaded object of the caller's company. */
  async downloadUrl(caller: StorageCaller, key: string, now = Date.now()): Promise<DownloadUrl> {
    const row = await this.uploadedInCompany(caller.companyId, key);
    const expiresAt = now + this.urlTtlSeconds * 1000;
    return { url: await this.driver.downloadUrl(rowDescriptor(row), expiresAt), expiresAt };
  }

  /** `GET /general/cos/object/<key>?expires=&sig=`: a private or public object, signature required. */
  async openSigned(key: string, expires: number, sig: string, now = Date.now()): Promise<ObjectStream> {
    this.checkSignature('GET', key, expires, sig, now);
    return this.open(await this.repository.findByKey(key));
  }

  /** `GET /general/cos/public/<key>`: public objects only; a private key is simply not found. */
  async openPublic(key: string): Promise<ObjectStream> {
    const row = await this.repository.findByKey(key);
    return this.open(row?.visibility === 'public' ? row : undefined);
  }

  /**
   * Deletes an object of the caller's company. Only its uploader or a company administrator
   * (sys_company_info) may; an avatar or logo in use is removed through its own call instead.
   */
  async deleteObject(caller: StorageCaller & { isCompanyAdmin: boolean }, key: string): Promise<void> {
    const row = await this.repository.findInCompany(caller.companyId, key);
    if (!row) {
      throw notFound();
    }
    if (row.uploader_id !== caller.userId && !caller.isCompanyAdmin) {
      throw permissionDenied('storage.notUploader');
    }
    if (await this.isInUse(row)) {
      throw conflict('storage.objectInUse');
    }
    await this.remove(row.object_key);
  }

  /**
   * Makes the caller's uploaded avatar object their head image: re-checks type and size by the
   * stored bytes, stores the stable public URL, and deletes the avatar it replaces.
   */
  async setAvatar(caller: StorageCaller, key: string): Promise<{ headImgUrl: string }> {
    const row = await this.uploadedInCompany(caller.companyId, key);
    if (row.purpose !== 'avatar' || row.uploader_id !== caller.userId) {
      throw notFound();
    }
    await this.readImage(row);
    const previous = await this.users.headImgUrl(caller.userId);
    const headImgUrl = publicObjectPath(row.object_key);
    await this.users.setHeadImgUrl(caller.userId, headImgUrl);
    if (previous !== headImgUrl) {
      await this.removeOwnAvatar(caller.userId, previous);
    }
    return { headImgUrl };
  }

  /** Clears the caller's head image and deletes its object. */
  async removeAvatar(userId: number): Promise<void> {
    const previous = await this.users.headImgUrl(userId);
    await this.users.setHeadImgUrl(userId, '');
    await this.removeOwnAvatar(userId, previous);
  }

  /**
   * Makes an uploaded logo object the company logo: a thumbnail of at most limits.thumbnailSidePx
   * on its longer side is made here (PNG, public), and cfg.logoUri / cfg.logoThumbnailUri are set
   * with the other cfg keys kept. The logo it replaces is deleted.
   */
  async setCompanyLogo(caller: StorageCaller, key: string): Promise<Required<CompanyLogoCfg>> {
    const row = await this.uploadedInCompany(caller.companyId, key);
    if (row.purpose !== 'logo') {
      throw notFound();
    }
    const thumbnail = await makeThumbnail(await this.readImage(row));
    const thumbnailKey = newObjectKey(caller.companyId, 'logo', '-thumb.png');
    await this.driver.put(thumbnailKey, thumbnail, 'image/png');
    await this.repository.insertObject({
      key: thumbnailKey,
      companyId: caller.companyId,
      purpose: 'logo',
      visibility: 'public',
      fileName: 'logo-thumbnail.png',
      contentType: 'image/png',
      size: thumbnail.length,
      uploaderId: caller.userId,
      uploaded: true,
    });
    const logo = { logoUri: publicObjectPath(row.object_key), logoThumbnailUri: publicObjectPath(thumbnailKey) };
    const changed = await this.companies.updateCfg(caller.companyId, (cfg) => JSON.stringify({ ...parseCfg(cfg), ...logo }));
    if (!changed) {
      throw notFound();
    }
    await this.removeLogoObjects(caller.companyId, parseCfg(changed.before), logo);
    return logo;
  }

  /** Removes cfg.logoUri and cfg.logoThumbnailUri of a company and deletes both objects. */
  async removeCompanyLogo(companyId: number): Promise<void> {
    const changed = await this.companies.updateCfg(companyId, (cfg) => {
      const { logoUri: _logoUri, logoThumbnailUri: _logoThumbnailUri, ...rest } = parseCfg(cfg);
      return JSON.stringify(rest);
    });
    if (!changed) {
      throw notFound();
    }
    await this.removeLogoObjects(companyId, parseCfg(changed.before), {});
  }

  /** An object of the company, uploaded or only granted; undefined when the company has no such key. */
  async objectInCompany(companyId: number, key: string): Promise<StoredObject | undefined> {
    const row = await this.repository.findInCompany(companyId, key);
    return row ? toStoredObject(row) : undefined;
  }

  /**
   * An object of the company whose bytes are in the store (an S3 upload is noticed here);
   * undefined when the key is not the company's or nothing was uploaded yet.
   */
  async uploadedObject(companyId: number, key: string): Promise<StoredObject | undefined> {
    const row = await this.repository.findInCompany(companyId, key);
    const uploaded = row && (await this.noticeUpload(row));
    return uploaded ? toStoredObject(uploaded) : undefined;
  }

  /** Removes objects of the company that another module stopped using (a deleted file's versions). */
  async removeObjects(companyId: number, keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const row = await this.repository.findInCompany(companyId, key);
      if (row) {
        await this.remove(row.object_key);
      }
    }
  }

  private checkSignature(method: SignedMethod, key: string, expires: number, sig: string, now: number): void {
    const check = this.signer.check(method, key, expires, sig, now);
    if (check === 'invalid') {
      throw permissionDenied('storage.badSignature');
    }
    if (check === 'expired') {
      throw permissionDenied('storage.urlExpired');
    }
  }

  /** An object of the company whose bytes are in the store (S3 uploads are noticed here). */
  private async uploadedInCompany(companyId: number, key: string): Promise<StorageObjectRow> {
    const row = await this.repository.findInCompany(companyId, key);
    const uploaded = row && (await this.noticeUpload(row));
    if (!uploaded) {
      throw notFound();
    }
    return uploaded;
  }

  /** The row once its bytes are in the store (marked uploaded on first sight), or undefined. */
  private async noticeUpload(row: StorageObjectRow): Promise<StorageObjectRow | undefined> {
    if (row.uploaded === 1) {
      return row;
    }
    const size = await this.driver.size(row.object_key);
    if (size === null) {
      return undefined;
    }
    await this.repository.markUploaded(row.object_key, size);
    return { ...row, uploaded: 1, size };
  }

  private async open(row: StorageObjectRow | undefined): Promise<ObjectStream> {
    if (!row) {
      throw notFound();
    }
    const uploaded = row.uploaded === 1 ? row : await this.uploadedInCompany(row.company_id, row.object_key);
    const stream = await this.driver.open(uploaded.object_key);
    if (!stream) {
      throw notFound();
    }
    return { stream, contentType: uploaded.content_type, fileName: uploaded.file_name, size: uploaded.size, visibility: uploaded.visibility };
  }

  /** The stored bytes of an image object, checked again: JPEG or PNG, at most 3 MB. */
  private async readImage(row: StorageObjectRow): Promise<Buffer> {
    const bytes = await this.driver.read(row.object_key);
    if (!bytes) {
      throw notFound();
    }
    if (bytes.length > limits.imageMaxBytes) {
      throw validationError('storage.imageTooLarge');
    }
    assertImage(bytes, row.content_type);
    return bytes;
  }

  private async isInUse(row: StorageObjectRow): Promise<boolean> {
    const url = publicObjectPath(row.object_key);
    if (row.purpose === 'avatar') {
      return this.users.isHeadImgUrlInUse(url);
    }
    if (row.purpose === 'logo') {
      const cfg = parseCfg((await this.companies.cfg(row.company_id)) ?? '{}');
      return cfg.logoUri === url || cfg.logoThumbnailUri === url;
    }
    return false;
  }

  /** Avatars are personal: the user's own avatar object goes, whichever company it was uploaded in. */
  private async removeOwnAvatar(userId: number, headImgUrl: string | undefined): Promise<void> {
    const key = objectKeyOfPublicPath(headImgUrl);
    const row = key ? await this.repository.findByKey(key) : undefined;
    if (row && row.purpose === 'avatar' && row.uploader_id === userId) {
      await this.remove(row.object_key);
    }
  }

  private async removeLogoObjects(companyId: number, before: CompanyLogoCfg, kept: CompanyLogoCfg): Promise<void> {
    for (const url of [before.logoUri, before.logoThumbnailUri]) {
      const key = objectKeyOfPublicPath(url);
      if (key && url !== kept.logoUri && url !== kept.logoThumbnailUri) {
        const row = await this.repository.findInCompany(companyId, key);
        if (row) {
          await this.remove(row.object_key);
        }
      }
    }
  }

  /** The row goes first: a file without a row is never served, a row without a file would be. */
  private async remove(key: string): Promise<void> {
    await this.repository.deleteObject(key);
    await this.driver.delete(key);
  }

  private async forgetStaleGrants(companyId: number, now: number): Promise<void> {
    for (const key of await this.repository.deleteStaleGrants(companyId, now - staleGrantMs)) {
      await this.driver.delete(key);
    }
  }
}

function newObjectKey(companyId: number, purpose: StoragePurpose, suffix: string): string {
  return `c${companyId}/${purpose}/${randomUUID()}${suffix}`;
}

/** Images get the extension of their type; other files keep theirs (if it is a plain one). */
function extensionFor(request: UploadCredentialRequest): string {
  if (isImagePurpose(request.purpose)) {
    return request.contentType === 'image/png' ? '.png' : '.jpg';
  }
  return fileExtension(request.fileName);
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** The real bytes must be the declared image type (magic numbers), not a renamed file. */
function assertImage(bytes: Buffer, declared: string): void {
  if (sniffImageType(bytes) !== declared) {
    throw validationError('storage.fileFormatIncorrect');
  }
}

/** sharp (libvips) is loaded on the first thumbnail. */
const loadSharp = lazyImport(async () => (await import('sharp')).default);

async function makeThumbnail(image: Buffer): Promise<Buffer> {
  const side = limits.thumbnailSidePx;
  // Outside the try: a sharp that does not load is a server fault, not an unreadable image.
  const sharp = await loadSharp();
  try {
    return await sharp(image, { limitInputPixels: maxImagePixels })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    // Right magic numbers, unreadable image: the same answer as any other non-image.
    throw new AppError(ErrorCode.validationFailed, 'storage.fileFormatIncorrect');
  }
}

function parseCfg(cfg: string): Record<string, unknown> & CompanyLogoCfg {
  try {
    const parsed: unknown = JSON.parse(cfg);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function rowDescriptor(row: StorageObjectRow): ObjectDescriptor {
  return { key: row.object_key, contentType: row.content_type, size: row.size, fileName: row.file_name };
}
