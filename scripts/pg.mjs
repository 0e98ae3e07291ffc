// A throwaway PostgreSQL cluster for the API tests: a temp folder, loopback only, a free port,
// trust authentication (nothing but this machine can reach it), fsync off. PostgreSQL refuses to
// run as root, so as root every server command runs as the `postgres` user on a folder it owns.
//
//   node scripts/pg.mjs            starts a cluster, prints its URL, waits; Ctrl-C stops and removes it
import { existsSync, readdirSync, mkdtempSync, rmSync, chownSync, readFileSync } from 'node:fs';
import { spawnSync, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PG_ROOT = '/usr/lib/postgresql';
const DATABASE = 'smartdata_test';

/** The bin folder of the newest local PostgreSQL (PG_BIN overrides), or null. */
export function findPostgresBin() {
  const candidates = [];
  if (process.env.PG_BIN) {
    candidates.push(process.env.PG_BIN);
  } else if (existsSync(PG_ROOT)) {
    const versions = readdirSync(PG_ROOT)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(PG_ROOT, version, 'bin')));
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function postgresUserIds() {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/**
 * Starts a throwaway cluster and creates one database. Resolves with `{ url, stop }`; `stop()` is
 * synchronous (safe in exit and signal handlers), idempotent, and removes the folder. Throws with
 * a readable message (and removes what it made) when PostgreSQL cannot start.
 */
export async function startThrowawayPostgres({ log = console.log, timeoutMs = 120_000 } = {}) {
  const binDir = findPostgresBin();
  if (!binDir) {
    throw new Error(`no PostgreSQL found under ${PG_ROOT}/*/bin (set PG_BIN, or install postgresql)`);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let owner = null;
  if (isRoot) {
    owner = postgresUserIds();
    if (!owner) {
      throw new Error('running as root but there is no `postgres` user to run PostgreSQL as');
    }
  }

  const base = mkdtempSync(path.join(tmpdir(), 'smartdata-pg-'));
  const dataDir = path.join(base, 'data');
  const logFile = path.join(base, 'postgres.log');
  if (owner) {
    chownSync(base, owner.uid, owner.gid);
  }
  const port = await freePort();

  const run = (tool, args, timeout = timeoutMs) => {
    const command = path.join(binDir, tool);
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const result = spawnSync(file, argv, { cwd: base, encoding: 'utf8', timeout, killSignal: 'SIGKILL' });
    if (result.status !== 0) {
      const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
      const reason = result.error ? result.error.message : `exit ${result.status ?? result.signal}`;
      throw new Error(`${tool} failed (${reason})${output ? `:\n${output}` : ''}`);
    }
    return result.stdout;
  };

  let started = false;
  let stopped = false;
  const stop = () => {
    if (stopped) {
      return;
    }
    stopped = true;
    if (started) {
      try {
        run('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30'], 40_000);
      } catch {
        try {
          run('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '10'], 20_000);
        } catch {
          // the folder goes anyway; a stray postmaster exits once its data folder is gone
        }
      }
    }
    rmSync(base, { recursive: true, force: true });
  };

  try {
    log(`PostgreSQL: ${binDir}, throwaway cluster in ${base}, port ${port}${isRoot ? ' (as user postgres)' : ''}`);
    run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const serverOptions = [
      `-c listen_addresses=127.0.0.1`,
      `-c port=${port}`,
      `-c unix_socket_directories=${base}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    try {
      run('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', serverOptions]);
    } catch (error) {
      const serverLog = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`${error.message}${serverLog ? `\n${serverLog}` : ''}`);
    }
    started = true;
    run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', DATABASE]);
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`, port, stop };
}

// CLI: a cluster to point tests or a dev server at by hand.
if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startThrowawayPostgres();
  console.log(`DATABASE_URL=${cluster.url}`);
  console.log('Ctrl-C stops and removes it.');
  const shutdown = () => {
    cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  setInterval(() => {}, 1 << 30);
}
