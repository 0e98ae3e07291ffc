import type { Transporter } from 'nodemailer';
import { lazyImport } from './lazyImport';

const loadNodemailer = lazyImport(async () => (await import('nodemailer')).default);

/** Sends e-mail; `configured` is false until SMTP_URL is set, and then nothing is sent. */
export interface MailSender {
  readonly configured: boolean;
  send(to: readonly string[], subject: string, text: string, attachments?: readonly MailAttachment[]): Promise<void>;
}

/** A file sent with a message (a scheduled report). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * E-mail through an SMTP server (nodemailer), off until `SMTP_URL` is configured (docs/alarms.md).
 * One message per call with every recipient in Bcc, so recipients do not see each other.
 * nodemailer is loaded, and the transport made, on the first message (idle memory, issue 21).
 */
export class SmtpMailSender implements MailSender {
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    // nodemailer takes only these as a URL; anything else made the server fail at start-up when the
    // transport was made there, and still does (without the URL in the message: it may hold a password).
    if (smtpUrl && !/^(smtps?|direct):/i.test(smtpUrl)) {
      throw new Error('SMTP_URL must be an smtp://, smtps:// or direct: address');
    }
  }

  get configured(): boolean {
    return Boolean(this.smtpUrl);
  }

  async send(to: readonly string[], subject: string, text: string, attachments: readonly MailAttachment[] = []): Promise<void> {
    if (!this.smtpUrl || to.length === 0) {
      return;
    }
    const smtpUrl = this.smtpUrl;
    this.transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(smtpUrl));
    const transport = await this.transport.catch((error: unknown) => {
      this.transport = null;
      throw error;
    });
    await transport.sendMail({ from: this.from, to: this.from, bcc: [...to], subject, text, ...(attachments.length > 0 ? { attachments: attachments.map((a) => ({ ...a })) } : {}) });
  }

  close(): void {
    void this.transport?.then((transport) => transport.close(), () => undefined);
  }
}
