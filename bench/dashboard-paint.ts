/**
 * Time to first paint of a 20-widget dashboard in Chromium (issue 5): the real app (buildApp +
 * listen on 127.0.0.1, the built web app served by it), a data item with records and a board of
 * 20 widgets bound to it made through the API, then /showdashboard/<id> opened in Debian's
 * Chromium with the launch arguments of playwright.config.ts. Prints, per run, the first
 * contentful paint of the page and the time until every widget has rendered its data (no widget
 * still loading), then the median of the warm runs.
 *
 *   npm run build -w apps/web && npm run bench:paint                    (apps/web/dist)
 *   WEB_DIST=/tmp/dash-dist npm run bench:paint -- --runs=7              (another build)
 *
 * Run by hand; results go in docs/performance.md with machine and date.
 */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';

const runs = Number(/^--runs=(\d+)$/.exec(process.argv[2] ?? '')?.[1] ?? 5);
const webDist = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  throw new Error(`no built web app in ${webDist}: run npm run build -w apps/web (or set WEB_DIST)`);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-paint-'));
const app = await buildApp(testConfig({ dataDir, sqliteFile: path.join(dataDir, 'bench.db'), webDist, storageSecret: 'bench-paint-secret-0123456789abcdef' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function call<T>(method: 'GET' | 'POST', url: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/general/${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) {
    throw new Error(`${method} ${url}: ${envelope.code} ${envelope.msg} ${JSON.stringify(envelope.data)}`);
  }
  return envelope.data;
}

try {
  const signIn = await fetch(`${base}/general/user/access/getToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: 'Admin12345' }).toString(),
  });
  const token = ((await signIn.json()) as { data: { token: string } }).data.token;
  const notice = await call<{ version: string; agreed: boolean }>('GET', 'user/getNotice', token);
  if (!notice.agreed) {
    await call('POST', 'user/agreeNotice', token, { version: notice.version });
  }

  // A data item with 4 numeric fields and 500 records.
  const directory = await call<{ id: number }>('POST', 'cabin/addDirectory', token, { parentId: null, name: '基准' });
  const fields = ['t1', 't2', 't3', 't4'].map((fieldName, index) => ({ name: `读数${index + 1}`, fieldName, type: 1, unit: '℃', priority: index }));
  const item = await call<{ id: number }>('POST', 'dataItem/addDataItem', token, { directoryId: directory.id, name: '基准读数', kind: 13, fields });
  for (let i = 0; i < 500; i += 1) {
    await call('POST', 'dataItem/addRecord', token, { itemId: item.id, values: { t1: 20 + (i % 7), t2: 30 + (i % 5), t3: i % 100, t4: 1 + (i % 3) } });
  }
  // 20 widgets: 8 number cards, 4 gauges, 4 tables, 2 charts (when the charts module answers, else 2 more cards), clock, text.
  const chartsAvailable = await fetch(`${base}/general/chart/query`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ itemId: item.id, series: [{ field: 't1', aggregate: 'none' }], range: { preset: 'today' } }),
  }).then(async (r) => ((await r.json()) as { code: number }).code === 0);
  const binding = (n: number, count = 1) => ({ itemId: item.id, fields: fields.slice(n % 4, (n % 4) + count).map((f) => f.fieldName) });
  const widgets: unknown[] = [];
  let y = 0;
  for (let i = 0; i < 8; i += 1) {
    widgets.push({ id: `card${i}`, kind: 'numberCard', title: `卡片 ${i + 1}`, layout: { x: (i % 4) * 3, y: y + Math.floor(i / 4) * 3, w: 3, h: 3 }, binding: binding(i) });
  }
  y += 6;
  for (let i = 0; i < 4; i += 1) {
    widgets.push({ id: `gauge${i}`, kind: 'gauge', title: `仪表 ${i + 1}`, layout: { x: i * 3, y, w: 3, h: 5 }, binding: binding(i), options: { min: 0, max: 100 } });
  }
  y += 5;
  for (let i = 0; i < 4; i += 1) {
    widgets.push({ id: `table${i}`, kind: 'table', title: `记录 ${i + 1}`, layout: { x: (i % 2) * 6, y: y + Math.floor(i / 2) * 6, w: 6, h: 6 }, binding: binding(0, 4), options: { rows: 10 } });
  }
  y += 12;
  for (let i = 0; i < 2; i += 1) {
    widgets.push(
      chartsAvailable
        ? { id: `chart${i}`, kind: 'chart', title: `趋势 ${i + 1}`, layout: { x: i * 6, y, w: 6, h: 6 }, binding: binding(0, 2), options: { chartKind: 'line', rangePreset: 'today' } }
        : { id: `extra${i}`, kind: 'numberCard', title: `卡片 ${9 + i}`, layout: { x: i * 6, y, w: 6, h: 6 }, binding: binding(i) },
    );
  }
  y += 6;
  widgets.push({ id: 'clock', kind: 'clock', title: '时钟', layout: { x: 0, y, w: 6, h: 2 } });
  widgets.push({ id: 'text', kind: 'text', title: '说明', layout: { x: 6, y, w: 6, h: 2 }, options: { text: '20 个组件的基准看板' } });
  const board = await call<{ id: number }>('POST', 'dashboard/addDashboard', token, { name: '基准看板' });
  await call('POST', 'dashboard/saveDashboard', token, { id: board.id, boardType: 'grid', width: 1920, height: 1080, refreshMinutes: 15, widgets });

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  // Sign in once through the page (the session then lives in localStorage).
  await page.goto(`${base}/login`);
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码', { exact: true }).fill('Admin12345');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/\/home$/);

  const results: { fcp: number; widgets: number }[] = [];
  for (let run = 0; run < runs; run += 1) {
    await page.goto('about:blank');
    await page.goto(`${base}/showdashboard/${board.id}`);
    // Every widget has rendered: 20 frames, none still loading, each showing its data.
    await page.waitForFunction(
      (count) => {
        const frames = document.querySelectorAll('.sd-widget');
        return frames.length === count && document.querySelectorAll('.sd-widget .ant-spin').length === 0 && document.querySelectorAll('.sd-widget canvas').length >= 4;
      },
      widgets.length,
      { timeout: 60_000, polling: 'raf' },
    );
    const widgetsAt = await page.evaluate(() => performance.now());
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    const noData = await page.locator('.sd-widget__notice').count();
    if (noData > 0) {
      throw new Error(`${noData} widgets show a notice instead of data`);
    }
    results.push({ fcp, widgets: widgetsAt });
    console.log(`run ${run + 1}${run === 0 ? ' (cold cache)' : ''}: first contentful paint ${fcp.toFixed(0)} ms, all ${widgets.length} widgets rendered ${widgetsAt.toFixed(0)} ms`);
  }
  const warm = results.slice(1);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  console.log(
    `\n${widgets.length}-widget board (${chartsAvailable ? 'with' : 'without'} chart widgets), ${runs} runs on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}:` +
      `\n  warm median: first contentful paint ${median(warm.map((r) => r.fcp)).toFixed(0)} ms, every widget rendered ${median(warm.map((r) => r.widgets)).toFixed(0)} ms` +
      `\n  cold (first run): ${results[0].fcp.toFixed(0)} ms / ${results[0].widgets.toFixed(0)} ms`,
  );
  await browser.close();
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
