import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createWebSocketStream } from 'ws';
import { mqttWebSocketPath } from '@smartdata/domain';
import { loadBrokerTls, watchBrokerTls, type BrokerTlsMaterial, type BrokerTlsOptions } from './brokerTls';

/**
 * A CONNECT's verdict: accepted, or the CONNACK refusal — 4 bad user name or password, 2 client
 * identifier rejected, 5 not authorized (e.g. a last-will outside the device's own topics).
 */
export type ConnectVerdict = 'accepted' | 'badCredentials' | 'identifierRejected' | 'notAuthorized';

const refusalCodes = { badCredentials: 4, identifierRejected: 2, notAuthorized: 5 } as const;
const refusalTexts = { badCredentials: 'Bad username or password', identifierRejected: 'Identifier rejected', notAuthorized: 'Not authorized' } as const;

/**
 * Decides who may connect to the embedded broker, given the CONNECT's client (its id and will are
 * set). The devices module installs the real check (SN + secret, the client id and the last-will
 * bound to the device, DESIGN.md §5); until then every device connection is refused.
 */
export type DeviceAuthenticator = (client: Client, username: string | undefined, password: Buffer | undefined) => Promise<ConnectVerdict>;

/**
 * Which topics an authenticated client may use (the devices module: a device only its own
 * `sd/{sn}/…`). Publishes of the platform itself (aedes.publish, no client) are not checked.
 * Until one is installed every client publish and subscribe is refused.
 */
export interface TopicAcl {
  canPublish(client: Client, topic: string): boolean;
  canSubscribe(client: Client, topic: string): boolean;
}

/** A publish of a device, as either transport hands it on. */
export interface DeviceMessage {
  topic: string;
  payload: Buffer | string;
  qos: number;
  /**
   * The transport bounds how many of these wait for their hook at once (the external broker's
   * consumers: Receive Maximum per connection), so the hook need not refuse one for want of room.
   */
  flowControlled?: boolean;
}

/**
 * Runs on every device publish (embedded: one the ACL allowed; external: one the shared
 * subscription delivered) before it is acknowledged: a QoS 1 PUBACK is sent only once the returned
 * promise resolves; a rejection drops the connection unacknowledged, so the publish comes again.
 * Answers undefined for publishes it does not care about (telemetry ingest, DESIGN.md §5).
 */
export type PublishHook = (message: DeviceMessage) => Promise<void> | undefined;

/**
 * How device traffic reaches the platform: the embedded aedes broker (`Broker`, MQTT_PORT) or a
 * pool of client connections to an external broker (`ExternalBroker`, MQTT_URL, mqttClient.ts).
 * Telemetry ingest and device commands only need this much.
 */
export interface DeviceTransport {
  readonly kind: 'embedded' | 'external';
  setPublishHook(hook: PublishHook | null): void;
  /** Publishes from the platform itself (device commands, QoS 1); resolves once the broker has it. */
  publish(topic: string, payload: Buffer): Promise<void>;
  close(): Promise<void>;
}

export interface Broker extends DeviceTransport {
  readonly kind: 'embedded';
  aedes: Aedes;
  /** The plain MQTT listener's port; null when it is switched off (MQTT_PORT=off with TLS on). */
  port: number | null;
  /** The MQTTS listener's port; null without TLS (MQTT_TLS_PORT=off). */
  tlsPort: number | null;
  /** The private CA's certificate (PEM) when the platform made the TLS certificate; null otherwise. */
  readonly caPem: string | null;
  /** A WebSocket's byte stream (MQTT over WebSocket, `/mqtt` on the HTTP port): served like a TCP connection. */
  handleStream(stream: Duplex): void;
  setAuthenticator(authenticate: DeviceAuthenticator): void;
  setAcl(acl: TopicAcl): void;
}

/** mqtt-packet's parser, as far as the packet-size check below touches it. */
interface PacketParser {
  packet: { length: number };
  _parseLength(): boolean;
  _emitError(error: Error): void;
}

/**
 * Refuses a packet larger than `maxBytes` as soon as its length is read, before its body is: the
 * parser errs, aedes closes the connection, nothing is acknowledged (a 5 MB publish was acked).
 */
function limitPacketSize(parser: PacketParser, maxBytes: number): void {
  const parseLength = parser._parseLength.bind(parser);
  parser._parseLength = () => {
    const complete = parseLength();
    if (complete && parser.packet.length > maxBytes) {
      parser._emitError(new Error(`packet of ${parser.packet.length} bytes exceeds ${maxBytes}`));
      return false;
    }
    return complete;
  };
}

export interface BrokerOptions {
  /** The plain listener (MQTT_PORT); null: none. */
  port: number | null;
  host: string;
  maxPacketBytes?: number;
  /** The MQTTS listener (MQTT_TLS_PORT) and where its certificate comes from. */
  tls?: { port: number; certificate: BrokerTlsOptions } | null;
}

