import { imageContentTypes, limits, objectKeyPattern } from '@smartdata/domain';
import type { StorageService } from '../storage/storage.service';

/** Checks the object keys a picture or file value holds; answers a message key, or null when all are fine. */
export interface AttachmentChecker {
  check(caller: { companyId: number; userId: number }, keys: readonly string[], picture: boolean): Promise<string | null>;
}

/** What attachments need of the storage module: an uploaded object of the company. */
export type AttachmentObjects = Pick<StorageService, 'uploadedObject'>;

/**
 * Picture and file values hold keys of objects uploaded through the storage module: each must be
 * an uploaded object of the caller's company; a picture must also be JPG or PNG of at most 3 MB
 * (spec §5), answered with the spec's own texts. (An upload not yet noticed on S3 is noticed by
 * the storage module when asked.)
 */
export function storageAttachments(storage: AttachmentObjects): AttachmentChecker {
  return {
    async check(caller, keys, picture) {
      for (const key of keys) {
        if (!objectKeyPattern.test(key)) {
          return 'validation.value.attachment';
        }
        const object = await storage.uploadedObject(caller.companyId, key);
        if (!object) {
          return 'validation.value.attachment';
        }
        if (picture) {
          if (!(imageContentTypes as readonly string[]).includes(object.contentType)) {
            return 'validation.value.pictureFormat';
          }
          if (object.size > limits.imageMaxBytes) {
            return 'validation.value.pictureTooLarge';
          }
        }
      }
      return null;
    },
  };
}
