/**
 * MQTT topics of the device side (DESIGN.md §5). A device authenticates with its SN (user name)
 * and secret (password) and may publish only `sd/{sn}/up/…` and subscribe only `sd/{sn}/down/…`.
 */
export const deviceTopics = {
  telemetry: (sn: string) => `sd/${sn}/up/telemetry`,
  event: (sn: string) => `sd/${sn}/up/event`,
  online: (sn: string) => `sd/${sn}/up/online`,
  command: (sn: string) => `sd/${sn}/down/cmd`,
} as const;

/** A serial number: 4–32 letters, digits, hyphen or underscore (no MQTT wildcard or slash). */
export const snPattern = /^[A-Za-z0-9_-]{4,32}$/;

export type UpTopicKind = 'telemetry' | 'event' | 'online';

/** The SN and kind of an up topic (`sd/{sn}/up/{kind}`), or null for any other topic. */
export function parseUpTopic(topic: string): { sn: string; kind: UpTopicKind } | null {
  const match = /^sd\/([^/]+)\/up\/(telemetry|event|online)$/.exec(topic);
  return match ? { sn: match[1], kind: match[2] as UpTopicKind } : null;
}

/** Whether the device `sn` may publish to `topic`: only its own up topics. */
/**
 * The MQTT client ids a device may connect with: its SN, or its SN, a colon and a suffix (a
 * device that keeps several connections). SNs never hold a colon, so one device's id can never be
 * another's: a device signed in with its own key cannot take over another's session by its id.
 */
export function deviceClientIdAllowed(sn: string, clientId: string): boolean {
  return clientId === sn || (clientId.startsWith(`${sn}:`) && clientId.length > sn.length + 1);
}

export function devicePublishAllowed(sn: string, topic: string): boolean {
  return topic.startsWith(`sd/${sn}/up/`) && !/[+#]/.test(topic) && topic.length > `sd/${sn}/up/`.length;
}

/** Whether the device `sn` may subscribe to `filter`: only its own down topics (wildcards below them). */
export function deviceSubscribeAllowed(sn: string, filter: string): boolean {
  return filter === `sd/${sn}/down/#` || (filter.startsWith(`sd/${sn}/down/`) && filter.length > `sd/${sn}/down/`.length);
}

/**
 * Topics in a flow may carry `{sn}`: the gateway puts its own serial number there (so one flow
 * document serves a fleet, and examples/flows work on any simulator).
 */
export function topicForDevice(topic: string, sn: string): string {
  return topic.replaceAll('{sn}', sn);
}
