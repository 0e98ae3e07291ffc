import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { generate, parser, type IConnectPacket, type Packet } from 'mqtt-packet';
import type { FastifyBaseLogger } from 'fastify';
import { connectExternalBroker, type ExternalBroker } from './mqttClient';
import type { DeviceMessage } from './mqtt';

/**
 * The consumers' pipelined PUBACKs against a scripted MQTT 5 broker on loopback (mqtt-packet, the
 * parser mqtt.js itself uses): what goes over the wire is what Mosquitto would see. This is also
 * the guard on mqtt.js's private API (`_sendPacket`, mqttClient.ts `interceptPubacks`): with a
 * release that writes PUBACKs another way, one goes out before its commit and this fails.
 */

interface Connection {
  n: number;
  clientId: string;
  connect: IConnectPacket;
  socket: net.Socket;
}

interface Scripted {
  url: string;
  connections: Connection[];
  /** PUBACKs the consumer connections sent, as `connection:messageId`, in arrival order. */
  pubacks: string[];
  /** PINGREQs received; answered unless `answerPings` is false. */
  pings: number;
  answerPings: boolean;
  /** Sends QoS 1 publishes to the consumer's latest connection (`dup` for a session's resend). */
  publish(ids: number[], dup?: boolean): void;
  close(): Promise<void>;
}

const topic = 'sd/SN1/up/telemetry';

