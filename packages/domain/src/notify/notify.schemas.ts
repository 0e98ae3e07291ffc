import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { outboundUrlSchema } from '../shared/outboundUrl';
import { pageOf } from '../shared/paging';
import { limits } from '../shared/limits';
import { locales, type Locale } from '../shared/errors';
import { nameText } from '../shared/text';

/**
 * Notification channels and the delivery log (issue 32, docs/alarms.md "Channels"). A company's
 * channels are group robots and webhooks that alarm rules, update watches and intelligent rules'
 * notify actions send to; every outbound message (SMS, e-mail, channel) is a delivery in one
 * durable queue, logged per alarm. Permission code: `sys_notify_channel` (the channels page under
 * system settings; docs/decisions.md). Rule editors read the choices through `getChannelOptions`.
 */
export const notifyPermission = { channels: 'sys_notify_channel' } as const;

/** Kinds of a channel (GLOSSARY: webhook, dingtalk 钉钉, wecom 企业微信, feishu 飞书). */
export const channelKinds = ['webhook', 'dingtalk', 'wecom', 'feishu'] as const;
export type ChannelKind = (typeof channelKinds)[number];
/** What a delivery went through: a channel's kind, or SMS / e-mail. */
export const deliveryKinds = [...channelKinds, 'sms', 'email'] as const;
export type DeliveryKind = (typeof deliveryKinds)[number];
/** States of a delivery (GLOSSARY: 待发送 / 重试中 / 已发送 / 发送失败). */
export const deliveryStates = ['pending', 'retrying', 'sent', 'failed'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export const notifyLimits = {
  nameLength: limits.generalNameLength,
  urlLength: 500,
  /** A DingTalk 加签 secret is 67 characters (SEC…), Feishu's 24; a webhook's is the user's own. */
  secretLength: 128,
  channelsMax: 50,
  /** Channels one rule may send to. */
  ruleChannelsMax: 10,
  /** Variables of an alarm SMS template. */
  templateParamsMax: 8,
  templateParamNameLength: 32,
} as const;

/** The kinds whose messages are signed with a secret (WeCom's group robot has its key in the URL). */
export const channelTakesSecret = (kind: ChannelKind): boolean => kind !== 'wecom';

const url = outboundUrlSchema(notifyLimits.urlLength);
const secret = z
  .string()
  .trim()
  .max(notifyLimits.secretLength, 'validation.tooLong')
  .regex(/^[\x21-\x7e]*$/, 'notify.secretAscii');
/** The rules of a channel's fields, for the web form too. */
export const channelUrlSchema = url;
export const channelSecretSchema = secret;
export const channelNameSchema = nameText().min(1, 'validation.nameRequired').max(notifyLimits.nameLength, 'validation.tooLong');

/** `POST /general/notify/addChannel {kind, name, url, secret?}` → `{id}`. */
export const addChannelRequest = z
  .object({ kind: z.enum(channelKinds, { message: 'notify.kindUnknown' }), name: channelNameSchema, url, secret: secret.optional() })
  .strict();
export type AddChannelRequest = z.infer<typeof addChannelRequest>;
/**
 * `POST /general/notify/updateChannel {id, name, url?, secret?, clearSecret?}`: the kind stays; an
 * absent or empty url or secret keeps the stored one (neither is ever answered back).
 */
export const updateChannelRequest = z
  .object({
    id: idSchema,
    name: channelNameSchema,
    url: z.union([z.literal(''), url]).optional(),
    secret: secret.optional(),
    clearSecret: z.boolean().optional(),
  })
  .strict();
export type UpdateChannelRequest = z.infer<typeof updateChannelRequest>;

/** `GET /general/notify/getChannels` → ChannelView[]: the address only as a hint, the secret only as set. */
export interface ChannelView {
  id: number;
  kind: ChannelKind;
  name: string;
  /** Scheme, host and path with tokens masked (`…/robot/send?access_token=••••3f2a`). */
  urlHint: string;
  secretSet: boolean;
  createdAt: number;
  updatedAt: number;
}

/** `POST /general/notify/testChannel {id}` → what the receiver answered. */
export interface ChannelTestResult {
  ok: boolean;
  /** The HTTP status, null when the receiver could not be reached. */
  status: number | null;
  /** The receiver's answer (its body, cut), or why nothing arrived. */
  answer: string;
}

/** What an alarm's facts give an SMS template's variables. */
export const alarmSmsFacts = ['event', 'rule', 'target', 'level', 'value', 'time'] as const;
export type AlarmSmsFact = (typeof alarmSmsFacts)[number];
export const alarmTemplateParam = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(notifyLimits.templateParamNameLength, 'validation.tooLong')
    .regex(/^[A-Za-z0-9_]+$/, 'notify.paramName'),
  fact: z.enum(alarmSmsFacts),
});
export type AlarmTemplateParam = z.infer<typeof alarmTemplateParam>;

/** `GET/POST /general/notify/getNotifySetting | updateNotifySetting`: the language of the company's messages. */
export const notifySettingRequest = z.object({ locale: z.enum(locales as [Locale, ...Locale[]]) }).strict();
export type NotifySetting = z.infer<typeof notifySettingRequest>;

/** Why SMS or e-mail cannot carry alarms now (null: it can). */
export interface SendAvailability {
  available: boolean;
  /** A message key (notify.smsNoAlarmTemplate, notify.mailOff). */
  reason: string | null;
}
/**
 * `GET /general/notify/getChannelOptions` (any rule editor: cs_rules, cs_sditem_update, sa_rules,
 * sa_executable_task): the company's channels by name, and whether SMS and e-mail can carry alarms.
 */
export interface ChannelOptions {
  channels: { id: number; kind: ChannelKind; name: string }[];
  sms: SendAvailability;
  email: SendAvailability;
}

/** `GET /general/alarm/getDeliveries?alarmId=` → DeliveryView[], oldest first: the alarm's delivery log. */
export const alarmDeliveriesQuery = z.object({ alarmId: idSchema });
/** DeliveryView as a schema (the OpenAPI document's answer of a delivery log). */
export const deliveryViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(deliveryKinds),
  to: z.string(),
  event: z.string(),
  state: z.enum(deliveryStates),
  attempts: z.number().int(),
  answer: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  nextAt: z.number().int().nullable(),
  sentAt: z.number().int().nullable(),
});
export interface DeliveryView {
  id: number;
  kind: DeliveryKind;
  /** Whom or where to: the channel's name, a masked phone, e-mail addresses. */
  to: string;
  /** 'alarm.opened', 'alarm.reminder', 'alarm.cleared', 'notify.test', 'task.notify'. */
  event: string;
  state: DeliveryState;
  attempts: number;
  /** The receiver's (vendor's) last answer or why it failed. */
  answer: string | null;
  createdAt: number;
  updatedAt: number;
  /** When it is tried again while retrying. */
  nextAt: number | null;
  sentAt: number | null;
}

/** A page of a delivery log (a subscription's, issue 33). */
export const deliveryPageSchema = pageOf(deliveryViewSchema satisfies z.ZodType<DeliveryView>);
