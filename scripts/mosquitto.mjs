// A throwaway Mosquitto 2 broker with the dynamic-security plugin, for the API tests and a dev
// server pointed at an external broker: a temp folder, loopback only, a free port (or the one
// given), anonymous clients refused, and one admin account for the platform. The admin may send
// dynsec commands (`$CONTROL/dynamic-security/#`), subscribe to device traffic
// (`$share/smartdata/sd/+/up/#`, `sd/+/up/#`) and publish commands (`sd/+/down/#`) — nothing else.
// Devices are added through dynsec by the platform (MQTT_DYNSEC=1, docs/operations.md).
// As root, Mosquitto drops privileges to the `mosquitto` user, so the folder is handed to it.
//
//   node scripts/mosquitto.mjs [port]   starts a broker, prints MQTT_URL, waits; Ctrl-C stops and removes it
import { existsSync, mkdtempSync, rmSync, chownSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './pg.mjs';

const MOSQUITTO_CANDIDATES = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto', '/usr/local/sbin/mosquitto', '/usr/local/bin/mosquitto'];
const CTRL_CANDIDATES = ['/usr/bin/mosquitto_ctrl', '/usr/local/bin/mosquitto_ctrl'];
const PLUGIN_CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
  '/usr/local/lib/mosquitto_dynamic_security.so',
];

/** The group every platform connection shares its subscription in (`$share/smartdata/…`). */
export const SHARE_GROUP = 'smartdata';

/** The ACLs of the platform's admin role: dynsec control, device traffic in, commands out. */
export const PLATFORM_ACLS = [
  { acltype: 'publishClientSend', topic: '$CONTROL/dynamic-security/#', allow: true },
  { acltype: 'publishClientReceive', topic: '$CONTROL/dynamic-security/#', allow: true },
  { acltype: 'subscribePattern', topic: '$CONTROL/dynamic-security/#', allow: true },
  { acltype: 'subscribePattern', topic: `$share/${SHARE_GROUP}/sd/+/up/#`, allow: true },
  { acltype: 'subscribePattern', topic: 'sd/+/up/#', allow: true },
  { acltype: 'publishClientSend', topic: 'sd/+/down/#', allow: true },
  { acltype: 'publishClientReceive', topic: '$SYS/#', allow: true },
  { acltype: 'subscribePattern', topic: '$SYS/#', allow: true },
  { acltype: 'unsubscribePattern', topic: '#', allow: true },
];

function firstExisting(candidates) {
  return candidates.find((file) => existsSync(file)) ?? null;
}

/**
 * The installed Mosquitto with what the platform needs (`{ mosquitto, ctrl, plugin }`: the
 * broker, mosquitto_ctrl and the dynamic-security plugin; MOSQUITTO_BIN, MOSQUITTO_CTRL and
 * MOSQUITTO_DYNSEC_PLUGIN override), or null when any of them is missing.
 */
export function findMosquitto() {
  const mosquitto = process.env.MOSQUITTO_BIN || firstExisting(MOSQUITTO_CANDIDATES);
  const ctrl = process.env.MOSQUITTO_CTRL || firstExisting(CTRL_CANDIDATES);
  let plugin = process.env.MOSQUITTO_DYNSEC_PLUGIN || firstExisting(PLUGIN_CANDIDATES);
  if (!plugin && existsSync('/usr/lib')) {
    // another multiarch folder
    const arch = readdirSync('/usr/lib').find((name) => name.endsWith('-linux-gnu') && existsSync(path.join('/usr/lib', name, 'mosquitto_dynamic_security.so')));
    plugin = arch ? path.join('/usr/lib', arch, 'mosquitto_dynamic_security.so') : null;
  }
  if (!mosquitto || !ctrl || !plugin || !existsSync(mosquitto) || !existsSync(ctrl) || !existsSync(plugin)) {
    return null;
  }
  return { mosquitto, ctrl, plugin };
}

