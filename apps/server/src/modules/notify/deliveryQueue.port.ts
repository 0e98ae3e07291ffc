import type { AlarmSmsFact, ChannelOptions, DeliveryView, Locale, Page, PageQuery } from '@smartdata/domain';

/**
 * The one durable delivery queue (issue 32, docs/alarms.md "Deliveries"): every outbound message —
 * SMS, e-mail, DingTalk, WeCom, Feishu, webhooks, and the event subscriptions of issue 33 — is a
 * row in `delivery`, sent at least once by an adapter, retried with backoff, logged per subject,
 * sent by one instance at a time (the scheduler's lease) and never on the ingest path.
 *
 * Another module sends through it in one of two ways:
 *  - `NotifySender.send`: a message to the company's channels and to people (alarms, tasks);
 *  - `DeliveryQueue.enqueue` with an adapter of its own (`registerAdapter`), e.g. issue 33's
 *    signed event POST to a subscription's URL (through platform/outboundHttp.ts).
 */

/** A message as the sender composes it, in the company's language and zone; each adapter renders it. */
export interface NotifyMessage {
  /** 'alarm.opened', 'alarm.reminder', 'alarm.cleared', 'task.notify', 'notify.test'. */
  event: string;
  locale: Locale;
  /** One line: the SMS text of the outbox, the e-mail subject, the robots' title. */
  title: string;
  /** The SMS text (the outbox provider) and the e-mail's first line. */
  text: string;
  /** Labelled facts (target, level, value, time), already formatted. */
  lines: { label: string; value: string }[];
  /** What a vendor SMS template's variables are filled with. */
  facts?: Partial<Record<AlarmSmsFact, string>>;
  /** Structured facts for the webhook body (the alarm as answered). */
  data?: Record<string, unknown>;
}

/** One row to put in the queue. */
export interface DeliveryRequest {
  companyId: number;
  /** What the delivery belongs to, for its log (`alarm:<id>`); null: none. */
  subject: string | null;
  /** A channel kind, sms or email — or the name of an adapter of its own (issue 33). */
  kind: string;
  /** The adapter that sends it. */
  adapter: string;
  /** Where to, in the adapter's own shape (stored as JSON). */
  target: unknown;
  /** Whom or where to, for the log (a channel's name, a masked phone). */
  label: string;
  event: string;
  /** The message, in the adapter's own shape (stored as JSON). */
  payload: unknown;
}

/** A try that did not deliver: `answer` is logged; `permanent` stops the retries at once. */
export class DeliveryFailure extends Error {
  constructor(
    readonly answer: string,
    readonly permanent = false,
  ) {
    super(answer);
  }
}

/** Sends one delivery; answers the receiver's reply (logged), throws DeliveryFailure (or anything) when it did not arrive. */
export interface DeliveryAdapter {
  readonly name: string;
  send(delivery: { companyId: number; target: unknown; payload: unknown }, signal: AbortSignal): Promise<string>;
}

export interface DeliveryQueue {
  registerAdapter(adapter: DeliveryAdapter): void;
  /** Stores the rows and returns; sending starts at once, off the caller's path. */
  enqueue(requests: readonly DeliveryRequest[]): Promise<void>;
  /** The log of a subject, oldest first. */
  deliveries(companyId: number, subject: string, locale: Locale): Promise<DeliveryView[]>;
  /** One page of a subject's log, newest first (a subscription's log grows without end). */
  deliveryPage(companyId: number, subject: string, locale: Locale, page: PageQuery): Promise<Page<DeliveryView>>;
}

/** Who a message goes to. */
export interface NotifyRecipients {
  channelIds: readonly number[];
  phones: readonly string[];
  emails: readonly string[];
}

/** What alarms and intelligent tasks ask of the notify module. */
export interface NotifySender {
  /** Queues `message` to each channel, phone and (in one message, Bcc) the e-mail addresses. */
  send(companyId: number, subject: string | null, to: NotifyRecipients, message: NotifyMessage): Promise<void>;
  /** Refuses (50001 `notify.channelMissing|id`) a channel that is not the company's. */
  requireChannels(companyId: number, channelIds: readonly number[]): Promise<void>;
  /** The language of the company's messages (zh-CN unless set on the channels page). */
  locale(companyId: number): Promise<Locale>;
  /** Whether SMS and e-mail can carry alarms now, and the company's channels (rule editors). */
  options(companyId: number): Promise<ChannelOptions>;
  /** The delivery log of a subject. */
  deliveries(companyId: number, subject: string, locale: Locale): Promise<DeliveryView[]>;
}
