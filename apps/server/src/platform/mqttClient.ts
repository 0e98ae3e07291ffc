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
  sessionExpirySeconds: number;
  /** How long the first connection may take before the start fails (ms). */
  connectTimeoutMs?: number;
}

/**
 * The platform as a client of an external broker (MQTT_URL; Mosquitto 2 is the reference).
 *
 * mqtt.js reads one packet at a time per connection and sends a QoS 1 PUBACK only when
 * `handleMessage` calls back; the PUBACK must wait for the values' commit (at-least-once), so one
 * connection carries one publish per commit. The consumers are therefore a pool of K connections
 * in the same share group, each with its own stable id and persistent session (clean start off,
 * session expiry): the broker spreads publishes over them and the group commit batches what the K
 * connections hold at once. A separate watcher connection (clean, not in the group) reads the
 * retained online topics on start and publishes the platform's commands.
 */
export interface ExternalBroker extends DeviceTransport {
  readonly kind: 'external';
  readonly consumers: number;
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

function connectionOptions(url: URL, clientId: string, clean: boolean, sessionExpirySeconds: number): IClientOptions {
  return {
    protocolVersion: 5,
    clientId,
    clean,
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
  });

  const watcher = mqtt.connect(options.url, connectionOptions(url, clientIdOf(options.instanceId, 'w'), true, 0));
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

  const consumers: MqttClient[] = [];
  const consume = (consumer: MqttClient) => (packet: IPublishPacket, callback: (error?: Error) => void) => {
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
    if (!hooked) {
      deliver(message);
      callback();
      return;
    }
    const settled = hooked.then(
      () => {
        deliver(message);
        callback(); // the PUBACK, after the commit
      },
      (error: unknown) => {
        // No PUBACK: the connection is dropped and, resumed, the broker sends the publish again.
        log.warn({ err: error, topic: message.topic }, 'external MQTT broker: publish not stored, reconnecting');
        consumer.stream.destroy();
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
      const consumer = mqtt.connect(options.url, { ...connectionOptions(url, clientIdOf(options.instanceId, `c${i}`), false, options.sessionExpirySeconds), manualConnect: true });
      consumer.handleMessage = consume(consumer);
      consumer.on('error', (error) => log.warn({ err: error }, 'external MQTT broker: consumer error'));
      consumers.push(consumer);
    }
    try {
      await Promise.all(
        consumers.map(async (consumer, i) => {
          const ready = connected(consumer, `consumer ${i}`, timeoutMs);
          consumer.connect();
          await ready;
          await consumer.subscribeAsync(sharedUpFilter, { qos: 1 });
        }),
      );
    } catch (error) {
      await Promise.all(consumers.map((consumer) => consumer.endAsync(true)));
      throw error;
    }
    log.info({ consumers: consumers.length, filter: sharedUpFilter }, 'consuming device traffic from the external MQTT broker');
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
    await Promise.all(consumers.filter((c) => c.connected).map((c) => c.unsubscribeAsync(sharedUpFilter).catch(() => undefined)));
    stopping = true;
    await Promise.all([...inFlight]);
    await Promise.all(consumers.map((consumer) => consumer.endAsync(false, { properties: { sessionExpiryInterval: 0 } })));
  };
  return {
    kind: 'external',
    consumers: consumers.length,
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
