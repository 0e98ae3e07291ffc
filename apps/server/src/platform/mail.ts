import nodemailer, { type Transporter } from 'nodemailer';

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
 */
export class SmtpMailSender implements MailSender {
  private readonly transport: Transporter | null;

  constructor(
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  async send(to: readonly string[], subject: string, text: string, attachments: readonly MailAttachment[] = []): Promise<void> {
    if (!this.transport || to.length === 0) {
      return;
    }
    await this.transport.sendMail({ from: this.from, to: this.from, bcc: [...to], subject, text, ...(attachments.length > 0 ? { attachments: attachments.map((a) => ({ ...a })) } : {}) });
  }

  close(): void {
    this.transport?.close();
  }
}
