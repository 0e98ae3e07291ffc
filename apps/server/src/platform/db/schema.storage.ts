import type { Generated } from 'kysely';

/** Tables of the storage module (objects, upload grants) and company settings (tags, device access). */

/**
 * One stored object. The row is written when an upload credential is granted (uploaded = 0) and
 * marked uploaded once the bytes are in the store; keys are unique and never reused.
 */
export interface StorageObjectTable {
  id: Generated<number>;
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
  uploaded_at: number | null;
}

export interface TagTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  color: string;
  created_at: number;
  updated_at: number;
}

/** A company's device access credentials; the secret is kept only as a scrypt hash. */
export interface CompanyDeviceAccessTable {
  company_id: number;
  access_key: string;
  secret_hash: string;
  secret_hint: string;
  created_at: number;
  updated_at: number;
}

export interface StorageTables {
  storage_object: StorageObjectTable;
  tag: TagTable;
  company_device_access: CompanyDeviceAccessTable;
}
