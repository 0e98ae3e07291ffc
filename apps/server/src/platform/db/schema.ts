import type { Generated } from 'kysely';
import type { StorageTables } from './schema.storage';

/**
 * Table types of the database, shared by every repository. Instants are epoch milliseconds;
 * booleans are 0/1 integers so SQLite and PostgreSQL read alike; JSON is stored as text.
 */
export interface CompanyTable {
  id: Generated<number>;
  display_name: string;
  cfg: string;
  time_zone: string;
  is_platform: number;
  status: string;
  created_at: number;
  updated_at: number;
}

export interface UserTable {
  id: Generated<number>;
  user_name: string;
  phone: string | null;
  name: string;
  password_hash: string;
  head_img_url: string;
  language: string;
  is_platform_admin: number;
  status: string;
  current_company_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface CompanyMemberTable {
  company_id: number;
  user_id: number;
  status: string;
  joined_at: number;
}

export interface RoleTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  codes: string;
  created_at: number;
  updated_at: number;
}

export interface UserRoleTable {
  company_id: number;
  user_id: number;
  role_id: number;
}

export interface AccessTokenTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string;
  user_agent: string;
}

export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  used_at: number | null;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  content: string;
  provider: string;
  created_at: number;
}

export interface NoticeAgreementTable {
  user_id: number;
  version: string;
  agreed_at: number;
  ip: string;
}

export interface Database extends StorageTables {
  company: CompanyTable;
  app_user: UserTable;
  company_member: CompanyMemberTable;
  role: RoleTable;
  user_role: UserRoleTable;
  access_token: AccessTokenTable;
  sms_code: SmsCodeTable;
  sms_outbox: SmsOutboxTable;
  notice_agreement: NoticeAgreementTable;
}
