/** The platform's SMS provider (migration 180; owned by platform/sms.repository.ts). */
export interface SmsSettingTable {
  /** Always 1: the platform has one SMS provider. */
  id: number;
  provider: 'outbox' | 'aliyun' | 'tencent';
  access_key_id: string;
  /** AES-256-GCM (platform/secretBox.ts); never answered to a browser. Null until one is entered. */
  secret_encrypted: string | null;
  sign_name: string;
  template_code: string;
  sdk_app_id: string;
  region: string;
  endpoint: string;
  /** The alarm template's code and its variables (JSON AlarmTemplateParam[]), migration 410. */
  alarm_template_code: string;
  alarm_template_params: string;
  updated_at: number;
}

export interface SmsTables {
  sms_setting: SmsSettingTable;
}
