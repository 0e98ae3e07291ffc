import { defaultLocale, locales, type ChannelOptions, type DeliveryView, type Locale, type NotifySetting } from '@smartdata/domain';
import { validationError } from '@server/platform/errors';
import type { MailSender } from '@server/platform/mail';
import type { ConfiguredSmsSender } from '@server/platform/sms';
import { SmsNoticeError } from '@server/platform/sms';
import type { ChannelsService } from './channels.service';
import { DeliveryFailure, type DeliveryAdapter, type DeliveryQueue, type DeliveryRequest, type NotifyMessage, type NotifyRecipients, type NotifySender } from './deliveryQueue.port';
import type { NotifyRepository } from './notify.repository';

/** A phone in the log: 138****5678. */
const maskedPhone = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone);

/**
 * What alarms and intelligent tasks send through (deliveryQueue.port.ts NotifySender): a message
 * becomes one delivery per channel, per phone, and one e-mail to all addresses (Bcc); the three
 * adapters below send them when the queue drains.
 */
export class NotifyService implements NotifySender {
  constructor(
    private readonly repository: NotifyRepository,
    private readonly queue: DeliveryQueue,
    private readonly channels: ChannelsService,
    private readonly sms: Pick<ConfiguredSmsSender, 'sendNotice' | 'noticeAvailability'>,
    private readonly mail: MailSender,
  ) {}

  async send(companyId: number, subject: string | null, to: NotifyRecipients, message: NotifyMessage): Promise<void> {
    const requests: DeliveryRequest[] = [];
    const base = { companyId, subject, event: message.event, payload: message };
    const channels = new Map((await this.repository.channels(companyId)).map((row) => [row.id, row]));
    for (const id of new Set(to.channelIds)) {
      const channel = channels.get(id);
      // A channel deleted since the rule was saved is skipped (the rule keeps its id until edited).
      if (channel) {
        requests.push({ ...base, kind: channel.kind, adapter: 'channel', target: { channelId: id }, label: channel.name });
      }
    }
    for (const phone of new Set(to.phones)) {
      requests.push({ ...base, kind: 'sms', adapter: 'sms', target: { phone }, label: maskedPhone(phone) });
    }
    const emails = [...new Set(to.emails)];
    if (emails.length > 0) {
      requests.push({ ...base, kind: 'email', adapter: 'email', target: { emails }, label: emails.join(', ') });
    }
    await this.queue.enqueue(requests);
  }

  async requireChannels(companyId: number, channelIds: readonly number[]): Promise<void> {
    const known = await this.repository.existingChannelIds(companyId, channelIds);
    const missing = channelIds.find((id) => !known.has(id));
    if (missing !== undefined) {
      throw validationError(`notify.channelMissing|${missing}`);
    }
  }

  async locale(companyId: number): Promise<Locale> {
    const stored = await this.repository.locale(companyId);
    return locales.includes(stored as Locale) ? (stored as Locale) : defaultLocale;
  }

  async setting(companyId: number): Promise<NotifySetting> {
    return { locale: await this.locale(companyId) };
  }

  async updateSetting(companyId: number, setting: NotifySetting): Promise<void> {
    await this.repository.saveLocale(companyId, setting.locale, Date.now());
  }

  async options(companyId: number): Promise<ChannelOptions> {
    const rows = await this.repository.channels(companyId);
    return {
      channels: rows.map((row) => ({ id: row.id, kind: row.kind as ChannelOptions['channels'][number]['kind'], name: row.name })),
      sms: await this.sms.noticeAvailability(),
      email: this.mail.configured ? { available: true, reason: null } : { available: false, reason: 'notify.mailOff' },
    };
  }

  deliveries(companyId: number, subject: string, locale: Locale): Promise<DeliveryView[]> {
    return this.queue.deliveries(companyId, subject, locale);
  }

  /** The adapters of the three ways a notification leaves. */
  adapters(): DeliveryAdapter[] {
    const channels = this.channels;
    const sms = this.sms;
    const mail = this.mail;
    return [
      {
        name: 'channel',
        async send(delivery, signal) {
          const { channelId } = delivery.target as { channelId: number };
          const channel = await channels.open(delivery.companyId, channelId);
          if (!channel) {
            throw new DeliveryFailure('notify.channelDeleted', true);
          }
          const result = await channels.send(channel, delivery.payload as NotifyMessage, signal);
          if (signal.aborted) {
            throw new DeliveryFailure('aborted');
          }
          if (!result.ok) {
            // An address now refused is refused at every try.
            throw new DeliveryFailure(result.answer, result.answer === 'notify.urlPrivate' || result.answer === 'notify.urlFormat');
          }
          return result.answer;
        },
      },
      {
        name: 'sms',
        async send(delivery) {
          const { phone } = delivery.target as { phone: string };
          const message = delivery.payload as NotifyMessage;
          try {
            return await sms.sendNotice(phone, message.text, message.facts ?? {});
          } catch (error) {
            if (error instanceof SmsNoticeError) {
              throw new DeliveryFailure(error.reason, error.permanent);
            }
            throw error;
          }
        },
      },
      {
        name: 'email',
        async send(delivery) {
          const { emails } = delivery.target as { emails: string[] };
          const message = delivery.payload as NotifyMessage;
          if (!mail.configured) {
            throw new DeliveryFailure('notify.mailNotConfigured', true);
          }
          const body = [message.text, ...message.lines.map((line) => `${line.label}：${line.value}`)].join('\n');
          await mail.send(emails, message.title, body);
          return 'SMTP 250';
        },
      },
    ];
  }
}
