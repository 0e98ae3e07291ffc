import { createHmac } from 'node:crypto';
import type { ChannelKind } from '@smartdata/domain';
import type { NotifyMessage } from './deliveryQueue.port';

/**
 * How each kind of channel is called (issue 32, docs/alarms.md "Channels"), as each vendor
 * documents it. Pure: the URL, headers and body of one message, and whether an answer is a success.
 *
 * - DingTalk custom robot (自定义机器人, 加签): `timestamp` (ms) and `sign` =
 *   Base64(HMAC-SHA256(key = secret, timestamp + "\n" + secret)), URL-encoded, as query
 *   parameters; a `markdown` message; success is `errcode: 0`.
 * - WeCom group robot (群机器人): the key is in the URL; a `markdown` message (at most 4096 bytes);
 *   success is `errcode: 0`.
 * - Feishu custom bot (自定义机器人, 签名校验): `timestamp` (s) and `sign` =
 *   Base64(HMAC-SHA256(key = timestamp + "\n" + secret, message = empty)) in the body; a `post`
 *   (rich text) message; success is `code: 0` (older bots answer `StatusCode: 0`).
 * - Webhook: the JSON body below; with a secret `X-SmartData-Signature: sha256=<hex HMAC-SHA256 of
 *   the body>`, always `X-SmartData-Timestamp` (s, also in the body, so it is signed); success is any 2xx.
 */

export interface ChannelRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export function dingTalkSign(secret: string, timestampMs: number): string {
  return createHmac('sha256', secret).update(`${timestampMs}\n${secret}`).digest('base64');
}

export function feishuSign(secret: string, timestampSeconds: number): string {
  return createHmac('sha256', `${timestampSeconds}\n${secret}`).update('').digest('base64');
}

export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Markdown of a message: the title as a heading, one line per fact. */
function markdown(message: NotifyMessage, heading: string): string {
  return [`${heading} ${message.title}`, '', ...message.lines.map((line) => `- **${line.label}**：${line.value}`)].join('\n');
}

/** WeCom refuses markdown over 4096 bytes: cut whole characters. */
function cutBytes(text: string, max: number): string {
  if (Buffer.byteLength(text) <= max) {
    return text;
  }
  let out = '';
  for (const char of text) {
    if (Buffer.byteLength(out + char) > max - 3) {
      break;
    }
    out += char;
  }
  return `${out}…`;
}

/** The webhook's JSON body (docs/alarms.md "Webhook body"). */
export function webhookBody(message: NotifyMessage, timestampSeconds: number): string {
  return JSON.stringify({
    event: message.event,
    timestamp: timestampSeconds,
    locale: message.locale,
    title: message.title,
    text: message.text,
    lines: message.lines,
    ...(message.data === undefined ? {} : { data: message.data }),
  });
}

export function channelRequest(kind: ChannelKind, url: string, secret: string | null, message: NotifyMessage, now: number): ChannelRequest {
  const json = { 'content-type': 'application/json; charset=utf-8' };
  switch (kind) {
    case 'dingtalk': {
      const target = new URL(url);
      if (secret) {
        target.searchParams.set('timestamp', String(now));
        target.searchParams.set('sign', dingTalkSign(secret, now));
      }
      return { url: target.toString(), headers: json, body: JSON.stringify({ msgtype: 'markdown', markdown: { title: message.title, text: markdown(message, '###') } }) };
    }
    case 'wecom':
      return { url, headers: json, body: JSON.stringify({ msgtype: 'markdown', markdown: { content: cutBytes(markdown(message, '###'), 4096) } }) };
    case 'feishu': {
      const seconds = Math.floor(now / 1000);
      const language = message.locale === 'en-US' ? 'en_us' : 'zh_cn';
      const content = { post: { [language]: { title: message.title, content: message.lines.map((line) => [{ tag: 'text', text: `${line.label}：${line.value}` }]) } } };
      return { url, headers: json, body: JSON.stringify({ ...(secret ? { timestamp: String(seconds), sign: feishuSign(secret, seconds) } : {}), msg_type: 'post', content }) };
    }
    case 'webhook': {
      const seconds = Math.floor(now / 1000);
      const body = webhookBody(message, seconds);
      return { url, headers: { ...json, 'x-smartdata-timestamp': String(seconds), ...(secret ? { 'x-smartdata-signature': webhookSignature(secret, body) } : {}) }, body };
    }
  }
}

/** Whether the receiver took the message: its status, and for the robots their own code in the body. */
export function channelAnswerOk(kind: ChannelKind, status: number, body: string): boolean {
  if (status < 200 || status >= 300) {
    return false;
  }
  if (kind === 'webhook') {
    return true;
  }
  try {
    const answer = JSON.parse(body) as { errcode?: unknown; code?: unknown; StatusCode?: unknown };
    return kind === 'feishu' ? answer.code === 0 || answer.StatusCode === 0 : answer.errcode === 0;
  } catch {
    return false;
  }
}