function mosquittoUserIds() {
  try {
    const uid = Number(execFileSync('id', ['-u', 'mosquitto'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'mosquitto'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The first port of `from`…`to` free on 127.0.0.1 right now (a test's own range), or null. */
export async function freePortIn(from, to) {
  for (let port = from; port <= to; port += 1) {
    const free = await new Promise((resolve) => {
      const server = createServer();
      server.unref();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) {
      return port;
    }
  }
  return null;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a throwaway broker with two listeners, as docs/operations.md configures one: `port` for
 * the platform (its consumers and watcher choose their client ids) and `devicePort` for devices
 * (`use_username_as_clientid`: a device's client id is its user name, its SN, so a device with
 * valid credentials cannot take over another device's session by using that device's client id).
 * Resolves with `{ url, port, devicePort, host, adminUser, adminPassword, dir, dynsecFile, pid,
 * stop, close }`: `url` is the MQTT_URL of the admin account
 * (`mqtt://user:pass@127.0.0.1:port`); `stop()` is synchronous (safe in exit and signal handlers,
 * SIGTERM then the folder goes), `close()` awaits the broker's exit; both are idempotent. Throws
 * with a readable message (and removes what it made) when Mosquitto is missing or cannot start.
 */
export async function startThrowawayMosquitto({
  port,
  devicePort,
  adminUser = 'smartdata-platform',
  adminPassword = randomBytes(18).toString('base64url'),
  log = console.log,
  timeoutMs = 15_000,
} = {}) {
  const found = findMosquitto();
  if (!found) {
    throw new Error('no Mosquitto with the dynamic-security plugin found (install mosquitto, or set MOSQUITTO_BIN, MOSQUITTO_CTRL and MOSQUITTO_DYNSEC_PLUGIN)');
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const owner = isRoot ? mosquittoUserIds() : null;
  const listenPort = port ?? (await freePort());
  let deviceListenPort = devicePort ?? (await freePort());
  if (deviceListenPort === listenPort) {
    deviceListenPort = await freePort();
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'smartdata-mosquitto-'));
  const dynsecFile = path.join(dir, 'dynamic-security.json');
  const confFile = path.join(dir, 'mosquitto.conf');
  const logFile = path.join(dir, 'mosquitto.log');

  let child = null;
  let exited = null;
  let stopped = false;
  const stop = () => {
    if (stopped) {
      return;
    }
    stopped = true;
    process.removeListener('exit', stop);
    if (child && !exited) {
      try {
        child.kill('SIGTERM');
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const close = async () => {
    if (child && !exited) {
      child.kill('SIGTERM');
      const deadline = Date.now() + 5000;
      while (!exited && Date.now() < deadline) {
        await sleep(50);
      }
      if (!exited) {
        child.kill('SIGKILL');
        await Promise.race([sleep(2000), new Promise((resolve) => child.once('exit', resolve))]);
      }
    }
    stop();
  };
  const tail = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '');

  try {
    const init = spawnSync(found.ctrl, ['dynsec', 'init', dynsecFile, adminUser, adminPassword], { encoding: 'utf8', timeout: 20_000 });
    if (init.status !== 0) {
      throw new Error(`mosquitto_ctrl dynsec init failed (exit ${init.status ?? init.signal}): ${`${init.stdout ?? ''}${init.stderr ?? ''}`.trim()}`);
    }
    // The generated admin role may subscribe to `#`; the platform's gets only what it uses.
    const dynsec = JSON.parse(readFileSync(dynsecFile, 'utf8'));
    const roleName = dynsec.clients.find((client) => client.username === adminUser).roles[0].rolename;
    dynsec.roles = dynsec.roles.map((role) => (role.rolename === roleName ? { ...role, textName: 'SmartData platform', acls: PLATFORM_ACLS } : role));
    writeFileSync(dynsecFile, JSON.stringify(dynsec, null, 2), { mode: 0o600 });

    const conf = [
      'allow_anonymous false',
      'per_listener_settings false',
      'persistence false',
      // A QoS 1 publish is acknowledged to the device when Mosquitto takes it; beyond this many
      // queued for one consumer session it is dropped (1 000 by default: 81–90 % of a flood lost,
      // docs/operations.md). Generous for tests and the bench, bounded so a stuck consumer cannot
      // take the machine's memory.
      'max_queued_messages 1000000',
      `plugin ${found.plugin}`,
      `plugin_opt_config_file ${dynsecFile}`,
      `log_dest file ${logFile}`,
      'log_type error',
      'log_type warning',
      'log_type notice',
      'log_type information',
      'connection_messages true',
      'log_timestamp_format %Y-%m-%dT%H:%M:%S',
      // as root without a `mosquitto` user there is nobody to drop to
      ...(isRoot && !owner ? ['user root'] : []),
      // Listeners last: the options after a `listener` line are that listener's own.
      // The platform's listener: behind the firewall in production (docs/operations.md).
      `listener ${listenPort} 127.0.0.1`,
      // The devices' listener: the client id is the user name (the SN).
      `listener ${deviceListenPort} 127.0.0.1`,
      'use_username_as_clientid true',
      '',
    ].join('\n');
    writeFileSync(confFile, conf, { mode: 0o600 });
    writeFileSync(logFile, '', { mode: 0o600 });
    if (owner) {
      for (const file of [dir, dynsecFile, confFile, logFile]) {
        chownSync(file, owner.uid, owner.gid);
      }
    }

    log(`Mosquitto: ${found.mosquitto}, throwaway broker in ${dir}, 127.0.0.1:${listenPort} (platform), 127.0.0.1:${deviceListenPort} (devices)${owner ? ' (as user mosquitto)' : ''}`);
    child = spawn(found.mosquitto, ['-c', confFile], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr = `${stderr}${chunk}`.slice(-2000);
    });
    child.on('exit', (code, signal) => {
      exited = { code, signal };
    });
    child.on('error', (error) => {
      exited = { error };
    });
    child.unref();
    child.stderr.unref?.();
    // A test process that ends without close() (a failed beforeAll, a crash) leaves no broker behind.
    process.once('exit', stop);

    const deadline = Date.now() + timeoutMs;
    let ready = false;
    while (!ready && !exited && Date.now() < deadline) {
      ready = (await portOpen(listenPort)) && (await portOpen(deviceListenPort));
      if (!ready) {
        await sleep(100);
      }
    }
    if (ready) {
      // Something else answering on the port while this broker failed to bind shows up as an exit.
      await sleep(150);
      ready = !exited;
    }
    if (!ready) {
      const why = exited ? `exited (${exited.error?.message ?? exited.code ?? exited.signal})` : `did not listen within ${timeoutMs} ms`;
      throw new Error(`mosquitto ${why}${stderr ? `\n${stderr.trim()}` : ''}${tail() ? `\n${tail()}` : ''}`);
    }
  } catch (error) {
    stop();
    throw error;
  }

  const url = `mqtt://${encodeURIComponent(adminUser)}:${encodeURIComponent(adminPassword)}@127.0.0.1:${listenPort}`;
  return { url, host: '127.0.0.1', port: listenPort, devicePort: deviceListenPort, adminUser, adminPassword, dir, dynsecFile, logFile, pid: child.pid, stop, close, log: tail };
}

// CLI: a broker to point tests or a dev server at by hand.
if (import.meta.url === `file://${process.argv[1]}`) {
  const port = process.argv[2] ? Number(process.argv[2]) : undefined;
  const broker = await startThrowawayMosquitto({ port });
  console.log(`MQTT_URL=${broker.url}`);
  console.log('MQTT_DYNSEC=1');
  console.log(`MQTT_PUBLIC_PORT=${broker.devicePort}   (devices connect here with their SN and secret)`);
  console.log('Ctrl-C stops and removes it.');
  const shutdown = () => {
    broker.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('exit', () => broker.stop());
  setInterval(() => {}, 1 << 30);
}
