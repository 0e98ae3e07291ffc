import mqtt, { type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceMessage, DeviceTransport, PublishHook } from './mqtt';

/** The share group every instance's consumers join: N instances split the devices' publishes. */
export const shareGroup = 'smartdata';
/** What the consumers take: every device's up topics, each publish to one consumer of the group. */
export const sharedUpFilter = `$share/${shareGroup}/sd/+/up/#`;
/** Retained messages are not delivered to shared subscriptions (MQTT 5 §4.8.2): read them here. */
export const retainedOnlineFilter = 'sd/+/up/online';

/** A device message from the external broker; `retained`: the broker's stored state, sent on subscribe. */
export type ExternalMessage = DeviceMessage & { retained: boolean };

export interface ExternalBrokerOptions {
  url: string;
  /** Stable per instance (config INSTANCE_ID): the client ids and so the broker's sessions. */
  instanceId: string;
  /** Consumer connections in the share group (config MQTT_CONSUMERS). */
  consumers: number;
  /**
   * Publishes the broker may send each consumer before one is acknowledged (the MQTT 5 Receive
   * Maximum in CONNECT; Mosquitto otherwise uses its `max_inflight_messages`, 20). Default 64.
   */
  receiveMaximum?: number;
  sessionExpirySeconds: number;
  /** MQTT keepalive of every connection (s; mqtt.js's default 60). */
  keepaliveSeconds?: number;
  /** How long the first connection may take before the start fails (ms). */
  connectTimeoutMs?: number;
}

/** What the health endpoint shows of the external broker (no address, no account). */
export interface ExternalBrokerState {
  /** Consumer connections configured (MQTT_CONSUMERS). */
  consumers: number;
  /** Consumer connections up right now (0 before the app is ready or after it stopped consuming). */
  connected: number;
  /** The watcher connection (commands, retained online state) is up. */
  watcher: boolean;
}

/**
 * The platform as a client of an external broker (MQTT_URL; Mosquitto 2 is the reference).
 *
 * The consumers are a pool of K connections in the same share group, each with its own stable id
 * and persistent session (clean start off, session expiry): the broker spreads publishes over
 * them. Each consumer keeps up to `receiveMaximum` publishes in flight (pipelined, see
 * `interceptPubacks`): the next publish is read while the last one's values wait for the group
 * commit, and each PUBACK goes out only after its values committed, in the order the publishes
 * came. A separate watcher connection (clean, not in the group) reads the retained online topics
 * on start and publishes the platform's commands.
 */
export interface ExternalBroker extends DeviceTransport {
  readonly kind: 'external';
  readonly consumers: number;
  state(): ExternalBrokerState;
  /**
   * Hears each device message once per cluster (after the publish hook's promise resolved), plus
   * the retained online state of every device when this instance (re)subscribes.
   */
  onMessage(listener: (message: ExternalMessage) => void): void;
  /** Starts taking publishes (once the hook and the listeners are installed: app ready). */
  startConsuming(): Promise<void>;
  /** Leaves the share group: waits for the publishes being committed (their PUBACKs go out), ends the sessions. */
  stopConsuming(): Promise<void>;
}

/** A client id as brokers accept it (MQTT 5 allows any UTF-8; Mosquitto any length). */
function clientIdOf(instanceId: string, role: string): string {
  return `smartdata-${instanceId.replace(/[^A-Za-z0-9_.-]/g, '_')}-${role}`;
}

/** Default Receive Maximum of a consumer (publishes in flight per connection; measured in docs/performance.md, issue 22). */
export const defaultReceiveMaximum = 64;

/** mqtt.js's private packet writer, as `interceptPubacks` wraps it. */
type SendPacket = (packet: { cmd: string; messageId?: number; reasonCode?: number }, cb?: (error?: Error) => void, ...rest: unknown[]) => void;

