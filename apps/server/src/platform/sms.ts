import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database';
import { SmsOutboxRepository } from './sms.repository';

/** A way to send a text message. A real vendor implements this and is chosen by config. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, content: string): Promise<void>;
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