async function listen(server: net.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

export async function startBroker(options: BrokerOptions, log: FastifyBaseLogger): Promise<Broker> {
  const maxPacketBytes = options.maxPacketBytes ?? 256 * 1024;
  // Read (or made) before anything listens: a wrong file stops the start with the setting named.
  let material: BrokerTlsMaterial | null = options.tls ? loadBrokerTls(options.tls.certificate) : null;
  let authenticate: DeviceAuthenticator = async () => 'badCredentials';
  let acl: TopicAcl = { canPublish: () => false, canSubscribe: () => false };
  let publishHook: PublishHook | null = null;
  const aedes = await Aedes.createBroker({
    authorizePublish: (client, packet, done) => {
      // A refused publish: aedes closes an MQTT 3.1.1 client's connection (3.1.1 has no negative
      // PUBACK) and answers an MQTT 5 client's with a 0x87 (not authorized) PUBACK.
      if (client && !acl.canPublish(client, packet.topic)) {
        done(new Error('publish not allowed'));
        return;
      }
      const hooked = client && publishHook ? publishHook({ topic: packet.topic, payload: packet.payload, qos: packet.qos }) : undefined;
      if (client && hooked) {
        hooked.then(
          () => done(null),
          (error: unknown) => {
            // Not stored: the connection is dropped unacknowledged, so the device sends it again.
            // (Handed to done alone, an MQTT 5 publish would get a 0x87 PUBACK — acknowledged,
            // never resent, lost.)
            client.close();
            done(error instanceof Error ? error : new Error(String(error)));
          },
        );
      } else {
        done(null);
      }
    },
    authorizeSubscribe: (client, subscription, done) => {
      // null grants nothing: the SUBACK carries 128 (failure) for this filter.
      done(null, client && !acl.canSubscribe(client, subscription.topic) ? null : subscription);
    },
    authenticate: (client, username, password, done) => {
      authenticate(client, username, password).then(
        (verdict) => {
          if (verdict === 'accepted') {
            done(null, true);
          } else {
            const error = new Error(refusalTexts[verdict]) as AuthenticateError;
            error.returnCode = refusalCodes[verdict];
            done(error, false);
          }
        },
        (error: unknown) => {
          log.error({ err: error }, 'MQTT authenticate failed');
          const refused = new Error('Server unavailable') as AuthenticateError;
          refused.returnCode = 3;
          done(refused, false);
        },
      );
    },
  });
  const handle = (stream: Duplex) => {
    const client = aedes.handle(stream) as unknown as { _parser: PacketParser };
    limitPacketSize(client._parser, maxPacketBytes);
  };
  const servers: net.Server[] = [];
  let port: number | null = null;
  if (options.port !== null) {
    const server = net.createServer(handle);
    servers.push(server);
    port = await listen(server, options.port, options.host);
    log.info({ port }, 'embedded MQTT broker listening');
  }
  let tlsPort: number | null = null;
  let stopWatching = () => undefined as void;
  if (options.tls && material) {
    const secure = tls.createServer({ cert: material.cert, key: material.key, minVersion: 'TLSv1.2' }, handle);
    // A handshake that fails (a client without the CA, a port scan) is the client's problem.
    secure.on('tlsClientError', (error) => log.debug({ err: error }, 'MQTTS handshake failed'));
    servers.push(secure);
    tlsPort = await listen(secure, options.tls.port, options.host);
    log.info({ port: tlsPort, certificate: material.source }, 'embedded MQTT broker listening for TLS');
    stopWatching = watchBrokerTls(
      options.tls.certificate,
      (next) => {
        secure.setSecureContext({ cert: next.cert, key: next.key });
        material = next;
        log.info('MQTTS certificate read again (MQTT_TLS_CERT / MQTT_TLS_KEY changed)');
      },
      (error) => log.error({ err: error }, 'MQTTS certificate files changed but do not serve; the listener keeps the previous certificate'),
    );
  }
  return {
    kind: 'embedded',
    aedes,
    port,
    tlsPort,
    get caPem() {
      return material?.ca ?? null;
    },
    handleStream: handle,
    setAuthenticator(next) {
      authenticate = next;
    },
    setAcl(next) {
      acl = next;
    },
    setPublishHook(next) {
      publishHook = next;
    },
    publish: (topic, payload) =>
      new Promise<void>((resolve, reject) => {
        aedes.publish({ cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false }, (error) => (error ? reject(error) : resolve()));
      }),
    close: async () => {
      stopWatching();
      await new Promise<void>((resolve) => {
        aedes.close(() => resolve());
      });
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}

/**
 * MQTT over WebSocket on the console's HTTP port (`/mqtt`, subprotocol `mqtt`): each socket's
 * byte stream is a broker connection like a TCP one — the same authentication, ACL, packet limit
 * and per-device cap. Behind the TLS the console is served with, it is wss. Needs the WebSocket
 * plugin registered (platform/realtime.ts).
 */
export function registerMqttWebSocket(app: FastifyInstance, broker: Broker): void {
  app.get(
    mqttWebSocketPath,
    { websocket: true, config: { public: true }, schema: { tags: ['devices'], summary: 'MQTT over WebSocket (subprotocol mqtt): devices connect with their SN and secret as over TCP' } },
    (socket) => {
      broker.handleStream(createWebSocketStream(socket));
    },
  );
}
