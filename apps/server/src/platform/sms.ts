import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, type AlarmSmsFact, type AlarmTemplateParam, type SendAvailability, type SmsSetting, type UpdateSmsSettingRequest } from '@smartdata/domain';
import type { Db } from './db/database';
import { AppError, validationError } from './errors';
import type { SecretBox } from './secretBox';
import { SmsOutboxRepository, SmsSettingRepository, type SmsSettingRow } from './sms.repository';
import type { SmsProvider, SmsTemplateValues } from './smsProvider';
import { AliyunSmsProvider, SmsVendorError, TencentSmsProvider, vendorEndpoint, type SmsVendorProvider, type SmsVendorSetting } from './smsVendors';

/**
 * The default provider: writes the message to the server log and to the sms_outbox table, so the
 * console works with no vendor account (and tests can read the code).
 */
export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';
  private readonly outbox: SmsOutboxRepository;
  constructor(
    db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.outbox = new SmsOutboxRepository(db);
  }

  async send(phone: string, content: string): Promise<void> {
    await this.outbox.insert(phone, content, this.name, Date.now());
    this.log.info({ phone, content }, 'SMS (outbox provider)');
  }

  latestTo(phone: string): Promise<string | null> {
    return this.outbox.latestTo(phone);
  }
}

const SECRET_PURPOSE = 'sms.accessKeySecret';
/** Alibaba Cloud takes at most 35 characters per variable of a notice template. */
const ALIYUN_VARIABLE_MAX = 35;

/** A notice that cannot be sent as asked: `reason` is a message key; `permanent` when trying again cannot help. */
export class SmsNoticeError extends Error {
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
  ) {
    super(reason);
  }
}

const templateParams = (row: SmsSettingRow | undefined): AlarmTemplateParam[] => JSON.parse(row?.alarm_template_params ?? '[]') as AlarmTemplateParam[];

/**
 * The platform's SMS sender: the provider chosen by platform administrators (outbox, Alibaba Cloud
 * or Tencent Cloud), read from the setting at each message so a change applies at once on every
 * instance. A vendor's refusal is logged with its reason and answered as 50210 (the sign-in page
 * shows its text); the outbox stays the default when nothing is set.
 */
export class ConfiguredSmsSender implements SmsProvider {
  readonly name = 'configured';
  private readonly settings: SmsSettingRepository;
  private readonly outbox: OutboxSmsProvider;

  constructor(
    db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly box: SecretBox,
  ) {
    this.settings = new SmsSettingRepository(db);
    this.outbox = new OutboxSmsProvider(db, log);
  }

  async send(phone: string, content: string, values?: SmsTemplateValues): Promise<void> {
    const row = await this.settings.setting();
    if (!row || row.provider === 'outbox' || row.secret_encrypted === null) {
      await this.outbox.send(phone, content);
      return;
    }
    try {
      await this.vendor(row).send(phone, content, values);
      this.log.info({ phone, provider: row.provider }, 'SMS sent');
    } catch (error) {
      const reason = error instanceof SmsVendorError ? error.reason : error instanceof Error ? error.message : String(error);
      this.log.error({ phone, provider: row.provider, reason }, 'SMS provider failed');
      throw new AppError(ErrorCode.smsSendFailed);
    }
  }

  latestTo(phone: string): Promise<string | null> {
    return this.outbox.latestTo(phone);
  }

  /**
   * Whether alarm texts can go out now: the outbox takes any text; a vendor only its alarm
   * template (docs/sms.md "Alarm template").
   */
  async noticeAvailability(): Promise<SendAvailability> {
    const row = await this.settings.setting();
    if (!row || row.provider === 'outbox' || row.secret_encrypted === null || row.alarm_template_code !== '') {
      return { available: true, reason: null };
    }
    return { available: false, reason: 'notify.smsNoAlarmTemplate' };
  }

