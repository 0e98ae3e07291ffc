import type { Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { deviceClientIdAllowed, deviceCommand, devicePublishAllowed, deviceSubscribeAllowed, deviceTopics, onlinePayload, parseUpTopic, type DeviceCommand, type OnlinePayload } from '@smartdata/domain';
import type { Broker } from '@server/platform/mqtt';
import type { ExternalBroker } from '@server/platform/mqttClient';

/** What the devices module does with the device side of the broker. */
export interface DeviceBusHandlers {
  /** Whether `sn` + `secret` identify an enabled device. */
  authenticate(sn: string, secret: string): Promise<boolean>;
  online(sn: string, payload: OnlinePayload): Promise<void>;
  offline(sn: string): Promise<void>;
  event(sn: string, payload: unknown): Promise<void>;
  telemetry(sn: string, payload: unknown, size: number): Promise<void>;
}

/**
 * The device side of the broker (DESIGN.md §5). Embedded (MQTT_PORT): authentication by SN +
 * secret, the per-device topic ACL, online/offline from the retained online topic, the last-will
 * and the connection itself. External (MQTT_URL): the broker authenticates and confines devices
 * (Mosquitto dynamic security), the SN is the topic's, and online/offline come from the online
 * topic alone (the last-will included) — connections are the broker's, so the device row's stored
 * online state is what every instance answers. Commands go on `sd/{sn}/down/cmd` either way.
 */
export class DeviceBus {
  /** The SN each authenticated client connected as. */
  private readonly snOf = new WeakMap<Client, string>();
  /** Live connections per SN (a reconnect may overlap the old connection's end). */
  private readonly live = new Map<string, Set<Client>>();
  /** Connections accepted but not yet live (between CONNECT and CONNACK): counted against the cap too. */
  private readonly connecting = new Map<string, Set<Client>>();
  private handlers: DeviceBusHandlers | null = null;

  constructor(
    private readonly broker: Broker | null,
    private readonly log: FastifyBaseLogger,
    private readonly external: ExternalBroker | null = null,
    /** Connections one SN may hold at once over TCP, TLS and WebSocket (MQTT_MAX_CONNECTIONS_PER_DEVICE). */
    private readonly maxConnectionsPerDevice = 4,
  ) {}

  get enabled(): boolean {
    return this.broker !== null || this.external !== null;
  }

  /** Connections are an external broker's: the stored online state is the truth (not reset on start). */
  get onExternalBroker(): boolean {
    return this.external !== null;
  }

  start(handlers: DeviceBusHandlers): void {
    this.handlers = handlers;
    const run = (what: string, work: Promise<void>) => work.catch((error: unknown) => this.log.error({ err: error }, `device ${what} failed`));
    if (this.external) {
      this.external.onMessage((message) => {
        const up = parseUpTopic(message.topic);
        if (up) {
          this.dispatch(up.sn, up.kind, message.payload, message.topic, handlers, run, () => true);
        }
      });
      return;
    }
    const broker = this.broker;
    if (!broker) {
      return;
    }
    broker.setAuthenticator(async (client, username, password) => {
      if (!username || !password || !(await handlers.authenticate(username, password.toString('utf8')))) {
        return 'badCredentials';
      }
      // The client id is bound to the device: another id (another device's SN) would let the
      // broker drop that device's session in favour of this one.
      if (!deviceClientIdAllowed(username, client.id)) {
        return 'identifierRejected';
      }
      // aedes keeps the CONNECT's will on the client until the connection is accepted.
      const will = (client as Client & { _will?: { topic: string } | null })._will;
      if (will && !devicePublishAllowed(username, will.topic)) {
        return 'notAuthorized';
      }
      // The cap, across every listener of the broker: a client taking over its own session (the
      // same client id) does not count against itself.
      const others = [...(this.live.get(username) ?? []), ...(this.connecting.get(username) ?? [])].filter((c) => c !== client && !c.closed && c.id !== client.id);
      if (others.length >= this.maxConnectionsPerDevice) {
        this.log.warn({ sn: username, connections: others.length }, 'device connection refused: the per-device connection cap is reached');
        return 'notAuthorized';
      }
      this.snOf.set(client, username);
      addTo(this.connecting, username, client);
      return 'accepted';
    });
    broker.setAcl({
      canPublish: (client, topic) => {
        const sn = this.snOf.get(client);
        return sn !== undefined && devicePublishAllowed(sn, topic);
      },
      canSubscribe: (client, topic) => {
        const sn = this.snOf.get(client);
        return sn !== undefined && deviceSubscribeAllowed(sn, topic);
      },
    });
    broker.aedes.on('client', (client) => {
      const sn = this.snOf.get(client);
      if (sn) {
        removeFrom(this.connecting, sn, client);
        addTo(this.live, sn, client);
      }
    });
    broker.aedes.on('clientError', (client) => {
      const sn = this.snOf.get(client);
      if (sn) {
        removeFrom(this.connecting, sn, client);
      }
    });
    broker.aedes.on('clientDisconnect', (client) => {
      const sn = this.snOf.get(client);
      if (!sn) {
        return;
      }
      removeFrom(this.connecting, sn, client);
      const set = this.live.get(sn);
      set?.delete(client);
      if (!set || set.size === 0) {
        this.live.delete(sn);
        void run('offline', handlers.offline(sn));
      }
    });
    broker.aedes.on('publish', (packet, client) => {
      if (!client) {
        return;
      }
      const up = parseUpTopic(packet.topic);
      const sn = this.snOf.get(client);
      if (!up || up.sn !== sn) {
        return;
      }
      // The last-will or a goodbye: offline unless another connection of the SN is live.
      this.dispatch(sn, up.kind, packet.payload, packet.topic, handlers, run, () => [...(this.live.get(sn) ?? [])].every((c) => c === client || c.closed));
    });
  }

  /** One device publish to its handler; `alone`: whether an offline may mark the device offline. */
  private dispatch(sn: string, kind: 'online' | 'event' | 'telemetry', payload: Buffer | string, topic: string, handlers: DeviceBusHandlers, run: (what: string, work: Promise<void>) => Promise<void>, alone: () => boolean): void {
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    let json: unknown;
    try {
      json = JSON.parse(payload.toString());
    } catch {
      this.log.warn({ sn, topic }, 'device payload is not JSON');
      return;
    }
    if (kind === 'online') {
      const parsed = onlinePayload.safeParse(json);
      if (!parsed.success) {
        return;
      }
      if (parsed.data.online) {
        void run('online', handlers.online(sn, parsed.data));
      } else if (alone()) {
        void run('offline', handlers.offline(sn));
      }
    } else if (kind === 'event') {
      void run('event', handlers.event(sn, json));
    } else {
      void run('telemetry', handlers.telemetry(sn, json, size));
    }
  }

  // ---- the HTTP device API (devices.api.routes.ts): the same handlers as a publish ----

  /** Whether `sn` + `secret` identify an enabled device (false before the bus has started). */
  authenticate(sn: string, secret: string): Promise<boolean> {
    return this.handlers ? this.handlers.authenticate(sn, secret) : Promise.resolve(false);
  }

  /** An event posted over HTTP: handled as one published on `sd/{sn}/up/event`, answered once handled. */
  async postedEvent(sn: string, payload: unknown): Promise<void> {
    await this.handlers?.event(sn, payload);
  }

  /** Telemetry posted over HTTP, after its records are committed: the device's last values and seen time. */
  async postedTelemetry(sn: string, payload: unknown, size: number): Promise<void> {
    await this.handlers?.telemetry(sn, payload, size);
  }

  /**
   * Whether the device holds a connection. Embedded: this process's connections. External: the
   * connections are the broker's and any instance's, so the answer is the stored online state,
   * which callers read from the device row first — true here.
   */
  isConnected(sn: string): boolean {
    return this.external !== null || (this.live.get(sn)?.size ?? 0) > 0;
  }

  /** Publishes a command to the device (QoS 1), through whichever broker this instance uses. */
  async send(sn: string, command: DeviceCommand): Promise<void> {
    const transport = this.broker ?? this.external;
    if (!transport) {
      throw new Error('no broker: device commands need MQTT_PORT or MQTT_URL');
    }
    await transport.publish(deviceTopics.command(sn), Buffer.from(JSON.stringify(deviceCommand.parse(command))));
  }

  /**
   * Closes every connection of the SN (deleted, disabled, secret rotated). On an external broker
   * the broker does it when the device's credentials change there (dynamic security).
   */
  disconnect(sn: string): void {
    for (const client of [...(this.live.get(sn) ?? []), ...(this.connecting.get(sn) ?? [])]) {
      client.close();
    }
  }
}

function addTo(map: Map<string, Set<Client>>, sn: string, client: Client): void {
  let set = map.get(sn);
  if (!set) {
    set = new Set();
    map.set(sn, set);
  }
  set.add(client);
}

function removeFrom(map: Map<string, Set<Client>>, sn: string, client: Client): void {
  const set = map.get(sn);
  if (set?.delete(client) && set.size === 0) {
    map.delete(sn);
  }
}
