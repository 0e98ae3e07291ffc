import type { Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { deviceClientIdAllowed, deviceCommand, devicePublishAllowed, deviceSubscribeAllowed, deviceTopics, onlinePayload, parseUpTopic, type DeviceCommand, type OnlinePayload } from '@smartdata/domain';
import type { Broker } from '@server/platform/mqtt';

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
 * The device side of the embedded broker (DESIGN.md §5): authentication by SN + secret, the
 * per-device topic ACL, online/offline from the retained online topic, the last-will and the
 * connection itself, and commands on `sd/{sn}/down/cmd`.
 */
export class DeviceBus {
  /** The SN each authenticated client connected as. */
  private readonly snOf = new WeakMap<Client, string>();
  /** Live connections per SN (a reconnect may overlap the old connection's end). */
  private readonly live = new Map<string, Set<Client>>();

  constructor(
    private readonly broker: Broker | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  get enabled(): boolean {
    return this.broker !== null;
  }

  start(handlers: DeviceBusHandlers): void {
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
      this.snOf.set(client, username);
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
    const run = (what: string, work: Promise<void>) => work.catch((error: unknown) => this.log.error({ err: error }, `device ${what} failed`));
    broker.aedes.on('client', (client) => {
      const sn = this.snOf.get(client);
      if (sn) {
        let set = this.live.get(sn);
        if (!set) {
          set = new Set();
          this.live.set(sn, set);
        }
        set.add(client);
      }
    });
    broker.aedes.on('clientDisconnect', (client) => {
      const sn = this.snOf.get(client);
      if (!sn) {
        return;
      }
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
      const payload = packet.payload;
      const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
      let json: unknown;
      try {
        json = JSON.parse(payload.toString());
      } catch {
        this.log.warn({ sn, topic: packet.topic }, 'device payload is not JSON');
        return;
      }
      if (up.kind === 'online') {
        const parsed = onlinePayload.safeParse(json);
        if (!parsed.success) {
          return;
        }
        if (parsed.data.online) {
          void run('online', handlers.online(sn, parsed.data));
        } else {
          // The last-will or a goodbye: offline unless another connection of the SN is live.
          const others = [...(this.live.get(sn) ?? [])].filter((c) => c !== client && !c.closed);
          if (others.length === 0) {
            void run('offline', handlers.offline(sn));
          }
        }
      } else if (up.kind === 'event') {
        void run('event', handlers.event(sn, json));
      } else {
        void run('telemetry', handlers.telemetry(sn, json, size));
      }
    });
  }

  isConnected(sn: string): boolean {
    return (this.live.get(sn)?.size ?? 0) > 0;
  }

  /** Publishes a command to the device (QoS 1). */
  async send(sn: string, command: DeviceCommand): Promise<void> {
    const broker = this.broker;
    if (!broker) {
      throw new Error('no embedded broker: device commands need MQTT_PORT');
    }
    const payload = Buffer.from(JSON.stringify(deviceCommand.parse(command)));
    await new Promise<void>((resolve, reject) => {
      broker.aedes.publish({ cmd: 'publish', topic: deviceTopics.command(sn), payload, qos: 1, retain: false, dup: false }, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Closes every connection of the SN (deleted, disabled, secret rotated). */
  disconnect(sn: string): void {
    for (const client of this.live.get(sn) ?? []) {
      client.close();
    }
  }
}
