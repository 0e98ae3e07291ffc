import { imageContentTypes, limits, objectKeyPattern } from '@smartdata/domain';
import { AppError } from '@server/platform/errors';
import type { StorageService } from '../storage/storage.service';

/** Checks the object keys a picture or file value holds; answers a message key, or null when all are fine. */
export interface AttachmentChecker {
  check(caller: { companyId: number; userId: number }, keys: readonly string[], picture: boolean): Promise<string | null>;
}

/**
 * Picture and file values hold keys of objects uploaded through the storage module: each must be
 * an uploaded object of the caller's company; a picture must also be JPG or PNG of at most 3 MB
 * (spec §5), answered with the spec's own texts. (An upload not yet noticed on S3 is noticed here
 * through the storage module's download-URL call.)
 */
export function storageAttachments(storage: StorageService): AttachmentChecker {
  return {
    async check(caller, keys, picture) {
      for (const key of keys) {
        if (!objectKeyPattern.test(key)) {
          return 'validation.value.attachment';
        }
        let row = await storage.repository.findInCompany(caller.companyId, key);
        if (!row) {
          return 'validation.value.attachment';
        }
        if (row.uploaded !== 1) {
          try {
            await storage.downloadUrl(caller, key);
            row = (await storage.repository.findInCompany(caller.companyId, key)) ?? row;
          } catch (error) {
            if (error instanceof AppError) {
              return 'validation.value.attachment';
            }
            throw error;
          }
        }
        if (picture) {
          if (!(imageContentTypes as readonly string[]).includes(row.content_type)) {
            return 'validation.value.pictureFormat';
          }
          if (row.size > limits.imageMaxBytes) {
            return 'validation.value.pictureTooLarge';
          }
        }
      }
      return null;
    },
  };
}
