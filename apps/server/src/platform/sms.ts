import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, type SmsSetting, type UpdateSmsSettingRequest } from '@smartdata/domain';
import type { Db } from './db/database';
import { AppError, validationError } from './errors';
import type { SecretBox } from './secretBox';
import { SmsOutboxRepository, SmsSettingRepository, type SmsSettingRow } from './sms.repository';
import { AliyunSmsProvider, SmsVendorError, TencentSmsProvider, vendorEndpoint, type SmsVendorSetting } from './smsVendors';

/**
 * The values of a vendor's message template (Alibaba Cloud `${code}`, Tencent Cloud `{1}`). A
 * vendor sends only templates approved in its console, so a message without them (an alarm text)
 * is not sent by a vendor provider (docs/sms.md).
 */
export interface SmsTemplateValues {
  code: string;
}

/** A way to send a text message. A real vendor implements this and is chosen in the platform's SMS setting. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, content: string, values?: SmsTemplateValues): Promise<void>;
  /** The newest message sent to a phone, where the provider keeps them (the outbox; test routes read it). */
  latestTo?(phone: string): Promise<string | null>;
}

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

  private vendor(row: SmsSettingRow): SmsProvider {
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
    await this.settings.save({
      provider: request.provider,
      access_key_id: request.accessKeyId,
      secret_encrypted: sealed,
      sign_name: request.signName,
      template_code: request.templateCode,
      sdk_app_id: request.sdkAppId,
      region: request.region,
      endpoint: request.endpoint,
      updated_at: Date.now(),
    });
  }
}
