import type { Generated } from 'kysely';

/** Tables of file and project nodes (migration 2026-11-25-170-files-projects). */

/** A file node's entity (modules/files); its cabin node (kind 'file') carries the name and permissions. */
export interface CabinFileTable {
  id: Generated<number>;
  company_id: number;
  node_id: number;
  name: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** One uploaded version of a file: an object of the storage module (modules/files). */
export interface CabinFileVersionTable {
  id: Generated<number>;
  company_id: number;
  file_id: number;
  version_no: number;
  object_key: string;
  file_name: string;
  content_type: string;
  size: number;
  uploader_id: number;
  created_at: number;
}

/** A company's file size limit and type allow-list (modules/files); no row means the defaults. */
export interface FileSettingTable {
  company_id: number;
  max_mb: number;
  /** JSON text: string[] of extensions. */
  allowed_types: string;
  updated_at: number;
}

/** A project node's entity (modules/projects). */
export interface ProjectTable {
  id: Generated<number>;
  company_id: number;
  node_id: number;
  name: string;
  description: string;
  /** 'planned' | 'active' | 'finished' */
  status: string;
  start_date: string | null;
  end_date: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface ProjectMemberTable {
  project_id: number;
  company_id: number;
  user_id: number;
}

export interface FileTables {
  cabin_file: CabinFileTable;
  cabin_file_version: CabinFileVersionTable;
  file_setting: FileSettingTable;
  project: ProjectTable;
  project_member: ProjectMemberTable;
}
