import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * pg_dump and pg_restore of the schema the app uses (PostgreSQL installations). The tools come
 * with Debian's `postgresql-client` (also installed with `postgresql`); PG_BIN names their folder
 * when they are not on PATH. A pg_dump older than the server refuses to dump it: install the
 * client of the server's major version or newer.
 */

/** The tool's path: PG_BIN, then PATH, then the newest /usr/lib/postgresql/<n>/bin; else a message saying how to install it. */
export function findPgTool(tool: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): string {
  const folders = [
    ...(env.PG_BIN ? [env.PG_BIN] : []),
    ...(env.PATH ?? '').split(path.delimiter).filter((folder) => folder !== ''),
    ...postgresqlBinFolders(),
  ];
  for (const folder of folders) {
    const candidate = path.join(folder, tool);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new Error(
    `${tool} was not found (PATH, PG_BIN, /usr/lib/postgresql/*/bin): a PostgreSQL backup needs it. ` +
      `Install the PostgreSQL client, e.g. \`sudo apt-get install postgresql-client\` (Debian/Ubuntu), of the server's major version or newer, or set PG_BIN to the folder that holds ${tool}.`,
  );
}

function postgresqlBinFolders(): string[] {
  try {
    return fs
      .readdirSync('/usr/lib/postgresql')
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a))
      .map((name) => `/usr/lib/postgresql/${name}/bin`);
  } catch {
    return [];
  }
}

/**
 * libpq's environment for a `postgres://user:password@host:port/database?sslmode=…` URL: the
 * connection goes to the tool in its environment, never on its command line (ps shows that, and
 * the password with it).
 */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  const set = (name: string, value: string | null | undefined) => {
    if (value) {
      env[name] = value;
    }
  };
  set('PGHOST', decodeURIComponent(url.hostname).replace(/^\[(.*)\]$/, '$1') || url.searchParams.get('host'));
  set('PGPORT', url.port);
  set('PGUSER', decodeURIComponent(url.username));
  set('PGPASSWORD', decodeURIComponent(url.password));
  set('PGDATABASE', decodeURIComponent(url.pathname.replace(/^\//, '')));
  set('PGSSLMODE', url.searchParams.get('sslmode'));
  set('PGOPTIONS', url.searchParams.get('options'));
  return env;
}

/** Runs a PostgreSQL tool on the database of `databaseUrl`; answers its standard output, rejects with its standard error when it fails. */
function run(tool: string, args: string[], databaseUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')));
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...inherited, ...libpqEnvironment(databaseUrl) } });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) {
        resolve(stdout);
      } else {
        reject(new Error(`${path.basename(tool)} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
      }
    });
  });
}

/** Dumps one schema in pg_dump's custom format (compressed; pg_restore reads it). */
export async function pgDumpSchema(databaseUrl: string, schema: string, file: string): Promise<void> {
  await run(findPgTool('pg_dump'), ['--format=custom', `--schema=${schema}`, '--no-owner', '--no-privileges', `--file=${file}`], databaseUrl);
}

/**
 * Restores a dump made by pgDumpSchema into the database of `databaseUrl`, whose schema the caller
 * has made (empty): the dump's own CREATE SCHEMA (and its comment) is left out, since `public`
 * always exists in a new database. Stops at the first error.
 */
export async function pgRestore(databaseUrl: string, file: string, schema: string, listFile: string): Promise<void> {
  const tool = findPgTool('pg_restore');
  const list = await run(tool, ['--list', file], databaseUrl);
  const ownSchema = new RegExp(`^\\d+; \\d+ \\d+ (SCHEMA - ${schema} |COMMENT - SCHEMA ${schema} )`);
  await fs.promises.writeFile(listFile, list.split('\n').filter((line) => !ownSchema.test(line)).join('\n'));
  try {
    await run(tool, ['--no-owner', '--no-privileges', '--exit-on-error', `--use-list=${listFile}`, `--dbname=${libpqEnvironment(databaseUrl).PGDATABASE ?? ''}`, file], databaseUrl);
  } finally {
    await fs.promises.rm(listFile, { force: true });
  }
}
