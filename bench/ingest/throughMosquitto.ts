import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { Device, Fleet } from './fleet';
import { load, sleep, split, type Options } from './options';

/**
 * `--broker=mosquitto` (issue 22): the same fleet through a throwaway Mosquitto 2 with dynamic
 * security (scripts/mosquitto.mjs), consumed by `--instances` server instances built by `make`
 * (MQTT_URL, the share group). The fleet connects with one broker account allowed to publish on
 * `sd/+/up/#` (the platform's per-device accounts would need their sealed secrets, which the
 * bench's direct seeding does not write); Mosquitto checks that account's ACL on every publish.
 */
export async function throughMosquitto(
  fleet: Fleet,
  devices: Device[],
  options: Options,
  parts: number,
  make: (instance: number, mqttUrl: string) => Promise<import('fastify').FastifyInstance>,
): Promise<{ valuesPerSecond: number; offered: number; ratedPerSecond: number; ratedMissing: number }> {
  const { startThrowawayMosquitto, freePortIn } = await import('../../scripts/mosquitto.mjs');
  const port = await freePortIn(19900, 19949);
  if (port === null) {
    throw new Error('no free port in 19900–19949 for Mosquitto');
  }
  const broker = await startThrowawayMosquitto({ port, log: () => undefined });
  const apps: import('fastify').FastifyInstance[] = [];
  let admin: MqttClient | null = null;
  try {
    console.log(`Mosquitto: throwaway broker on 127.0.0.1:${broker.port} (scripts/mosquitto.mjs: dynamic security, persistence off, max_queued_messages 1 000 000)`);
    admin = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: `bench-admin-${process.pid}`, reconnectPeriod: 0 });
    await admin.subscribeAsync('$CONTROL/dynamic-security/v1/response', { qos: 1 });
    const account = { username: 'bench-fleet', password: randomBytes(12).toString('hex') };
    const answered = new Promise<string>((resolve) => admin!.once('message', (_topic, payload) => resolve(payload.toString())));
    await admin.publishAsync(
      '$CONTROL/dynamic-security/v1',
      JSON.stringify({
        commands: [
          { command: 'createRole', rolename: 'bench-fleet', acls: [{ acltype: 'publishClientSend', topic: 'sd/+/up/#', allow: true }] },
          { command: 'createClient', username: account.username, password: account.password, roles: [{ rolename: 'bench-fleet' }] },
        ],
      }),
      { qos: 1 },
    );
    const answer = JSON.parse(await answered) as { responses: Array<{ error?: string }> };
    if (answer.responses.some((r) => r.error)) {
      throw new Error(`dynsec: ${JSON.stringify(answer)}`);
    }
    for (let i = 0; i < options.instances; i += 1) {
      const app = await make(i, broker.url);
      await app.ready();
      apps.push(app);
    }
    // The platform's listener, not the devices' (use_username_as_clientid): the fleet is one
    // broker account, and there all its devices would get the same client id and drop each other.
    const connected = await fleet.ask([...split(devices, parts), []].map((d) => ({ type: 'connect', port: broker.port, devices: d, account })), 600_000);
    console.log(
      `connected to Mosquitto: ${connected.reduce((n, r) => n + Number(r.count), 0)} devices (${connected.reduce((n, r) => n + Number(r.failed), 0)} failed); ${options.instances} instance${options.instances > 1 ? 's' : ''}, ${apps.map((app) => JSON.stringify(app.platform.externalBroker?.state())).join(', ')}`,
    );
    const storedNow = () => apps.reduce((n, app) => n + app.telemetry.stats.values, 0);
    const publishesNow = () => apps.map((app) => app.telemetry.stats.publishes);
    const loadBefore = load();
    const cpuBefore = process.cpuUsage();
    const before = storedNow();
    const publishesBefore = publishesNow();
    const started = Date.now();
    const ran = await fleet.ask({ type: 'run', mode: 'max', seconds: options.seconds, values: options.values }, options.seconds * 1000 + 120_000);
    const seconds = (Date.now() - started) / 1000;
    const stored = storedNow() - before;
    const cpu = process.cpuUsage(cpuBefore);
    const acked = ran.reduce((n, r) => n + Number(r.acked), 0);
    // What Mosquitto still queues for the consumers: wait until nothing more is stored for 3 s (at most 300 s: a flood on PostgreSQL left 1.7–2.4 million values queued after 120 s).
    const drainUntilQuiet = async () => {
      const from = Date.now();
      let seen = storedNow();
      let quiet = Date.now();
      while (Date.now() - quiet < 3000 && Date.now() - from < 300_000) {
        await sleep(250);
        if (storedNow() !== seen) {
          seen = storedNow();
          quiet = Date.now();
        }
      }
    };
    const drainStarted = Date.now();
    await drainUntilQuiet();
    const drained = storedNow() - before;
    const shares = publishesNow().map((n, i) => n - publishesBefore[i]);
    const valuesPerSecond = stored / seconds;
    console.log(
      `ingest through Mosquitto, as fast as the fleet publishes: ${Math.round(valuesPerSecond).toLocaleString('en-US')} values/s stored (${stored.toLocaleString('en-US')} values in ${seconds.toFixed(1)} s; ${acked.toLocaleString('en-US')} publishes = ${(acked * options.values).toLocaleString('en-US')} values acknowledged to the fleet by Mosquitto, ${ran.reduce((n, r) => n + Number(r.errors), 0)} errors); after the phase the consumers drained for ${((Date.now() - drainStarted) / 1000).toFixed(1)} s: ${drained.toLocaleString('en-US')} values stored in all, ${(acked * options.values - drained).toLocaleString('en-US')} acknowledged but not stored (dropped by Mosquitto's queue limit or still queued); publishes per instance ${JSON.stringify(shares)}; ${Math.round(stored / ((cpu.user + cpu.system) / 1e6)).toLocaleString('en-US')} values per CPU-second of this process (the server${options.instances > 1 ? 's' : ''}; Mosquitto is a process of its own); load ${loadBefore} → ${load()}`,
    );
    // The same at a fixed offered rate (`--rate` values/s, spread over the devices): what is stored of it.
    const rateFrom = storedNow();
    const rateStarted = Date.now();
    const rated = await fleet.ask({ type: 'run', mode: 'rate', seconds: options.seconds, values: options.values, publishesPerSecond: options.rate / options.values / parts }, options.seconds * 1000 + 120_000);
    const rateSeconds = (Date.now() - rateStarted - 2000) / 1000;
    const ratedStored = storedNow() - rateFrom;
    await drainUntilQuiet();
    const ratedAcked = rated.reduce((n, r) => n + Number(r.acked), 0) * options.values;
    console.log(
      `at ${options.rate.toLocaleString('en-US')} values/s offered through Mosquitto: the fleet sent ${Math.round((rated.reduce((n, r) => n + Number(r.sent), 0) * options.values) / rateSeconds).toLocaleString('en-US')} values/s, ${Math.round(ratedStored / rateSeconds).toLocaleString('en-US')} values/s stored during the phase; ${ratedAcked.toLocaleString('en-US')} values acknowledged to the fleet, ${(storedNow() - rateFrom).toLocaleString('en-US')} stored once drained (${(ratedAcked - (storedNow() - rateFrom)).toLocaleString('en-US')} missing); load ${load()}`,
    );
    await fleet.ask({ type: 'disconnect' }, 120_000);
    return { valuesPerSecond, offered: options.rate, ratedPerSecond: ratedStored / rateSeconds, ratedMissing: ratedAcked - (storedNow() - rateFrom) };
  } finally {
    for (const app of apps) {
      await app.close().catch((error: unknown) => console.error(`app close: ${String(error)}`));
    }
    await admin?.endAsync(true).catch(() => undefined);
    await broker.close();
  }
}
