/**
 * One fleet process (bench/ingest.ts --fleet): MQTT clients for its devices, publishing `{ts,
 * values}` with QoS 1 as fast as the PUBACKs come, once each, or at a steady rate; the "browser"
 * process's WebSockets measuring publish-to-browser latency.
 */
import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import type { ToFleet } from './fleet';
import { HARD_LIMIT_MS, sleep } from './options';

export async function fleet(): Promise<void> {
  const clients: MqttClient[] = [];
  const sockets: WebSocket[] = [];
  let latencies: number[] = [];
  const send = (message: unknown) => process.send!(message);
  const killer = setTimeout(() => process.exit(3), HARD_LIMIT_MS);
  killer.unref();

  const payload = (values: number, i: number) => {
    const v: Record<string, number> = {};
    for (let k = 0; k < values; k += 1) {
      v[`v${k}`] = Math.round((20 + 10 * Math.sin(i / 10 + k)) * 100) / 100;
    }
    return JSON.stringify({ ts: Date.now(), values: v });
  };

  process.on('message', (message: ToFleet) => {
    void (async () => {
      if (message.type === 'connect') {
        let failed = 0;
        for (let i = 0; i < message.devices.length; i += 100) {
          await Promise.all(
            message.devices.slice(i, i + 100).map(
              (device) =>
                new Promise<void>((resolve) => {
                  const client = mqtt.connect(`${message.tls ? 'mqtts' : 'mqtt'}://127.0.0.1:${message.port}`, {
                    ...(message.tls ? { ca: message.tls.ca, rejectUnauthorized: true } : {}),
                    username: message.account?.username ?? device.sn,
                    password: message.account?.password ?? device.secret,
                    clientId: device.sn,
                    reconnectPeriod: 0,
                    keepalive: 600,
                    connectTimeout: 60_000,
                  });
                  (client as MqttClient & { sn: string }).sn = device.sn;
                  client.on('error', () => undefined);
                  client.once('connect', () => {
                    clients.push(client);
                    resolve();
                  });
                  client.once('close', () => {
                    failed += clients.includes(client) ? 0 : 1;
                    resolve();
                  });
                }),
            ),
          );
        }
        send({ type: 'connected', count: clients.filter((c) => c.connected).length, failed });
      } else if (message.type === 'run') {
        const deadline = Date.now() + message.seconds * 1000;
        let acked = 0;
        let errors = 0;
        let sent = 0;
        const live = clients.filter((c) => c.connected);
        if (message.mode === 'once') {
          // One publish per device (the app makes each item's series on its first values).
          for (let i = 0; i < live.length && Date.now() < deadline; i += 200) {
            await Promise.all(
              live.slice(i, i + 200).map(
                (client) =>
                  new Promise<void>((resolve) => {
                    sent += 1;
                    client.publish(`sd/${(client as MqttClient & { sn: string }).sn}/up/telemetry`, payload(message.values, sent), { qos: 1 }, (error) => {
                      if (error) {
                        errors += 1;
                      } else {
                        acked += 1;
                      }
                      resolve();
                    });
                  }),
              ),
            );
          }
        } else if (message.mode === 'max') {
          // Each device: publish, wait for the PUBACK (= committed), publish again.
          await Promise.all(
            live.map(
              (client) =>
                new Promise<void>((resolve) => {
                  const sn = (client as MqttClient & { sn: string }).sn;
                  const next = () => {
                    if (Date.now() >= deadline || !client.connected) {
                      resolve();
                      return;
                    }
                    sent += 1;
                    client.publish(`sd/${sn}/up/telemetry`, payload(message.values, sent), { qos: 1 }, (error) => {
                      if (error) {
                        errors += 1;
                        resolve();
                        return;
                      }
                      acked += 1;
                      next();
                    });
                  };
                  next();
                }),
            ),
          );
        } else {
          // A steady rate, spread over the devices round-robin, every 10 ms.
          const perTick = (message.publishesPerSecond ?? 100) / 100;
          let carry = 0;
          let cursor = 0;
          const pending: Promise<void>[] = [];
          while (Date.now() < deadline && live.length > 0) {
            carry += perTick;
            for (; carry >= 1; carry -= 1) {
              const client = live[cursor % live.length];
              cursor += 1;
              const sn = (client as MqttClient & { sn: string }).sn;
              sent += 1;
              client.publish(`sd/${sn}/up/telemetry`, payload(message.values, sent), { qos: 1 }, (error) => {
                if (error) {
                  errors += 1;
                } else {
                  acked += 1;
                }
              });
            }
            await sleep(10);
          }
          await Promise.all(pending);
          await sleep(2000); // the last acknowledgements and pushes
        }
        send({ type: 'ran', sent, acked, errors });
      } else if (message.type === 'watch') {
        latencies = [];
        for (let i = 0; i < message.itemIds.length; i += 200) {
          const socket = new WebSocket(`ws://127.0.0.1:${message.httpPort}/general/ws?token=${encodeURIComponent(message.token)}`);
          await new Promise<void>((resolve, reject) => {
            socket.once('open', () => resolve());
            socket.once('error', reject);
          });
          socket.on('message', (data) => {
            const now = Date.now();
            const envelope = JSON.parse(String(data)) as { msg: string; data?: { event: string; payload: { createdAt?: number; latest?: { createdAt: number } } } };
            if (envelope.msg !== 'push' || !envelope.data) {
              return;
            }
            const at = envelope.data.event === 'recordAdded' ? envelope.data.payload.createdAt : envelope.data.payload.latest?.createdAt;
            if (typeof at === 'number' && latencies.length < 1_000_000) {
              latencies.push(now - at);
            }
          });
          for (const itemId of message.itemIds.slice(i, i + 200)) {
            socket.send(JSON.stringify({ type: 'subscribe', channel: `records:${itemId}` }));
          }
          sockets.push(socket);
        }
        await sleep(1000);
        send({ type: 'watching', sockets: sockets.length });
      } else if (message.type === 'report') {
        send({ type: 'latencies', latencies });
        latencies = [];
      } else if (message.type === 'disconnect') {
        await Promise.all(clients.map((c) => new Promise<void>((resolve) => c.end(true, {}, () => resolve()))));
        clients.length = 0;
        send({ type: 'disconnected' });
      } else if (message.type === 'close') {
        for (const socket of sockets) {
          socket.close();
        }
        await Promise.all(clients.map((c) => new Promise<void>((resolve) => c.end(true, {}, () => resolve()))));
        send({ type: 'closed' });
        process.exit(0);
      }
    })().catch((error: unknown) => {
      send({ type: 'error', message: String(error) });
    });
  });
  send({ type: 'ready' });
}
