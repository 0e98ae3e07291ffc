import type DysmsapiImport from '@alicloud/dysmsapi20170525';
import type * as tencentSms from 'tencentcloud-sdk-nodejs-sms';
import type { SmsProvider, SmsTemplateValues } from './smsProvider';

// The vendors' SDKs are loaded on a provider's first message, not at start-up: together they hold
// tens of megabytes that a server without an SMS vendor never needs (issue 21, idle memory).

/** What a vendor provider needs (decrypted): the platform's SMS setting (docs/sms.md). */
export interface SmsVendorSetting {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  sdkAppId: string;
  region: string;
  endpoint: string;
}

/** One variable of a vendor template and its value. */
export interface TemplateParamValue {
  name: string;
  value: string;
}

/** A vendor provider: verification codes through `send`, any approved template through `sendTemplate`. */
export interface SmsVendorProvider extends SmsProvider {
  sendTemplate(phone: string, templateCode: string, params: readonly TemplateParamValue[]): Promise<string>;
}

/** A vendor refused the message or could not be reached; `reason` goes to the log, never to the browser. */
export class SmsVendorError extends Error {
  constructor(
    readonly vendor: string,
    readonly reason: string,
  ) {
    super(`${vendor}: ${reason}`);
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * The vendor API's host and protocol from the setting: empty is the vendor's public endpoint; a
 * bare host or an https URL is used over https; plain http only to this machine (a stand-in in
 * tests, a local proxy), so a key is never sent in the clear over a network.
 */
export function vendorEndpoint(endpoint: string, publicHost: string): { host: string; protocol: 'http' | 'https' } | null {
  const value = endpoint.trim();
  if (value === '') {
    return { host: publicHost, protocol: 'https' };
  }
  const match = /^(https?):\/\/([^/?#]+)\/?$/i.exec(value);
  if (!match) {
    return /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(value) ? { host: value, protocol: 'https' } : null;
  }
  const protocol = (match[1] ?? '').toLowerCase() === 'http' ? 'http' : 'https';
  const host = match[2] ?? '';
  if (protocol === 'http' && !LOOPBACK.has(host.replace(/:\d+$/, ''))) {
    return null;
  }
  return { host, protocol };
}

/**
 * Node's ESM loader hands a CommonJS module's whole `exports` as its default import, bundlers
 * (vitest) hand `exports.default`: the SDK's client class either way.
 */
function cjsDefault<T>(imported: T): T {
  return typeof imported === 'function' ? imported : (imported as unknown as { default: T }).default;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Alibaba Cloud SMS (dysmsapi 2017-05-25, SendSms) through its SDK, which signs each call with
 * ACS3-HMAC-SHA256. Sends the configured template with the code as `${code}`.
 */
export class AliyunSmsProvider implements SmsVendorProvider {
  readonly name = 'aliyun';
  private readonly endpoint: { host: string; protocol: 'http' | 'https' };
  private client?: Promise<{ client: InstanceType<typeof DysmsapiImport>; SendSmsRequest: typeof import('@alicloud/dysmsapi20170525').SendSmsRequest }>;

  constructor(private readonly setting: SmsVendorSetting) {
    const endpoint = vendorEndpoint(setting.endpoint, 'dysmsapi.aliyuncs.com');
    if (!endpoint) {
      throw new SmsVendorError(this.name, 'endpoint not allowed');
    }
    this.endpoint = endpoint;
  }

  private sdk() {
    this.client ??= Promise.all([import('@alicloud/dysmsapi20170525'), import('@alicloud/openapi-core')]).then(([dysmsapi, core]) => {
      const Client = cjsDefault(dysmsapi.default);
      const client = new Client(
        new core.$OpenApiUtil.Config({
          accessKeyId: this.setting.accessKeyId,
          accessKeySecret: this.setting.accessKeySecret,
          endpoint: this.endpoint.host,
          protocol: this.endpoint.protocol,
          regionId: this.setting.region || 'cn-hangzhou',
          readTimeout: 10_000,
          connectTimeout: 5_000,
        }),
      );
      return { client, SendSmsRequest: dysmsapi.SendSmsRequest };
    });
    return this.client;
  }

  async send(phone: string, content: string, values?: SmsTemplateValues): Promise<void> {
    if (!values) {
      throw new SmsVendorError(this.name, 'only verification codes are sent through a template; message not sent');
    }
    await this.sendTemplate(phone, this.setting.templateCode, [{ name: 'code', value: values.code }]);
  }

  /** Sends an approved template with its variables (`TemplateParam`, a JSON object by name); answers the vendor's reply. */
  async sendTemplate(phone: string, templateCode: string, params: readonly TemplateParamValue[]): Promise<string> {
    let answer;
    try {
      const { client, SendSmsRequest } = await this.sdk();
      answer = await client.sendSms(
        new SendSmsRequest({ phoneNumbers: phone, signName: this.setting.signName, templateCode, templateParam: JSON.stringify(Object.fromEntries(params.map((p) => [p.name, p.value]))) }),
      );
    } catch (error) {
      throw new SmsVendorError(this.name, messageOf(error));
    }
    const body = answer.body;
    if (body?.code !== 'OK') {
      throw new SmsVendorError(this.name, `${body?.code ?? 'no code'}: ${body?.message ?? ''} (request ${body?.requestId ?? '?'})`);
    }
    return `${body.code} (BizId ${body.bizId ?? '?'}, request ${body.requestId ?? '?'})`;
  }
}

/**
 * Tencent Cloud SMS (API 2021-01-11, SendSms) through its SDK, which signs each call with
 * TC3-HMAC-SHA256. Sends the configured template with the code as its first parameter; mainland
 * numbers get the +86 prefix Tencent Cloud asks for.
 */
export class TencentSmsProvider implements SmsVendorProvider {
  readonly name = 'tencent';
  private readonly endpoint: { host: string; protocol: 'http' | 'https' };
  private client?: Promise<InstanceType<typeof tencentSms.sms.v20210111.Client>>;

  constructor(private readonly setting: SmsVendorSetting) {
    const endpoint = vendorEndpoint(setting.endpoint, 'sms.tencentcloudapi.com');
    if (!endpoint) {
      throw new SmsVendorError(this.name, 'endpoint not allowed');
    }
    this.endpoint = endpoint;
  }

  private sdk() {
    this.client ??= import('tencentcloud-sdk-nodejs-sms').then(
      (tencent) =>
        new tencent.sms.v20210111.Client({
          credential: { secretId: this.setting.accessKeyId, secretKey: this.setting.accessKeySecret },
          region: this.setting.region || 'ap-guangzhou',
          profile: { httpProfile: { endpoint: this.endpoint.host, protocol: `${this.endpoint.protocol}://`, reqTimeout: 10 } },
        }),
    );
    return this.client;
  }

  async send(phone: string, content: string, values?: SmsTemplateValues): Promise<void> {
    if (!values) {
      throw new SmsVendorError(this.name, 'only verification codes are sent through a template; message not sent');
    }
    await this.sendTemplate(phone, this.setting.templateCode, [{ name: '1', value: values.code }]);
  }

  /** Sends an approved template with its variables (`TemplateParamSet`: the values in the order given); answers the vendor's reply. */
  async sendTemplate(phone: string, templateCode: string, params: readonly TemplateParamValue[]): Promise<string> {
    let answer;
    try {
      const client = await this.sdk();
      answer = await client.SendSms({
        PhoneNumberSet: [phone.startsWith('+') ? phone : `+86${phone}`],
        SmsSdkAppId: this.setting.sdkAppId,
        SignName: this.setting.signName,
        TemplateId: templateCode,
        TemplateParamSet: params.map((p) => p.value),
      });
    } catch (error) {
      throw new SmsVendorError(this.name, messageOf(error));
    }
    const status = answer.SendStatusSet?.[0];
    if (status?.Code !== 'Ok') {
      throw new SmsVendorError(this.name, `${status?.Code ?? 'no status'}: ${status?.Message ?? ''} (request ${answer.RequestId ?? '?'})`);
    }
    return `${status.Code} (SerialNo ${status.SerialNo ?? '?'}, request ${answer.RequestId ?? '?'})`;
  }
}