/**
 * Takes the PUBACKs out of mqtt.js's hands on one consumer: returns the client's own packet writer,
 * through which the caller sends each PUBACK itself once the publish's values committed.
 *
 * mqtt.js reads one packet at a time per connection: for a QoS 1 publish it calls `handleMessage`,
 * and when that calls back it writes the PUBACK through the private `client._sendPacket(packet,
 * done)` and reads the next packet only in `done` (mqtt 5.16.0: build/lib/handlers/publish.js
 * case 1, build/lib/client.js `work`/`nextTickWork`). So `handleMessage` calls back at once and
 * the PUBACK mqtt.js then writes is swallowed here (its `done` called, so the next packet is
 * read). Private API of mqtt 5.16.0 (pinned by this comment; package.json allows ^5.16.0):
 * mqttClient.test.ts fails — a PUBACK before the commit, or none — if a release changes it.
 */
function interceptPubacks(client: MqttClient): SendPacket {
  const internal = client as unknown as { _sendPacket?: SendPacket };
  if (typeof internal._sendPacket !== 'function') {
    throw new Error('external MQTT broker: this mqtt.js has no _sendPacket; the consumers need mqtt 5.16 (platform/mqttClient.ts)');
  }
  const send: SendPacket = internal._sendPacket.bind(client);
  internal._sendPacket = (packet, cb, ...rest) => {
    if (packet.cmd === 'puback') {
      cb?.();
      return;
    }
    send(packet, cb, ...rest);
  };
  return send;
}

/** A QoS 1 publish a consumer took and has not acknowledged yet, in the order they came. */
interface HeldPublish {
  messageId: number;
  /** The connection it came on: a PUBACK goes only there (a later one gets the publish again). */
  stream: unknown;
  state: 'pending' | 'stored' | 'failed';
}

interface Consumer {
  client: MqttClient;
  send: SendPacket;
  held: HeldPublish[];
  /** After a failed commit: the last publish held then; once it and all before it are settled, the connection is dropped. */
  recycleAfter: HeldPublish | null;
  /**
   * mqtt.js's "read the next packet" while the consumer holds its whole window (Receive Maximum
   * publishes not acknowledged): called once a PUBACK made room, or when the connection closed.
   */
  resume: (() => void) | null;
}

function connectionOptions(url: URL, clientId: string, clean: boolean, sessionExpirySeconds: number, keepaliveSeconds: number): IClientOptions {
  return {
    protocolVersion: 5,
    clientId,
    clean,
    keepalive: keepaliveSeconds,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    properties: clean ? {} : { sessionExpiryInterval: sessionExpirySeconds },
  };
}

/** Waits for the client's first CONNACK (mqtt.js keeps reconnecting meanwhile), bounded. */
function connected(client: MqttClient, what: string, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('connect', onConnect);
      reject(new Error(`external MQTT broker: ${what} not connected within ${timeoutMs} ms`));
    }, timeoutMs);
    const onConnect = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('connect', onConnect);
  });
}

