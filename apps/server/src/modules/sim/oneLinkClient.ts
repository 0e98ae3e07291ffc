import { createHash } from 'node:crypto';
import { oneLinkDefaultEndpoint } from '@smartdata/domain';
import { OutboundError, postOutbound, type OutboundAllowList, type OutboundAnswer } from '@server/platform/outboundHttp';

/**
 * The calls of China Mobile's IoT open platform (OneLink, API v5; docs/sim.md "China Mobile
 * OneLink"): every call but the token's carries `transid` (appid + yyyyMMddHHmmss Beijing time + an
 * 8-digit sequence) and `token`; every answer is `{status, message, result: [...]}` with status "0"
 * for success. The token (`/ec/get/token` with appid, password, transid) is kept until its `ttl`
 * runs out and renewed once when a call answers 12021 (token expired). A rate-limit answer pauses
 * every call of that account for `rateLimitPauseMs`: the calls during the pause answer at once,
 * without a request, and the sync after it tries again.
 */

export const oneLinkStatus = { ok: '0', tokenExpired: '12021' } as const;
/** How long calls of an account wait after the platform limited them. */
export const rateLimitPauseMs = 60_000;
/** A token is renewed this long before the platform's ttl ends (clocks differ, calls take time). */
const tokenMarginMs = 60_000;
const defaultTtlSeconds = 3600;
const beijingOffsetMs = 8 * 3_600_000;

export interface OneLinkCredentials {
  appid: string;
  password: string;
  /** The API's base, e.g. https://api.iot.10086.cn/v5 (a trailing /ec/get/token is dropped). */
  endpoint: string;
}

/** A call's answer: its result rows, or why not (a message key of simMessages with its arguments). */
export type OneLinkAnswer<T> = { ok: true; result: T[]; transid: string } | { ok: false; message: string; rateLimited: boolean };

/** One request: the full URL (the parameters in its query) and the same parameters as JSON. */
export type OneLinkTransport = (url: string, body: string) => Promise<OutboundAnswer>;

/** The platform's answers through the console's one outbound door (platform/outboundHttp.ts). */
export function outboundTransport(allow: OutboundAllowList): OneLinkTransport {
  return (url, body) => postOutbound(url, body, {}, allow);
}

/** The API's base from what a connection stores: the default when empty, no trailing slash or token path. */
export function oneLinkBase(endpoint: string): string {
  const trimmed = endpoint.trim() === '' ? oneLinkDefaultEndpoint : endpoint.trim();
  return trimmed.replace(/\/+$/, '').replace(/\/ec\/get\/token$/, '');
}

/** `|` separates a message key's arguments: a carrier's text must not carry one. */
const argument = (text: string) => text.replaceAll('|', '/').slice(0, 160);

