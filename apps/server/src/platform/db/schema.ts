import type { Generated } from 'kysely';
import type { StorageTables } from './schema.storage';
import type { CabinTables } from './schema.cabin';
import type { DashboardTables } from './schema.dashboards';
import type { DeviceTables } from './schema.devices';
import type { SeriesTables } from './schema.series';
import type { TelemetryTables } from './schema.telemetry';
import type { AlarmTables } from './schema.alarms';
import type { TaskTables } from './schema.tasks';
import type { WechatTables } from './schema.wechat';
import type { SmsTables } from './schema.sms';
import type { FileTables } from './schema.files';
import type { MeterTables } from './schema.meters';
import type { TemplateTables } from './schema.templates';
import type { ReportTables } from './schema.reports';
import type { InventoryTables } from './schema.inventory';
import type { SimTables } from './schema.sim';
import type { SalesTables } from './schema.sales';
import type { GasTables } from './schema.gas';
import type { NotifyTables } from './schema.notify';
import type { WebhookTables } from './schema.webhooks';
import type { BackupTables } from './schema.backups';
import type { ApiKeyTables } from './schema.apiKeys';

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
  /** A server-text key while the company keeps its built-in name (shown translated); null once renamed. */
  builtin_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface UserTable {
  id: Generated<number>;
  user_name: string;
  phone: string | null;
  /** Optional; alarm e-mails go here. */
  email: string | null;
  name: string;
  password_hash: string;
  head_img_url: string;
  language: string;
  is_platform_admin: number;
  /** 1: someone else chose the password; the user must choose their own before anything else. */
  must_change_password: Generated<number>;
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
  /** A server-text key while the role keeps its built-in name (shown translated); null once renamed. */
  builtin_key: string | null;
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

/** Failed sign-ins / password checks per key within a window (platform/auth/failureThrottle.ts). */
export interface AuthFailureTable {
  key: string;
  count: number;
  since: number;
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

export interface RoleTemplateTable {
  id: Generated<number>;
  name: string;
  codes: string;
  created_at: number;
  updated_at: number;
}

export interface CompanyInvitationTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  inviter_id: number;
  role_ids: string;
  status: string;
  created_at: number;
  answered_at: number | null;
}

export interface UserGroupTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  remark: string;
  created_at: number;
}

export interface UserGroupMemberTable {
  group_id: number;
  company_id: number;
  user_id: number;
  added_at: number;
}

export interface AlertDelegationTable {
  id: Generated<number>;
  company_id: number;
  delegator_id: number;
  delegate_id: number;
  created_at: number;
}

export interface ProductOrderTable {
  id: Generated<number>;
  company_id: number;
  sw_product_id: string;
  sub_type_id: string;
  start_at: number;
  expire_at: number;
  created_at: number;
  updated_at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  user_name: string;
  company_id: number | null;
  method: string;
  action: string;
  target: string;
  ip: string;
  code: number;
  duration_ms: number;
  created_at: number;
  /** The API key the call was made with (migration 430); null: a person's session. */
  api_key_id: Generated<number | null>;
}

export interface IpAllowTable {
  id: Generated<number>;
  ip: string;
  remark: string;
  created_by: string;
  created_at: number;
}

export interface DataRetentionTable {
  company_id: number;
  raw_days: number | null;
  last_purge_at: number | null;
  last_purged_rows: number | null;
}

export interface SchedulerLeaseTable {
  job: string;
  holder: string;
  until: number;
  last_run_at: number | null;
}

export interface Database extends StorageTables, CabinTables, SeriesTables, DeviceTables, DashboardTables, TelemetryTables, AlarmTables, TaskTables, WechatTables, SmsTables, FileTables, MeterTables, TemplateTables, ReportTables, InventoryTables, SimTables, SalesTables, GasTables, NotifyTables, ApiKeyTables, WebhookTables, BackupTables {
  role_template: RoleTemplateTable;
  company_invitation: CompanyInvitationTable;
  user_group: UserGroupTable;
  user_group_member: UserGroupMemberTable;
  alert_delegation: AlertDelegationTable;
  product_order: ProductOrderTable;
  audit_log: AuditLogTable;
  ip_allow: IpAllowTable;
  data_retention: DataRetentionTable;
  scheduler_lease: SchedulerLeaseTable;
  company: CompanyTable;
  app_user: UserTable;
  company_member: CompanyMemberTable;
  role: RoleTable;
  user_role: UserRoleTable;
  access_token: AccessTokenTable;
  auth_failure: AuthFailureTable;
  sms_code: SmsCodeTable;
  sms_outbox: SmsOutboxTable;
  notice_agreement: NoticeAgreementTable;
}
