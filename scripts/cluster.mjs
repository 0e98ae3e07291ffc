// The scale-out topology on one machine, on loopback: a throwaway PostgreSQL (scripts/pg.mjs), a
// throwaway Mosquitto 2 with dynamic security (scripts/mosquitto.mjs) and two server instances on
// two HTTP ports, each a real process (`node --import tsx src/main.ts` in apps/server, as
// `npm start -w apps/server` runs it), sharing the database, the broker (MQTT_URL, MQTT_DYNSEC=1),
// SETTINGS_SECRET and a data folder, with distinct INSTANCE_IDs. docs/operations.md, "Trying it on
// one machine".
//
//   node scripts/cluster.mjs [instances]   (2 by default, at most 4) prints the URLs and the
//                                          administrator's password; Ctrl-C or SIGTERM stops and
//                                          removes all of it
//
// `startInstance` is also what apps/server/src/platform/scaleOut.api.test.ts uses to run, kill
// (SIGKILL) and restart instances.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startThrowawayPostgres } from './pg.mjs';
import { freePortIn, startThrowawayMosquitto } from './mosquitto.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(repoRoot, 'apps/server');
const webDist = path.join(repoRoot, 'apps/web/dist');

/** HTTP ports of the cluster's instances and Mosquitto's port range (this project's allotment). */
export const HTTP_PORTS = [18850, 18899];
export const MQTT_PORTS = [19850, 19899];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The environment a server instance is started with: the parent's, minus any database of its own, plus `env`. */
function instanceEnv(env) {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATABASE_SCHEMA', 'TEST_DATABASE_URL', 'MQTT_URL', 'MQTT_DYNSEC', 'INSTANCE_ID', 'PORT', 'HOST', 'NODE_OPTIONS', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'NODE_ENV']) {
    delete base[name];
  }
  return { ...base, HOST: '127.0.0.1', MQTT_PORT: 'off', ...env };
}

/**
 * Starts one server instance as a child process and waits until `GET /general/health` answers.
 * `env` must hold PORT, DATABASE_URL, MQTT_URL, INSTANCE_ID (and whatever else it needs).
 * Resolves with `{ url, port, pid, child, logFile, exited, kill(signal), stop(), log() }`:
 * `kill('SIGKILL')` kills it without a goodbye; `stop()` sends SIGTERM and waits for the exit
 * (SIGKILL after 15 s). Output goes to `logFile`. Throws (and kills it) when it exits or does not
 * answer within `timeoutMs`.
 */
export async function startInstance({ name, env, logFile, timeoutMs = 90_000 }) {
  const port = Number(env.PORT);
  const out = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env: instanceEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  let exited = null;
  // A parent that ends without stop() (a failed test, a crash) leaves no server behind.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  const exit = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      process.removeListener('exit', orphan);
      resolve(exited);
    });
  });
  const kill = (signal = 'SIGTERM') => {
    if (!exited) {
      try {
        child.kill(signal);
      } catch {
        // already gone
      }
    }
  };
  const stop = async () => {
    kill('SIGTERM');
    await Promise.race([exit, sleep(15_000)]);
    if (!exited) {
      kill('SIGKILL');
      await Promise.race([exit, sleep(5_000)]);
    }
  };
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-3000) : '');
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let ready = false;
  while (!ready && !exited && Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/general/health`, { signal: AbortSignal.timeout(2_000) });
      ready = response.ok;
    } catch {
      // not listening yet
    }
    if (!ready) {
      await sleep(200);
    }
  }
  if (!ready) {
    const why = exited ? `exited (${exited.code ?? exited.signal})` : `did not answer within ${timeoutMs} ms`;
    await stop();
    throw new Error(`instance ${name} on port ${port} ${why}\n${log()}`);
  }
  return { name, url, port, pid: child.pid, child, logFile, exit, get exited() { return exited; }, kill, stop, log };
}

// CLI
if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Math.min(4, Math.max(1, Number(process.argv[2] ?? 2) || 2));
  const dir = mkdtempSync(path.join(tmpdir(), 'smartdata-cluster-'));
  const adminPassword = `Sd${randomBytes(9).toString('base64url')}7`;
  const settingsSecret = randomBytes(32).toString('base64url');
  const instances = [];
  let database = null;
  let broker = null;
  let stopping = false;

  const shutdown = async (code) => {
    if (stopping) {
      return;
    }
    stopping = true;
    console.log('\nstopping: the instances (SIGTERM), then Mosquitto and PostgreSQL');
    await Promise.all(instances.map((instance) => instance.stop()));
    await broker?.close();
    database?.stop();
    rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    database = await startThrowawayPostgres();
    const mqttPort = await freePortIn(MQTT_PORTS[0], MQTT_PORTS[1]);
    if (!mqttPort) {
      throw new Error(`no free port in ${MQTT_PORTS.join('–')} for Mosquitto`);
    }
    broker = await startThrowawayMosquitto({ port: mqttPort });
    let nextPort = HTTP_PORTS[0];
    for (let i = 0; i < count; i += 1) {
      const port = await freePortIn(nextPort, HTTP_PORTS[1]);
      if (!port) {
        throw new Error(`no free port in ${nextPort}–${HTTP_PORTS[1]} for instance ${i + 1}`);
      }
      nextPort = port + 1;
      const name = String.fromCharCode(65 + i);
      const env = {
        PORT: String(port),
        DATABASE_URL: database.url,
        MQTT_URL: broker.url,
        MQTT_DYNSEC: '1',
        // What the device pages tell devices to connect to: the devices' listener.
        MQTT_PUBLIC_HOST: '127.0.0.1',
        MQTT_PUBLIC_PORT: String(broker.devicePort),
        INSTANCE_ID: `cluster-${name.toLowerCase()}`,
        SETTINGS_SECRET: settingsSecret,
        SMARTDATA_ADMIN_PASSWORD: adminPassword,
        DATA_DIR: path.join(dir, 'data'),
        ...(existsSync(path.join(webDist, 'index.html')) ? { WEB_DIST: webDist } : {}),
      };
      // One after the other: the first runs the migrations and creates the administrator.
      console.log(`starting instance ${name} on 127.0.0.1:${port} (INSTANCE_ID ${env.INSTANCE_ID}, log ${path.join(dir, `instance-${name}.log`)})`);
      instances.push(await startInstance({ name, env, logFile: path.join(dir, `instance-${name}.log`) }));
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await shutdown(1);
  }

  console.log('\nSmartData Console, scale-out on loopback:');
  for (const instance of instances) {
    console.log(`  instance ${instance.name}: ${instance.url}   (pid ${instance.pid}, log ${instance.logFile})`);
  }
  console.log(`  sign in as admin / ${adminPassword}`);
  console.log(`  DATABASE_URL=${database.url}`);
  console.log(`  MQTT_URL=${broker.url}   (the platform's listener; devices connect to mqtt://127.0.0.1:${broker.devicePort} with their SN and secret)`);
  if (!existsSync(path.join(webDist, 'index.html'))) {
    console.log('  the web console needs `npm run build` first (apps/web/dist is missing); the API answers without it');
  }
  console.log('Ctrl-C stops and removes all of it.');
  for (const instance of instances) {
    void instance.exit.then((exit) => {
      if (!stopping) {
        console.error(`instance ${instance.name} exited (${exit.code ?? exit.signal}); stopping the rest\n${instance.log()}`);
        void shutdown(1);
      }
    });
  }
  setInterval(() => {}, 1 << 30);
}