async function scriptedBroker(): Promise<Scripted> {
  const connections: Connection[] = [];
  const pubacks: string[] = [];
  const sockets = new Set<net.Socket>();
  const pings = { count: 0, answer: true };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const read = parser({ protocolVersion: 5 });
    let connection: Connection | null = null;
    const write = (packet: Packet) => socket.write(generate(packet, { protocolVersion: 5 }));
    read.on('packet', (packet: Packet) => {
      if (packet.cmd === 'connect') {
        const resumed = connections.some((c) => c.clientId === packet.clientId);
        connection = { n: connections.length + 1, clientId: packet.clientId, connect: packet, socket };
        connections.push(connection);
        write({ cmd: 'connack', sessionPresent: resumed && !packet.clean, reasonCode: 0 });
      } else if (packet.cmd === 'subscribe') {
        write({ cmd: 'suback', messageId: packet.messageId, granted: packet.subscriptions.map(() => 1) });
      } else if (packet.cmd === 'unsubscribe') {
        write({ cmd: 'unsuback', messageId: packet.messageId, granted: [0] });
      } else if (packet.cmd === 'puback') {
        pubacks.push(`${connection?.n}:${packet.messageId}`);
      } else if (packet.cmd === 'pingreq') {
        pings.count += 1;
        if (pings.answer) {
          write({ cmd: 'pingresp' });
        }
      } else if (packet.cmd === 'disconnect') {
        socket.end();
      }
    });
    socket.on('data', (chunk: Buffer) => read.parse(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `mqtt://platform:secret@127.0.0.1:${port}`,
    connections,
    pubacks,
    get pings() {
      return pings.count;
    },
    get answerPings() {
      return pings.answer;
    },
    set answerPings(answer: boolean) {
      pings.answer = answer;
    },
    publish(ids, dup = false) {
      const consumer = [...connections].reverse().find((c) => c.clientId.endsWith('-c0'));
      if (!consumer) {
        throw new Error('no consumer connected');
      }
      // All in one write: the client has them all before it handles the first.
      consumer.socket.write(
        Buffer.concat(
          ids.map((messageId) =>
            generate({ cmd: 'publish', topic, messageId, qos: 1, dup, retain: false, payload: Buffer.from(JSON.stringify({ id: messageId })) }, { protocolVersion: 5 }),
          ),
        ),
      );
    },
    async close() {
      for (const socket of sockets) {
        socket.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

/** Polls until `test` holds; bounded. */
async function until(test: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) {
      throw new Error(`not reached in ${timeoutMs} ms: ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A commit the test settles by hand, per publish (the payload's id) and arrival. */
interface Commit {
  id: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

let broker: Scripted | null = null;
let external: ExternalBroker | null = null;

afterEach(async () => {
  await external?.close();
  await broker?.close();
  external = null;
  broker = null;
});

describe('external broker consumers (pipelined PUBACKs)', () => {
  it('read the next publishes while the first wait for their commit, acknowledge each only after its commit and in the order they came; a failed commit gets no PUBACK while the later ones do, and comes again on the resumed session', async () => {
    broker = await scriptedBroker();
    const commits: Commit[] = [];
    const stored: string[] = [];
    external = await connectExternalBroker({ url: broker.url, instanceId: 'unit', consumers: 1, receiveMaximum: 8, sessionExpirySeconds: 60, connectTimeoutMs: 5_000 }, silent);
    external.setPublishHook((message: DeviceMessage) => {
      const { id } = JSON.parse(message.payload.toString()) as { id: number };
      return new Promise<void>((resolve, reject) => commits.push({ id, resolve, reject }));
    });
    external.onMessage((message) => stored.push(message.payload.toString()));
    await external.startConsuming();

    const consumer = broker.connections.find((c) => c.clientId === 'smartdata-unit-c0')!;
    expect(consumer.connect.clean).toBe(false);
    expect(consumer.connect.properties?.receiveMaximum).toBe(8);
    expect(external.state()).toEqual({ consumers: 1, connected: 1, watcher: true });

    broker.publish([1, 2, 3]);
    // Pipelined: all three are in the hook while none is committed.
    await until(() => commits.length === 3, 'three publishes handed to the hook');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(broker.pubacks).toEqual([]);

    // 3 commits first: its PUBACK waits for those of 1 and 2 (MQTT 5 §4.6).
    commits[2]!.resolve();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(broker.pubacks).toEqual([]);
    // 1 fails: never acknowledged on this connection.
    commits[0]!.reject(new Error('the disk is full'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(broker.pubacks).toEqual([]);
    // 2 commits: 2 and 3 are acknowledged, in order, on the same connection.
    commits[1]!.resolve();
    await until(() => broker!.pubacks.length >= 2, 'PUBACKs of 2 and 3');
    expect(broker.pubacks).toEqual([`${consumer.n}:2`, `${consumer.n}:3`]);

    // Then the consumer drops the connection and resumes its session (clean start off)…
    await until(() => broker!.connections.filter((c) => c.clientId === 'smartdata-unit-c0').length === 2, 'the consumer reconnected', 5_000);
    const resumed = broker.connections.filter((c) => c.clientId === 'smartdata-unit-c0')[1]!;
    expect(resumed.connect.clean).toBe(false);
    // …where the broker sends the unacknowledged publish again, and it is acknowledged after its commit.
    await until(() => external!.state().connected === 1, 'consumer connected again');
    broker.publish([1], true);
    await until(() => commits.length === 4, 'the publish again');
    expect(commits[3]!.id).toBe(1);
    expect(broker.pubacks).toHaveLength(2);
    commits[3]!.resolve();
    await until(() => broker!.pubacks.length === 3, 'PUBACK of 1 on the resumed session');
    expect(broker.pubacks).toEqual([`${consumer.n}:2`, `${consumer.n}:3`, `${resumed.n}:1`]);
    expect(stored.map((p) => (JSON.parse(p) as { id: number }).id)).toEqual([3, 2, 1]);
  }, 20_000);

  it('stopping waits for the commits of the publishes held and sends their PUBACKs before disconnecting', async () => {
    broker = await scriptedBroker();
    const commits: Commit[] = [];
    external = await connectExternalBroker({ url: broker.url, instanceId: 'unit2', consumers: 1, receiveMaximum: 4, sessionExpirySeconds: 60, connectTimeoutMs: 5_000 }, silent);
    external.setPublishHook((message) => {
      const { id } = JSON.parse(message.payload.toString()) as { id: number };
      return new Promise<void>((resolve, reject) => commits.push({ id, resolve, reject }));
    });
    await external.startConsuming();
    broker.publish([1, 2, 3, 4]);
    await until(() => commits.length === 4, 'four publishes handed to the hook');
    const stopped = external.stopConsuming();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(broker.pubacks).toEqual([]);
    for (const commit of commits) {
      commit.resolve();
    }
    await stopped;
    const consumer = broker.connections.find((c) => c.clientId === 'smartdata-unit2-c0')!;
    expect(broker.pubacks).toEqual([1, 2, 3, 4].map((id) => `${consumer.n}:${id}`));
    expect(external.state().connected).toBe(0);
  }, 20_000);

  it('keeps its own window: a broker that sends past the Receive Maximum is read only as fast as PUBACKs make room', async () => {
    broker = await scriptedBroker();
    const commits: Commit[] = [];
    const flowControlled: boolean[] = [];
    external = await connectExternalBroker({ url: broker.url, instanceId: 'unit3', consumers: 1, receiveMaximum: 4, sessionExpirySeconds: 60, connectTimeoutMs: 5_000 }, silent);
    external.setPublishHook((message) => {
      flowControlled.push(message.flowControlled === true);
      const { id } = JSON.parse(message.payload.toString()) as { id: number };
      return new Promise<void>((resolve, reject) => commits.push({ id, resolve, reject }));
    });
    await external.startConsuming();
    // Mosquitto 2.0.11 did this under load: ten publishes at once to a consumer that allows four.
    broker.publish([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await until(() => commits.length === 4, 'four publishes handed to the hook');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(commits.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    // The second commits first: no PUBACK yet (1 is before it), so no room either.
    commits[1]!.resolve();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(commits).toHaveLength(4);
    // 1 commits: PUBACKs of 1 and 2, two more read.
    commits[0]!.resolve();
    await until(() => commits.length === 6, 'two more read once two were acknowledged');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(commits.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6]);
    for (let i = 2; i < 10; i += 1) {
      await until(() => commits.length > i, `publish ${i + 1} read`);
      commits[i]!.resolve();
    }
    const consumer = broker.connections.find((c) => c.clientId === 'smartdata-unit3-c0')!;
    await until(() => broker!.pubacks.length === 10, 'all ten acknowledged');
    expect(broker.pubacks).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((id) => `${consumer.n}:${id}`));
    // The ingest may queue these past its limit: the window bounds them.
    expect(flowControlled.every(Boolean)).toBe(true);
  }, 20_000);

  it('a steady stream of publishes keeps the connection up when the PINGRESP is not read in time (it waits behind them)', async () => {
    broker = await scriptedBroker();
    broker.answerPings = false;
    external = await connectExternalBroker({ url: broker.url, instanceId: 'unit4', consumers: 1, receiveMaximum: 4, sessionExpirySeconds: 60, keepaliveSeconds: 2, connectTimeoutMs: 5_000 }, silent);
    external.setPublishHook(() => Promise.resolve());
    await external.startConsuming();
    // 5 s of publishes, one every 200 ms: without them putting the ping off, mqtt.js would give up
    // on the connection 3 s (1.5 keepalives) after its last PINGREQ went unanswered.
    for (let id = 1; id <= 25; id += 1) {
      broker.publish([id]);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const consumer = broker.connections.filter((c) => c.clientId === 'smartdata-unit4-c0');
    expect(consumer).toHaveLength(1);
    await until(() => broker!.pubacks.length === 25, 'all 25 acknowledged');
    // Quiet again: the keepalive does its work (the PINGREQ goes out; unanswered, the consumer reconnects).
    const pingsBefore = broker.pings;
    await until(() => broker!.pings > pingsBefore, 'a PINGREQ once the publishes stopped', 5_000);
  }, 20_000);
});
