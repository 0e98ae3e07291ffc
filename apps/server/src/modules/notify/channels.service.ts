import {
  channelTakesSecret,
  ErrorCode,
  notifyLimits,
  type AddChannelRequest,
  type ChannelKind,
  type ChannelTestResult,
  type ChannelView,
  type Locale,
  type UpdateChannelRequest,
} from '@smartdata/domain';
import { AppError, notFound, validationError } from '@server/platform/errors';
import { translate } from '@server/platform/i18n';
import { checkOutboundUrl, OutboundError, postOutbound, type OutboundAllowList } from '@server/platform/outboundHttp';
import type { SecretBox } from '@server/platform/secretBox';
import { channelAnswerOk, channelRequest } from './channelRequests';
import type { NotifyMessage } from './deliveryQueue.port';
import type { ChannelRow, NotifyRepository } from './notify.repository';

const urlPurpose = (companyId: number) => `notify.channelUrl:${companyId}`;
const secretPurpose = (companyId: number) => `notify.channelSecret:${companyId}`;

/** A long path segment or query value is a token: only its last 4 characters are shown. */
function mask(value: string): string {
  return value.length <= 8 ? value : `••••${value.slice(-4)}`;
}

/** The address as the channels page shows it: scheme, host, path, tokens masked. */
export function urlHint(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname
    .split('/')
    .map((segment) => (segment.length > 16 ? mask(segment) : segment))
    .join('/');
  const query = [...parsed.searchParams.entries()].map(([key, value]) => `${key}=${mask(value)}`).join('&');
  return `${parsed.protocol}//${parsed.host}${path}${query ? `?${query}` : ''}`;
}

/** A channel opened for sending: its kind, address and secret in the clear. */
export interface OpenChannel {
  id: number;
  kind: ChannelKind;
  name: string;
  url: string;
  secret: string | null;
}

/** The outcome of one send to a channel. */
export interface ChannelSendResult {
  ok: boolean;
  status: number | null;
  answer: string;
}

/**
 * A company's notification channels (issue 32): kept with the address and the secret sealed
 * (platform/secretBox.ts, the purpose bound to the company), answered with a masked address and
 * "secret set" only; every address checked against loopback, link-local and private networks
 * (platform/outboundHttp.ts) when saved and again on the address connected to at each send.
 */
export class ChannelsService {
  constructor(
    private readonly repository: NotifyRepository,
    private readonly box: SecretBox,
    private readonly allow: OutboundAllowList,
    private readonly now: () => number = Date.now,
  ) {}

  async channels(companyId: number): Promise<ChannelView[]> {
    return (await this.repository.channels(companyId)).map(channelView);
  }

  async addChannel(companyId: number, userId: number, request: AddChannelRequest): Promise<{ id: number }> {
    const secret = await this.check(companyId, request.kind, request.name, request.url, request.secret ?? '');
    if ((await this.repository.countChannels(companyId)) >= notifyLimits.channelsMax) {
      throw new AppError(ErrorCode.conflict, 'notify.channelsTooMany');
    }
    const at = this.now();
    const id = await this.repository.insertChannel({
      company_id: companyId,
      kind: request.kind,
      name: request.name,
      url_sealed: this.box.encrypt(request.url, urlPurpose(companyId)),
      url_hint: urlHint(request.url),
      secret_sealed: secret === '' ? null : this.box.encrypt(secret, secretPurpose(companyId)),
      created_by: userId,
      created_at: at,
      updated_at: at,
    });
    return { id };
  }

  async updateChannel(companyId: number, request: UpdateChannelRequest): Promise<void> {
    const row = await this.repository.channel(companyId, request.id);
    if (!row) {
      throw notFound();
    }
    const kind = row.kind as ChannelKind;
    const url = request.url || null;
    const secret = await this.check(companyId, kind, request.name, url, request.secret ?? '', row.id);
    await this.repository.updateChannel(companyId, row.id, {
      name: request.name,
      ...(url === null ? {} : { url_sealed: this.box.encrypt(url, urlPurpose(companyId)), url_hint: urlHint(url) }),
      ...(secret !== '' ? { secret_sealed: this.box.encrypt(secret, secretPurpose(companyId)) } : request.clearSecret ? { secret_sealed: null } : {}),
      updated_at: this.now(),
    });
  }

  async deleteChannel(companyId: number, id: number): Promise<void> {
    if (!(await this.repository.deleteChannel(companyId, id))) {
      throw notFound();
    }
  }

  /** The channel with its address and secret opened, or null when it is no longer the company's. */
  async open(companyId: number, id: number): Promise<OpenChannel | null> {
    const row = await this.repository.channel(companyId, id);
    return row ? this.opened(row) : null;
  }

  /** Sends a test message now (not through the queue) and answers what the receiver said. */
  async testChannel(companyId: number, id: number, locale: Locale): Promise<ChannelTestResult> {
    const channel = await this.open(companyId, id);
    if (!channel) {
      throw notFound();
    }
    const title = translate('notify.test.title', locale);
    const text = translate(`notify.test.text|${channel.name}`, locale);
    const message: NotifyMessage = { event: 'notify.test', locale, title, text, lines: [{ label: title, value: text }] };
    const result = await this.send(channel, message);
    return { ...result, answer: result.answer.startsWith('notify.') ? translate(result.answer, locale) : result.answer };
  }

  /** One message to one channel: the receiver's status and answer (a message key when none came). */
  async send(channel: OpenChannel, message: NotifyMessage, signal?: AbortSignal): Promise<ChannelSendResult> {
    const request = channelRequest(channel.kind, channel.url, channel.secret, message, this.now());
    try {
      const answer = await postOutbound(request.url, request.body, request.headers, this.allow, signal);
      const ok = channelAnswerOk(channel.kind, answer.status, answer.body);
      const redirect = answer.status >= 300 && answer.status < 400;
      return { ok, status: answer.status, answer: redirect ? `notify.redirect|${answer.status}` : `HTTP ${answer.status} ${answer.body}`.trim() };
    } catch (error) {
      if (error instanceof OutboundError) {
        return { ok: false, status: null, answer: error.reason };
      }
      throw error;
    }
  }

  private opened(row: ChannelRow): OpenChannel {
    return {
      id: row.id,
      kind: row.kind as ChannelKind,
      name: row.name,
      url: this.box.decrypt(row.url_sealed, urlPurpose(row.company_id)),
      secret: row.secret_sealed === null ? null : this.box.decrypt(row.secret_sealed, secretPurpose(row.company_id)),
    };
  }

  /** The rules of a channel before anything is stored; answers the secret to keep ('' for none given). */
  private async check(companyId: number, kind: ChannelKind, name: string, url: string | null, secret: string, exceptId?: number): Promise<string> {
    if (secret !== '' && !channelTakesSecret(kind)) {
      throw validationError('notify.secretNotTaken');
    }
    if (url !== null) {
      const refusal = await checkOutboundUrl(url, this.allow);
      if (refusal) {
        throw validationError(refusal);
      }
    }
    if (await this.repository.nameTaken(companyId, name, exceptId)) {
      throw new AppError(ErrorCode.conflict, 'notify.channelNameTaken');
    }
    return secret;
  }
}

function channelView(row: ChannelRow): ChannelView {
  return { id: row.id, kind: row.kind as ChannelKind, name: row.name, urlHint: row.url_hint, secretSet: row.secret_sealed !== null, createdAt: row.created_at, updatedAt: row.updated_at };
}
