/**
 * SIM traffic cards at 10 000 cards of one company (issue 19): the import of the whole file, a sync
 * of every card through the simulated carrier, and the card list — first and last page, each
 * filter, a keyword — plus the CSV export. Prints the median and p95 of each list call.
 *
 *   npx tsx --tsconfig apps/server/tsconfig.json bench/sim-cards.ts [--cards=10000] [--iterations=50]
 *   BENCH_DATABASE_URL=postgres://… (the same)    the app on PostgreSQL (own schema, dropped after)
 *
 * Results go in docs/sim.md ("Figures"); run by hand, never as a timed test.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { luhnCheckDigit } from '@smartdata/domain';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { dropSchema } from '../apps/server/src/platform/db/database';
import { createCompanyUser, signIn } from '../apps/server/src/test/testApp';

function option(name: string, fallback: number): number {
  const found = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
}

const carriers = ['mobile', 'unicom', 'telecom'];

async function main(): Promise<void> {
  const cards = option('cards', 10_000);
  const iterations = option('iterations', 50);
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const databaseSchema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-sim-'));
  const app = await buildApp(testConfig({ dataDir: dir, sqliteFile: path.join(dir, 'smartdata.db'), databaseUrl, databaseSchema, logLevel: 'warn' }));
  try {
    const user = await createCompanyUser(app, { codes: ['dm_sim_card', 'sys_company_info'] });
    const token = await signIn(app, user.userName, user.password);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } }).then((r) => ({ status: r.statusCode, body: r.body, json: () => r.json<{ code: number; data: any }>() }));
    const lines = ['number,iccid,carrier,planMb'];
    for (let i = 0; i < cards; i += 1) {
      const body = `89860${String(i).padStart(14, '0')}`;
      lines.push(`1440${String(i).padStart(9, '0')},${body}${luhnCheckDigit(body)},${carriers[i % 3]},${[30, 100, 1024][i % 3]}`);
    }
    let started = performance.now();
    const imported = (await call('POST', '/general/sim/importCards', { fileName: 'cards.csv', content: Buffer.from(lines.join('\n')).toString('base64'), dryRun: false })).json();
    if (imported.code !== 0) {
      throw new Error(JSON.stringify(imported).slice(0, 300));
    }
    console.log(`import of ${cards} cards (CSV): ${((performance.now() - started) / 1000).toFixed(2)} s`);
    for (const carrier of carriers) {
      await call('POST', '/general/sim/updateConnection', { carrier, mode: 'simulated', delaySeconds: 0 });
    }
    started = performance.now();
    const synced = (await call('POST', '/general/sim/sync', {})).json();
    console.log(`sync of every card (first sync, simulated carrier): ${((performance.now() - started) / 1000).toFixed(2)} s`, JSON.stringify(synced.data));

    const scenarios: [string, string][] = [
      ['page 1 of all', 'pageNum=1&pageSize=20'],
      ['last page of all', `pageNum=${Math.ceil(cards / 20)}&pageSize=20`],
      ['carrier', 'carrier=unicom&pageSize=20'],
      ['status', 'status=test&pageSize=20'],
      ['state', 'state=notActivated&pageSize=20'],
      ['usage ≥ 80 %', 'usageMin=80&pageSize=20'],
      ['keyword (ICCID tail)', 'keyword=00000004242&pageSize=20'],
      ['carrier + status, page 100', 'carrier=mobile&status=test&pageNum=100&pageSize=20'],
    ];
    console.log(`\nGET /general/sim/getCards, ${iterations} calls each (ms)`);
    for (const [name, query] of scenarios) {
      const times: number[] = [];
      for (let i = 0; i < iterations; i += 1) {
        const t0 = performance.now();
        const answer = await call('GET', `/general/sim/getCards?${query}`);
        times.push(performance.now() - t0);
        if (answer.status !== 200) {
          throw new Error(`${name}: ${answer.body.slice(0, 200)}`);
        }
      }
      times.sort((a, b) => a - b);
      console.log(`  ${name.padEnd(28)} median ${times[Math.floor(times.length / 2)].toFixed(1).padStart(6)}  p95 ${times[Math.ceil(times.length * 0.95) - 1].toFixed(1).padStart(6)}`);
    }
    started = performance.now();
    const file = await call('GET', '/general/sim/exportCards?format=csv');
    console.log(`\nexport of every card (CSV, ${(file.body.length / 1024).toFixed(0)} KB): ${((performance.now() - started) / 1000).toFixed(2)} s`);
  } finally {
    await app.close();
    if (databaseUrl && databaseSchema) {
      await dropSchema(databaseUrl, databaseSchema);
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
