import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyInstance } from 'fastify';
import { findMosquitto, freePortIn, startThrowawayMosquitto, type ThrowawayMosquitto } from '../../../../../scripts/mosquitto.mjs';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { dropSchema } from '../../platform/db/database';
import { MosquittoDynsec } from '../../platform/mosquittoDynsec';
import { adminPassword, as, body, createCompanyUser, signIn } from '@server/test/testApp';
import { deviceRoleName } from './deviceBrokerAccounts';

/**
 * Devices on an external Mosquitto 2 with dynamic security (issue 22): the platform writes each
 * device's account through `$CONTROL/dynamic-security/v1`, and the broker — not the platform —
 * refuses what a device may not do. The app is built with MQTT_URL + MQTT_DYNSEC on a database
 * that survives a restart (a SQLite file, or one PostgreSQL schema with TEST_DATABASE_URL).
 */
const installed = findMosquitto();
if (!installed) {
  console.warn('deviceBrokerAccounts.api.test.ts skipped: Mosquitto 2 with the dynamic-security plugin is not installed (apt-get install mosquitto)');
}

type Api = ReturnType<typeof as>;

describe.skipIf(!installed)('devices on Mosquitto with dynamic security', () => {
  let broker: ThrowawayMosquitto;
  let app: FastifyInstance;
  let admin: Api;
  let dataDir: string;
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const databaseSchema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const clients: MqttClient[] = [];

  const start = async () => {
    app = await buildApp(
      testConfig({
        databaseUrl,
        databaseSchema,
        sqliteFile: databaseUrl ? undefined : path.join(dataDir, 'smartdata.db'),
        dataDir,
        adminPassword,
        mqttUrl: broker.url,
        mqttDynsec: true,
      }),
    );
    // onReady connects to the broker and re-syncs every device's account.
    await app.ready();
  };

  let companyId: number | undefined;
  /** A company administrator (admin level: rotate, delete) of the one test company. */
  const signInAdmin = async () => {
    const user = await createCompanyUser(app, { codes: ['cd_device', 'um_role'], ...(companyId ? { companyId } : { companyName: 'Broker Works' }) });
    companyId = user.companyId;
    admin = as(app, await signIn(app, user.userName, user.password));
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-dynsec-'));
    // Ports 19800–19849 are this test's.
    const port = await freePortIn(19800, 19849);
    if (port === null) {
      throw new Error('no free port in 19800–19849 for Mosquitto');
    }
    broker = await startThrowawayMosquitto({ port, log: () => undefined });
    await start();
    await signInAdmin();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true).catch(() => undefined)));
    await app?.close();
    if (databaseUrl && databaseSchema) {
      await dropSchema(databaseUrl, databaseSchema);
    }
    await broker?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = async (url: string, payload: object) => body(await admin({ method: 'POST', url, payload }));

  let seq = 0;
  async function addDevice(): Promise<{ id: number; sn: string; secret: string }> {
    seq += 1;
    const answer = await post('/general/device/addDevice', { name: `Broker gw ${seq}`, sn: `DYN${seq}${randomBytes(3).toString('hex')}`, model: 'SD-DTU' });
    expect(answer.code).toBe(0);
    return answer.data as { id: number; sn: string; secret: string };
  }

  /**
   * Connects as a device (on the devices' listener; the platform's account on the platform's);
   * answers the client, or the CONNACK reason code the broker refused with.
   */
  async function connectAs(username: string, password: string, clientId = username): Promise<MqttClient | number> {
    const port = username === broker.adminUser ? broker.port : broker.devicePort;
    try {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username, password, clientId, protocolVersion: 5, reconnectPeriod: 0, connectTimeout: 5000 });
      clients.push(client);
      return client;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'number') {
        return code;
      }
      throw error;
    }
  }

  async function connected(username: string, password: string, clientId?: string): Promise<MqttClient> {
    const client = await connectAs(username, password, clientId);
    if (typeof client === 'number') {
      throw new Error(`${username} refused with CONNACK ${client}; broker log:\n${broker.log()}`);
    }
    return client;
  }

  /** Whether the broker closes `client` within `ms`. */
  const closedWithin = (client: MqttClient, ms: number) =>
    new Promise<boolean>((resolve) => {
      if (!client.connected) {
        resolve(true);
        return;
      }
      const timer = setTimeout(() => resolve(false), ms);
      client.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });

  /** The PUBACK reason code of a QoS 1 publish (0 = accepted). */
  async function pubackCode(client: MqttClient, topic: string): Promise<number> {
    try {
      const packet = await client.publishAsync(topic, '{"v":1}', { qos: 1 });
      return (packet as { reasonCode?: number } | undefined)?.reasonCode ?? 0;
    } catch (error) {
      return (error as { code?: number }).code ?? -1;
    }
  }

  /** The SUBACK reason code of a QoS 1 subscription (1 = granted QoS 1). */
  async function subackCode(client: MqttClient, filter: string): Promise<number> {
    try {
      return (await client.subscribeAsync(filter, { qos: 1 }))[0].qos;
    } catch (error) {
      const granted = (error as { packet?: { granted?: (number | { qos: number })[] } }).packet?.granted?.[0];
      return typeof granted === 'number' ? granted : (granted?.qos ?? -1);
    }
  }

  // Mosquitto 2.0 answers 0x87 "not authorized" to every refusal: a wrong secret or unknown user
  // at CONNACK (not 0x86), a disabled client, a publish (PUBACK) and a subscription (SUBACK).
  const notAuthorized = 135;
  const badCredentials = notAuthorized;

  it('lets a new device in with its SN and secret, on its own topics only', async () => {
    const a = await addDevice();
    const b = await addDevice();
    const client = await connected(a.sn, a.secret);
    // The device's own topics (DESIGN.md §5): up to publish, down to subscribe.
    expect(await pubackCode(client, `sd/${a.sn}/up/telemetry`)).toBe(0);
    expect(await subackCode(client, `sd/${a.sn}/down/#`)).toBe(1);
    // Another device's topics: the broker refuses.
    expect(await pubackCode(client, `sd/${b.sn}/up/telemetry`)).toBe(notAuthorized);
    expect(await pubackCode(client, `sd/${a.sn}/down/cmd`)).toBe(notAuthorized);
    expect(await subackCode(client, `sd/${b.sn}/down/#`)).toBe(notAuthorized);
    expect(await subackCode(client, `sd/${b.sn}/up/#`)).toBe(notAuthorized);
    expect(await subackCode(client, 'sd/#')).toBe(notAuthorized);
    // The platform's account receives the device's telemetry; the other device's does not.
    const platform = await connected(broker.adminUser, broker.adminPassword, `platform-${randomBytes(3).toString('hex')}`);
    await platform.subscribeAsync(`sd/${a.sn}/up/#`, { qos: 1 });
    const heard = new Promise<string>((resolve) => platform.once('message', (topic) => resolve(topic)));
    expect(await pubackCode(client, `sd/${a.sn}/up/event`)).toBe(0);
    expect(await heard).toBe(`sd/${a.sn}/up/event`);
    // The gateway simulator's client ids (SN:suffix) are accepted, as on the embedded broker.
    await connected(a.sn, a.secret, `${a.sn}:sim1`);
  });

  it('on the devices’ listener a device cannot take over another device’s session: its client id is its own SN, whatever it asks for', async () => {
    const a = await addDevice();
    const b = await addDevice();
    const clientB = await connected(b.sn, b.secret);
    // a, with valid credentials, asks for b's client id: the broker gives it a's (use_username_as_clientid)…
    const clientA = await connected(a.sn, a.secret, b.sn);
    // …so b's connection stays up and a is still confined to its own topics.
    expect(await closedWithin(clientB, 500)).toBe(false);
    expect(await pubackCode(clientB, `sd/${b.sn}/up/telemetry`)).toBe(0);
    expect(await pubackCode(clientA, `sd/${b.sn}/up/telemetry`)).toBe(notAuthorized);
    // A second connection of a device replaces its first, whatever client id either asked for.
    const again = await connected(a.sn, a.secret, `${a.sn}:sim2`);
    expect(await closedWithin(clientA, 2000)).toBe(true);
    expect(again.connected).toBe(true);
    expect(await closedWithin(clientB, 200)).toBe(false);
  });

  it('publishes the last will of a device on its own online topic, never on the online topic of another device', async () => {
    const a = await addDevice();
    const b = await addDevice();
    const platform = await connected(broker.adminUser, broker.adminPassword, `platform-${randomBytes(3).toString('hex')}`);
    await platform.subscribeAsync([`sd/${a.sn}/up/online`, `sd/${b.sn}/up/online`], { qos: 1 });
    const heard: string[] = [];
    platform.on('message', (topic) => heard.push(topic));
    /** Connects as device a with a will on `sn`'s online topic, then drops the socket (no DISCONNECT). */
    const dieWithWill = async (sn: string) => {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.devicePort}`, {
        username: a.sn,
        password: a.secret,
        clientId: `${a.sn}:will`,
        protocolVersion: 5,
        reconnectPeriod: 0,
        connectTimeout: 5000,
        will: { topic: `sd/${sn}/up/online`, payload: Buffer.from('{"online":false}'), qos: 1, retain: false },
      });
      clients.push(client);
      client.stream.destroy();
    };
    await dieWithWill(b.sn);
    await dieWithWill(a.sn);
    // The will of a's own topic arrives; the one on b's topic (sent first) never does.
    const deadline = Date.now() + 5000;
    while (!heard.includes(`sd/${a.sn}/up/online`) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(heard).toEqual([`sd/${a.sn}/up/online`]);
  });

  it('names the problem when MQTT_URL is not the dynsec admin or the password is wrong', async () => {
    const a = await addDevice();
    const asDevice = `mqtt://${a.sn}:${a.secret}@127.0.0.1:${broker.port}`;
    await expect(MosquittoDynsec.connect(asDevice, { log: app.log, timeoutMs: 5000 })).rejects.toThrow(/may not subscribe to \$CONTROL\/dynamic-security\/v1\/response/);
    const wrong = `mqtt://${broker.adminUser}:wrong@127.0.0.1:${broker.port}`;
    await expect(MosquittoDynsec.connect(wrong, { log: app.log, timeoutMs: 5000 })).rejects.toThrow(/refused the admin account/);
  });

  it('a command the broker refuses or never answers fails with a DynsecError naming it', async () => {
    // Two accounts of an operator's: one may read the answers but not send commands, the other
    // may send commands (so it is an admin to the plugin) but never receives the answers.
    const suffix = randomBytes(3).toString('hex');
    const adminDynsec = await MosquittoDynsec.connect(broker.url, { log: app.log });
    try {
      await adminDynsec.run([
        { command: 'createRole', rolename: `reader-${suffix}`, acls: [{ acltype: 'subscribePattern', topic: '$CONTROL/dynamic-security/v1/response', allow: true }] },
        { command: 'createClient', username: `reader-${suffix}`, password: 'reader-secret', roles: [{ rolename: `reader-${suffix}` }] },
        {
          command: 'createRole',
          rolename: `deaf-${suffix}`,
          acls: [
            { acltype: 'subscribePattern', topic: '$CONTROL/dynamic-security/v1/response', allow: true },
            { acltype: 'publishClientSend', topic: '$CONTROL/dynamic-security/v1', allow: true },
            { acltype: 'publishClientReceive', topic: '$CONTROL/dynamic-security/v1/response', allow: false },
          ],
        },
        { command: 'createClient', username: `deaf-${suffix}`, password: 'deaf-secret', roles: [{ rolename: `deaf-${suffix}` }] },
      ]);
      const refused = await adminDynsec.settle([{ command: 'getClient', username: `nobody-${suffix}` }]);
      expect(refused[0].error?.message).toBe('Mosquitto dynamic security: getClient failed: Client not found');
    } finally {
      await adminDynsec.close();
    }
    const reader = await MosquittoDynsec.connect(`mqtt://reader-${suffix}:reader-secret@127.0.0.1:${broker.port}`, { log: app.log, timeoutMs: 3000 });
    try {
      await expect(reader.listRoles()).rejects.toThrow(/^Mosquitto dynamic security: listRoles failed: not sent: .*Not authorized/i);
    } finally {
      await reader.close();
    }
    const deaf = await MosquittoDynsec.connect(`mqtt://deaf-${suffix}:deaf-secret@127.0.0.1:${broker.port}`, { log: app.log, timeoutMs: 1000 });
    try {
      await expect(deaf.listRoles()).rejects.toThrow('Mosquitto dynamic security: listRoles failed: no answer within 1000 ms');
    } finally {
      await deaf.close();
    }
  });

  it('refuses a wrong secret and an unknown SN at CONNACK', async () => {
    const a = await addDevice();
    expect(await connectAs(a.sn, `${a.secret}x`)).toBe(badCredentials);
    expect(await connectAs(`NOPE${randomBytes(3).toString('hex')}`, a.secret)).toBe(badCredentials);
  });

  it('rotating the secret closes the connection; the old secret is refused, the new one accepted', async () => {
    const a = await addDevice();
    const client = await connected(a.sn, a.secret);
    const rotated = await post('/general/device/rotateSecret', { id: a.id });
    expect(rotated.code).toBe(0);
    const secret = (rotated.data as { secret: string }).secret;
    expect(secret).not.toBe(a.secret);
    expect(await closedWithin(client, 5000)).toBe(true);
    expect(await connectAs(a.sn, a.secret)).toBe(badCredentials);
    await connected(a.sn, secret);
  });

  it('a disabled device is disconnected and refused; enabled, it connects again; deleted, it is refused', async () => {
    const a = await addDevice();
    const client = await connected(a.sn, a.secret);
    expect((await post('/general/device/setStatus', { id: a.id, status: 9 })).code).toBe(0);
    expect(await closedWithin(client, 5000)).toBe(true);
    expect(await connectAs(a.sn, a.secret)).toBe(notAuthorized);
    expect((await post('/general/device/setStatus', { id: a.id, status: 0 })).code).toBe(0);
    const again = await connected(a.sn, a.secret);
    expect((await post('/general/device/deleteDevice', { id: a.id })).code).toBe(0);
    expect(await closedWithin(again, 5000)).toBe(true);
    expect(await connectAs(a.sn, a.secret)).toBe(badCredentials);
  });

  it('a restart re-syncs: a client the broker lost comes back, a disabled one is disabled again, a stale device account goes', async () => {
    const lost = await addDevice();
    const disabled = await addDevice();
    expect((await post('/general/device/setStatus', { id: disabled.id, status: 9 })).code).toBe(0);
    await app.close();
    // While the platform is away the broker loses a client and its role, the disabled device's
    // account is enabled by hand, a device account the platform no longer has is left behind
    // (text name as the platform writes them), and an operator adds an account of their own.
    const ghost = `GHOST${randomBytes(3).toString('hex')}`;
    const operator = `operator-${randomBytes(3).toString('hex')}`;
    const dynsec = await MosquittoDynsec.connect(broker.url, { log: app.log });
    try {
      await dynsec.run([
        { command: 'deleteClient', username: lost.sn },
        { command: 'deleteRole', rolename: deviceRoleName(lost.sn) },
        { command: 'enableClient', username: disabled.sn },
        { command: 'createClient', username: ghost, password: 'ghost-secret', textname: 'smartdata device stale' },
        { command: 'createClient', username: operator, password: 'operator-secret', textname: 'monitoring' },
      ]);
    } finally {
      await dynsec.close();
    }
    expect(await connectAs(lost.sn, lost.secret)).toBe(badCredentials);
    expect(typeof (await connectAs(disabled.sn, disabled.secret))).toBe('object');
    expect(typeof (await connectAs(ghost, 'ghost-secret'))).toBe('object');

    await start();
    await signInAdmin();
    const back = await connected(lost.sn, lost.secret);
    expect(await pubackCode(back, `sd/${lost.sn}/up/telemetry`)).toBe(0);
    expect(await pubackCode(back, `sd/${disabled.sn}/up/telemetry`)).toBe(notAuthorized);
    expect(await connectAs(disabled.sn, disabled.secret)).toBe(notAuthorized);
    expect(await connectAs(ghost, 'ghost-secret')).toBe(badCredentials);
    // Accounts the platform did not write are left alone.
    expect(typeof (await connectAs(operator, 'operator-secret'))).toBe('object');
  });

  it('a device registered before secrets were kept sealed is not recreated by a re-sync; a rotation brings it back', async () => {
    const old = await addDevice();
    await app.close();
    // As a device of before migration 290: no sealed secret, and the broker lost its account.
    const db = await buildApp(testConfig({ databaseUrl, databaseSchema, sqliteFile: databaseUrl ? undefined : path.join(dataDir, 'smartdata.db'), dataDir, adminPassword }));
    await db.platform.db.updateTable('device').set({ secret_sealed: null }).where('sn', '=', old.sn).execute();
    await db.close();
    const dynsec = await MosquittoDynsec.connect(broker.url, { log: app.log });
    try {
      await dynsec.run([{ command: 'deleteClient', username: old.sn }]);
    } finally {
      await dynsec.close();
    }
    await start();
    await signInAdmin();
    expect(await connectAs(old.sn, old.secret)).toBe(notAuthorized);
    const rotated = await post('/general/device/rotateSecret', { id: old.id });
    expect(rotated.code).toBe(0);
    await connected(old.sn, (rotated.data as { secret: string }).secret);
  });
});