/** Connects the watcher and the K consumers to MQTT_URL and subscribes them. */
export async function connectExternalBroker(options: ExternalBrokerOptions, log: FastifyBaseLogger): Promise<ExternalBroker> {
  const url = new URL(options.url);
  const timeoutMs = options.connectTimeoutMs ?? 30_000;
  const keepaliveSeconds = options.keepaliveSeconds ?? 60;
  let hook: PublishHook | null = null;
  const listeners: ((message: ExternalMessage) => void)[] = [];
  const inFlight = new Set<Promise<void>>();
  let stopping = false;

  const deliver = (message: ExternalMessage) => {
    for (const listener of listeners) {
      listener(message);
    }
  };
  const messageOf = (packet: IPublishPacket, retained: boolean): ExternalMessage => ({
    topic: packet.topic,
    payload: typeof packet.payload === 'string' ? packet.payload : Buffer.from(packet.payload),
    qos: packet.qos,
    retained,
    flowControlled: true,
  });

  const watcher = mqtt.connect(options.url, connectionOptions(url, clientIdOf(options.instanceId, 'w'), true, 0, keepaliveSeconds));
  // Live online/offline publishes reach the share group (once per cluster); here only the stored
  // state the broker sends on subscribe, so a starting instance learns who is online.
  watcher.handleMessage = (packet, callback) => {
    if (packet.retain) {
      deliver(messageOf(packet, true));
    }
    callback();
  };
  watcher.on('error', (error) => log.warn({ err: error }, 'external MQTT broker: watcher error'));

  try {
    await connected(watcher, 'watcher', timeoutMs);
  } catch (error) {
    await watcher.endAsync(true);
    throw error;
  }
  log.info({ url: `${url.protocol}//${url.host}`, instanceId: options.instanceId }, 'connected to the external MQTT broker');

  const consumers: Consumer[] = [];
  const receiveMaximum = options.receiveMaximum ?? defaultReceiveMaximum;

  /**
   * Sends the PUBACKs of the settled publishes at the head of the consumer's queue: in the order
   * the publishes came (MQTT 5 §4.6 [MQTT-4.6.0-2]), each only once its values committed. A
   * publish whose commit failed gets none; once every publish held when it failed is settled (their
   * PUBACKs sent), the connection is dropped so the resumed session sends the failed one again.
   */
  const acknowledge = (consumer: Consumer) => {
    const { client, held } = consumer;
    while (held.length > 0 && held[0].state !== 'pending') {
      const head = held.shift()!;
      if (head.state === 'stored' && head.stream === client.stream && client.connected) {
        consumer.send({ cmd: 'puback', messageId: head.messageId, reasonCode: 0 });
      }
      if (head === consumer.recycleAfter) {
        consumer.recycleAfter = null;
        consumer.held = [];
        // Ended, not destroyed: the PUBACKs just written go out first.
        const { stream } = client;
        stream.end();
        setTimeout(() => stream.destroy(), 2000).unref();
        break;
      }
    }
    if (consumer.held.length < receiveMaximum) {
      readOn(consumer);
    }
  };

  /** Lets mqtt.js read the consumer's next packet if it was held back for want of room. */
  const readOn = (consumer: Consumer) => {
    const resume = consumer.resume;
    consumer.resume = null;
    resume?.();
  };

  const consume = (consumer: Consumer) => (packet: IPublishPacket, callback: (error?: Error) => void) => {
    if (stopping) {
      // Not acknowledged: the session keeps it and sends it again when this id comes back.
      return;
    }
    const message = messageOf(packet, false);
    let hooked: Promise<void> | undefined;
    try {
      hooked = hook?.(message);
    } catch (error) {
      hooked = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    if (packet.qos !== 1 || packet.messageId === undefined) {
      // QoS 0: nothing to acknowledge or to send again; the next packet is read after the commit.
      if (!hooked) {
        deliver(message);
        callback();
        return;
      }
      const settled = hooked.then(
        () => deliver(message),
        (error: unknown) => log.warn({ err: error, topic: message.topic }, 'external MQTT broker: QoS 0 publish not stored'),
      );
      inFlight.add(settled);
      void settled.finally(() => {
        inFlight.delete(settled);
        callback();
      });
      return;
    }
    const entry: HeldPublish = { messageId: packet.messageId, stream: consumer.client.stream, state: hooked ? 'pending' : 'stored' };
    consumer.held.push(entry);
    // mqtt.js's PUBACK is swallowed (interceptPubacks); the next publish is read now if the
    // window has room, else once a PUBACK made some. The window is kept here, not trusted to the
    // broker: Mosquitto 2.0.11 sent a consumer with Receive Maximum 64 over 1 300 publishes before
    // their PUBACKs (measured, docs/performance.md), which overflowed the group commit's queue.
    if (consumer.held.length < receiveMaximum) {
      callback();
    } else {
      consumer.resume = callback;
    }
    if (!hooked) {
      deliver(message);
      acknowledge(consumer);
      return;
    }
    const settled = hooked.then(
      () => {
        entry.state = 'stored';
        deliver(message);
        acknowledge(consumer);
      },
      (error: unknown) => {
        entry.state = 'failed';
        if (consumer.held.includes(entry) && !consumer.recycleAfter) {
          // Logged once per reconnection, not once per publish held then.
          log.warn({ err: error, topic: message.topic, held: consumer.held.length }, 'external MQTT broker: publish not stored, reconnecting for it');
          consumer.recycleAfter = consumer.held[consumer.held.length - 1];
        }
        acknowledge(consumer);
      },
    );
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  };

  /**
   * Subscribes the watcher and connects the consumers: only once the publish hook and the
   * listeners are in place, since a resumed session delivers what it queued at once.
   */
  const startConsuming = async () => {
    if (consumers.length > 0 || stopping) {
      return;
    }
    await watcher.subscribeAsync(retainedOnlineFilter, { qos: 1 });
    for (let i = 0; i < options.consumers; i += 1) {
      const base = connectionOptions(url, clientIdOf(options.instanceId, `c${i}`), false, options.sessionExpirySeconds, keepaliveSeconds);
      const client = mqtt.connect(options.url, { ...base, properties: { ...base.properties, receiveMaximum }, manualConnect: true });
      const consumer: Consumer = { client, send: interceptPubacks(client), held: [], recycleAfter: null, resume: null };
      client.handleMessage = consume(consumer);
      // A consumer reads only as fast as its window empties, so the broker's PINGRESP can wait
      // behind a socket full of publishes for longer than mqtt.js's keepalive allows (16 "Keepalive
      // timeout" reconnections in a flood, measured): a publish read proves the connection alive,
      // so it puts off the next PINGREQ as an acknowledgement does (at most 4 times a keepalive).
      let pingPutOff = 0;
      client.on('packetreceive', (packet) => {
        if (packet.cmd === 'publish' && Date.now() - pingPutOff > keepaliveSeconds * 250) {
          pingPutOff = Date.now();
          client.reschedulePing(true);
        }
      });
      client.on('error', (error) => log.warn({ err: error }, 'external MQTT broker: consumer error'));
      // What the lost connection held comes again on the resumed session (same packet ids).
      client.on('close', () => {
        consumer.held = [];
        consumer.recycleAfter = null;
        // The closed stream's reader, released (the next connection reads with its own).
        readOn(consumer);
      });
      consumers.push(consumer);
    }
    try {
      await Promise.all(
        consumers.map(async ({ client }, i) => {
          const ready = connected(client, `consumer ${i}`, timeoutMs);
          client.connect();
          await ready;
          await client.subscribeAsync(sharedUpFilter, { qos: 1 });
        }),
      );
    } catch (error) {
      await Promise.all(consumers.map(({ client }) => client.endAsync(true)));
      throw error;
    }
    log.info({ consumers: consumers.length, receiveMaximum, filter: sharedUpFilter }, 'consuming device traffic from the external MQTT broker');
  };

  /**
   * Leaves the share group: Mosquitto keeps handing a group member's share to its session while
   * it is disconnected (queued until it comes back or the session expires), so a stopping
   * instance unsubscribes first (the others take everything from then on), finishes the
   * publishes it holds (their PUBACKs go out), then ends its sessions.
   */
  const stopConsuming = async () => {
    if (stopping) {
      return;
    }
    await Promise.all(consumers.filter(({ client }) => client.connected).map(({ client }) => client.unsubscribeAsync(sharedUpFilter).catch(() => undefined)));
    stopping = true;
    await Promise.all([...inFlight]);
    await Promise.all(consumers.map(({ client }) => client.endAsync(false, { properties: { sessionExpiryInterval: 0 } })));
  };
  return {
    kind: 'external',
    consumers: options.consumers,
    state: () => ({ consumers: options.consumers, connected: consumers.filter(({ client }) => client.connected).length, watcher: watcher.connected }),
    setPublishHook(next) {
      hook = next;
    },
    onMessage(listener) {
      listeners.push(listener);
    },
    async publish(topic, payload) {
      await watcher.publishAsync(topic, payload, { qos: 1 });
    },
    startConsuming,
    stopConsuming,
    async close() {
      await stopConsuming();
      await watcher.endAsync(false);
    },
  };
}