  /**
   * Sends an alarm (or a task's) notice: the text to the outbox, or the alarm template to a vendor
   * with its variables filled from `facts`. Answers the vendor's reply; throws SmsNoticeError.
   */
  async sendNotice(phone: string, text: string, facts: Partial<Record<AlarmSmsFact, string>>): Promise<string> {
    const row = await this.settings.setting();
    if (!row || row.provider === 'outbox' || row.secret_encrypted === null) {
      await this.outbox.send(phone, text);
      return 'outbox';
    }
    if (row.alarm_template_code === '') {
      throw new SmsNoticeError('notify.smsNoAlarmTemplate', true);
    }
    const cut = (value: string) => (row.provider === 'aliyun' && [...value].length > ALIYUN_VARIABLE_MAX ? `${[...value].slice(0, ALIYUN_VARIABLE_MAX - 1).join('')}…` : value);
    const params = templateParams(row).map((param) => ({ name: param.name, value: cut(facts[param.fact] ?? '') }));
    try {
      const answer = await this.vendor(row).sendTemplate(phone, row.alarm_template_code, params);
      this.log.info({ phone, provider: row.provider }, 'alarm SMS sent');
      return answer;
    } catch (error) {
      const reason = error instanceof SmsVendorError ? error.reason : error instanceof Error ? error.message : String(error);
      throw new SmsNoticeError(`${row.provider}: ${reason}`, false);
    }
  }

  private vendor(row: SmsSettingRow): SmsVendorProvider {
    const setting: SmsVendorSetting = {
      accessKeyId: row.access_key_id,
      accessKeySecret: this.box.decrypt(row.secret_encrypted ?? '', SECRET_PURPOSE),
      signName: row.sign_name,
      templateCode: row.template_code,
      sdkAppId: row.sdk_app_id,
      region: row.region,
      endpoint: row.endpoint,
    };
    return row.provider === 'aliyun' ? new AliyunSmsProvider(setting) : new TencentSmsProvider(setting);
  }

  /** The setting as platform administrators see it: the secret only as set or not. */
  async setting(): Promise<SmsSetting> {
    const row = await this.settings.setting();
    return {
      provider: row?.provider ?? 'outbox',
      accessKeyId: row?.access_key_id ?? '',
      secretSet: (row?.secret_encrypted ?? null) !== null,
      signName: row?.sign_name ?? '',
      templateCode: row?.template_code ?? '',
      sdkAppId: row?.sdk_app_id ?? '',
      region: row?.region ?? '',
      endpoint: row?.endpoint ?? '',
      alarmTemplateCode: row?.alarm_template_code ?? '',
      alarmTemplateParams: templateParams(row),
      updatedAt: row?.updated_at ?? null,
    };
  }

  /** Saves the setting; an empty secret keeps the stored one, a new one is encrypted at rest. */
  async updateSetting(request: UpdateSmsSettingRequest): Promise<void> {
    const existing = await this.settings.setting();
    const sealed = request.accessKeySecret !== '' ? this.box.encrypt(request.accessKeySecret, SECRET_PURPOSE) : (existing?.secret_encrypted ?? null);
    if (request.provider !== 'outbox') {
      const complete =
        request.accessKeyId !== '' && sealed !== null && request.signName !== '' && request.templateCode !== '' && (request.provider !== 'tencent' || request.sdkAppId !== '');
      if (!complete) {
        throw validationError('sms.vendorIncomplete');
      }
    }
    if (request.endpoint !== '' && !vendorEndpoint(request.endpoint, '')) {
      throw validationError('sms.endpointFormat');
    }
    if (request.alarmTemplateCode === '' && request.alarmTemplateParams.length > 0) {
      throw validationError('sms.alarmParamsWithoutTemplate');
    }
    if (new Set(request.alarmTemplateParams.map((p) => p.name)).size !== request.alarmTemplateParams.length) {
      throw validationError('sms.alarmParamDuplicate');
    }
    await this.settings.save({
      provider: request.provider,
      access_key_id: request.accessKeyId,
      secret_encrypted: sealed,
      sign_name: request.signName,
      template_code: request.templateCode,
      sdk_app_id: request.sdkAppId,
      region: request.region,
      endpoint: request.endpoint,
      alarm_template_code: request.alarmTemplateCode,
      alarm_template_params: JSON.stringify(request.alarmTemplateParams),
      updated_at: Date.now(),
    });
  }
}