/** yyyyMMddHHmmss of an instant in Beijing time (the platform's; China keeps no summer time). */
export function beijingStamp(at: number): string {
  return new Date(at + beijingOffsetMs).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

interface Envelope {
  status?: unknown;
  message?: unknown;
  result?: unknown;
}

export class OneLinkClient {
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();
  private readonly fetching = new Map<string, Promise<OneLinkAnswer<{ token: string }>>>();
  private readonly paused = new Map<string, { until: number; message: string }>();
  private sequence = 0;

  constructor(private readonly transport: OneLinkTransport) {}

  /** appid + yyyyMMddHHmmss + an 8-digit sequence (00000001 … 99999999, then again), as the platform documents. */
  transid(appid: string, now: number): string {
    this.sequence = (this.sequence % 99_999_999) + 1;
    return `${appid}${beijingStamp(now)}${String(this.sequence).padStart(8, '0')}`;
  }

  /** A token of the account: the cached one while it lasts, else a new one from `/ec/get/token`. */
  async token(credentials: OneLinkCredentials, now: number): Promise<OneLinkAnswer<{ token: string }>> {
    const key = accountKey(credentials);
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt > now) {
      return { ok: true, result: [{ token: cached.token }], transid: '' };
    }
    // Calls waiting for a token share one request.
    const running = this.fetching.get(key);
    if (running) {
      return running;
    }
    const fetch = this.fetchToken(credentials, key, now).finally(() => this.fetching.delete(key));
    this.fetching.set(key, fetch);
    return fetch;
  }

  private async fetchToken(credentials: OneLinkCredentials, key: string, now: number): Promise<OneLinkAnswer<{ token: string }>> {
    // refresh=0: the platform answers the account's valid token rather than replacing it (another instance may hold it).
    const answer = await this.request<{ token?: unknown; ttl?: unknown }>(credentials, '/ec/get/token', { appid: credentials.appid, password: credentials.password, refresh: '0' }, now);
    if (!answer.ok) {
      return answer;
    }
    const token = answer.result[0]?.token;
    if (typeof token !== 'string' || token === '') {
      return { ok: false, message: 'sim.onelink.badAnswer', rateLimited: false };
    }
    const ttl = Number(answer.result[0]?.ttl ?? defaultTtlSeconds);
    const lasts = (Number.isFinite(ttl) && ttl > 0 ? ttl : defaultTtlSeconds) * 1000;
    this.tokens.set(key, { token, expiresAt: now + Math.max(lasts - tokenMarginMs, lasts / 2) });
    return { ok: true, result: [{ token }], transid: answer.transid };
  }

  /**
   * A call with the account's token; on 12021 the token is renewed once and the call made again
   * (the next calls use the new token: one renewal, not one per call).
   */
  async call<T>(credentials: OneLinkCredentials, path: string, params: Record<string, string>, now: number): Promise<OneLinkAnswer<T>> {
    const key = accountKey(credentials);
    const first = await this.token(credentials, now);
    if (!first.ok) {
      return first;
    }
    const answer = await this.request<T>(credentials, path, { ...params, token: first.result[0].token }, now);
    if (answer.ok || !answer.message.startsWith(`sim.onelink.refused|${oneLinkStatus.tokenExpired}|`)) {
      return answer;
    }
    if (this.tokens.get(key)?.token === first.result[0].token) {
      this.tokens.delete(key);
    }
    const renewed = await this.token(credentials, now);
    if (!renewed.ok) {
      return renewed;
    }
    return this.request<T>(credentials, path, { ...params, token: renewed.result[0].token }, now);
  }

  private async request<T>(credentials: OneLinkCredentials, path: string, params: Record<string, string>, now: number): Promise<OneLinkAnswer<T>> {
    const key = accountKey(credentials);
    const pause = this.paused.get(key);
    if (pause && pause.until > now) {
      return { ok: false, message: pause.message, rateLimited: true };
    }
    const transid = this.transid(credentials.appid, now);
    const all = { transid, ...params };
    const url = `${oneLinkBase(credentials.endpoint)}${path}?${new URLSearchParams(all).toString()}`;
    let answer: OutboundAnswer;
    try {
      answer = await this.transport(url, JSON.stringify(all));
    } catch (error) {
      if (error instanceof OutboundError) {
        const [reason, detail] = error.reason.split('|');
        const message = reason === 'notify.timeout' ? 'sim.onelink.timeout' : reason === 'notify.unreachable' ? `sim.onelink.unreachable|${argument(detail ?? '')}` : error.reason;
        return { ok: false, message, rateLimited: false };
      }
      throw error;
    }
    if (answer.status === 429) {
      return this.pauseFor(key, now, 'HTTP 429');
    }
    if (answer.status < 200 || answer.status >= 300) {
      return { ok: false, message: `sim.onelink.http|${answer.status}`, rateLimited: false };
    }
    let envelope: Envelope;
    try {
      envelope = JSON.parse(answer.body) as Envelope;
    } catch {
      return { ok: false, message: 'sim.onelink.badAnswer', rateLimited: false };
    }
    const status = typeof envelope.status === 'string' || typeof envelope.status === 'number' ? String(envelope.status) : null;
    if (status === null) {
      return { ok: false, message: 'sim.onelink.badAnswer', rateLimited: false };
    }
    const text = typeof envelope.message === 'string' ? envelope.message : '';
    if (status !== oneLinkStatus.ok) {
      // The documentation reached names no rate-limit code: a message about call frequency is taken as one.
      if (/频繁|频率|限流|流控/.test(text)) {
        return this.pauseFor(key, now, `${status} ${argument(text)}`);
      }
      return { ok: false, message: `sim.onelink.refused|${status}|${argument(text)}`, rateLimited: false };
    }
    return { ok: true, result: Array.isArray(envelope.result) ? (envelope.result as T[]) : [], transid };
  }

  private pauseFor(key: string, now: number, detail: string): OneLinkAnswer<never> {
    const message = `sim.onelink.rateLimited|${detail}`;
    this.paused.set(key, { until: now + rateLimitPauseMs, message });
    return { ok: false, message, rateLimited: true };
  }
}

/** Caches are per account: endpoint, appid and (a hash of) the password, so new credentials start afresh. */
function accountKey(credentials: OneLinkCredentials): string {
  return `${oneLinkBase(credentials.endpoint)}|${credentials.appid}|${createHash('sha256').update(credentials.password).digest('hex')}`;
}
