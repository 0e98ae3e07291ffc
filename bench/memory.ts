/**
 * Idle memory of the server (issue 21, target 5: idle RSS ≤ 150 MB) beside a bare Fastify process
 * as the floor of this Node and loader, each in a child process of its own started the same way
 * (this file under tsx, with --expose-gc), listening on 127.0.0.1 and left idle; then what holds
 * the server's memory: V8 heap spaces, compiled code and script sources, and the modules loaded
 * (counted by a module resolve hook), grouped by package.
 *
 *   npx tsx --tsconfig apps/server/tsconfig.json bench/memory.ts               SQLite file in a temp folder, MQTT broker on
 *   npx tsx --tsconfig apps/server/tsconfig.json bench/memory.ts --snapshot    also a heap snapshot's summary by constructor
 *
 * Results go in docs/performance.md; this is run by hand, never as a timed test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';

interface BigString {
  size: number;
  text: string;
}

interface Report {
  role: string;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  spaces: { name: string; used: number }[];
  code: v8.HeapCodeStatistics;
  modules: Record<string, number>;
  snapshot?: { byType: [string, number][]; byName: [string, number, number][]; strings: BigString[]; stringsByStart: [string, number, number][] };
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** Counts every module URL resolved from now on (the hook runs on the loader thread). */
function countModules(): () => Record<string, number> {
  const urls = new Set<string>();
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (url: string) => urls.add(url));
  port1.unref();
  const hooks = `
    let port;
    export function initialize(data) { port = data.port; }
    export async function resolve(specifier, context, next) {
      const result = await next(specifier, context);
      port.postMessage(result.url);
      return result;
    }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { port: port2 }, transferList: [port2] });
  return () => {
    const groups: Record<string, number> = {};
    for (const url of urls) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
      const key = pkg ? `node_modules/${pkg}` : url.startsWith('node:') ? 'node: built-ins' : /\/(apps\/server\/src|packages\/[^/]+)\//.exec(url)?.[1] ?? 'other';
      groups[key] = (groups[key] ?? 0) + 1;
    }
    return groups;
  };
}

function summarizeSnapshot(file: string): Report['snapshot'] {
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const byType = new Map<string, number>();
  const byName = new Map<string, [number, number]>();
  const strings: BigString[] = [];
  const byStart = new Map<string, [number, number]>();
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]];
    const size = snapshot.nodes[i + sizeAt];
    if (type === 'string') {
      const text = snapshot.strings[snapshot.nodes[i + nameAt]];
      // What the big strings are: their first characters, grouped.
      const start = text.slice(0, 40).replace(/\s+/g, ' ');
      const entry = byStart.get(start) ?? [0, 0];
      entry[0] += size;
      entry[1] += 1;
      byStart.set(start, entry);
      if (size > 100_000) {
        strings.push({ size, text: text.slice(0, 100).replace(/\s+/g, ' ') });
      }
    }
    byType.set(type, (byType.get(type) ?? 0) + size);
    const name = type === 'object' || type === 'closure' || type === 'code' ? `${type} ${snapshot.strings[snapshot.nodes[i + nameAt]].slice(0, 60)}` : type;
    const entry = byName.get(name) ?? [0, 0];
    entry[0] += size;
    entry[1] += 1;
    byName.set(name, entry);
  }
  return {
    strings: strings.sort((a, b) => b.size - a.size).slice(0, 15),
    stringsByStart: [...byStart]
      .sort((a, b) => b[1][0] - a[1][0])
      .slice(0, 15)
      .map(([start, [size, count]]) => [start, size, count]),
    byType: [...byType].sort((a, b) => b[1] - a[1]),
    byName: [...byName]
      .sort((a, b) => b[1][0] - a[1][0])
      .slice(0, 20)
      .map(([name, [size, count]]) => [name, size, count]),
  };
}

async function child(role: 'app' | 'bare', snapshot: boolean): Promise<void> {
  const modules = countModules();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-memory-'));
  let close: () => Promise<void>;
  if (role === 'bare') {
    const { default: Fastify } = await import('fastify');
    const bare = Fastify({ logger: false });
    bare.get('/ping', async () => ({ ok: true }));
    await bare.listen({ host: '127.0.0.1', port: 0 });
    close = () => bare.close();
  } else {
    const { buildApp } = await import('../apps/server/src/app');
    const { testConfig } = await import('../apps/server/src/config');
    const app = await buildApp(testConfig({ dataDir, sqliteFile: path.join(dataDir, 'smartdata.db'), mqttPort: 0, testRoutes: false, logLevel: 'warn' }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    close = () => app.close();
  }
  // Idle: start-up work done, then a full collection, as a server waiting for its first call.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const memory = process.memoryUsage();
  const report: Report = {
    role,
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    spaces: v8.getHeapSpaceStatistics().map((s) => ({ name: s.space_name, used: s.space_used_size })),
    code: v8.getHeapCodeStatistics(),
    modules: modules(),
  };
  if (snapshot && role === 'app') {
    const file = v8.writeHeapSnapshot(path.join(dataDir, 'idle.heapsnapshot'));
    report.snapshot = summarizeSnapshot(file);
  }
  process.stdout.write(`\nREPORT ${JSON.stringify(report)}\n`);
  // Bounded: a close that waits on the broker's clients must not hold the report.
  await Promise.race([close(), new Promise((resolve) => setTimeout(resolve, 5000))]);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

function run(role: 'app' | 'bare', snapshot: boolean): Promise<Report> {
  const self = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...process.execArgv, '--expose-gc', self, `--role=${role}`, ...(snapshot ? ['--snapshot'] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    const timer = setTimeout(() => proc.kill('SIGKILL'), 180_000);
    proc.on('close', (code) => {
      clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith('REPORT '));
      if (!line) {
        reject(new Error(`${role} child exited with ${code}: ${out.slice(-500)}`));
        return;
      }
      resolve(JSON.parse(line.slice(7)) as Report);
    });
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const role = args.find((a) => a.startsWith('--role='))?.slice(7);
  const snapshot = args.includes('--snapshot');
  if (role === 'app' || role === 'bare') {
    await child(role, snapshot);
    return;
  }
  console.log(`${new Date().toISOString()} — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${mb(os.totalmem())} memory, Node ${process.version}`);
  console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}`);
  const bare = await run('bare', false);
  const app = await run('app', snapshot);
  console.log(`load average at end: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}\n`);
  console.log('| idle, after a full GC | bare Fastify | server |');
  console.log('|---|---:|---:|');
  const row = (label: string, pick: (r: Report) => number) => console.log(`| ${label} | ${mb(pick(bare))} | ${mb(pick(app))} |`);
  row('RSS', (r) => r.rss);
  row('V8 heap used', (r) => r.heapUsed);
  row('V8 heap reserved', (r) => r.heapTotal);
  row('external (buffers, native)', (r) => r.external);
  row('compiled code and metadata', (r) => r.code.code_and_metadata_size);
  row('bytecode and metadata', (r) => r.code.bytecode_and_metadata_size);
  row('script sources (external)', (r) => r.code.external_script_source_size);
  for (const space of app.spaces) {
    const base = bare.spaces.find((s) => s.name === space.name)?.used ?? 0;
    console.log(`| heap space ${space.name} | ${mb(base)} | ${mb(space.used)} |`);
  }
  const total = (r: Report) => Object.values(r.modules).reduce((a, b) => a + b, 0);
  console.log(`\nES modules resolved (CommonJS requires inside packages not counted): bare ${total(bare)}, server ${total(app)}; the server's by package (most first):`);
  for (const [name, count] of Object.entries(app.modules).sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`  ${String(count).padStart(5)}  ${name}`);
  }
  if (app.snapshot) {
    console.log('\nheap snapshot of the idle server, self size by node type:');
    for (const [type, size] of app.snapshot.byType.slice(0, 12)) {
      console.log(`  ${mb(size).padStart(9)}  ${type}`);
    }
    console.log('largest strings:');
    for (const { size, text } of app.snapshot.strings) {
      console.log(`  ${mb(size).padStart(9)}  ${JSON.stringify(text)}`);
    }
    console.log('strings grouped by their first 40 characters:');
    for (const [start, size, count] of app.snapshot.stringsByStart) {
      console.log(`  ${mb(size).padStart(9)}  ${String(count).padStart(8)}×  ${JSON.stringify(start)}`);
    }
    console.log('largest by constructor / kind:');
    for (const [name, size, count] of app.snapshot.byName) {
      console.log(`  ${mb(size).padStart(9)}  ${String(count).padStart(8)}×  ${name}`);
    }
  }
  console.log(`\nidle RSS ${mb(app.rss)} (target ≤ 150 MB); bare Fastify ${mb(bare.rss)}`);
}

await main();
