/**
 * A screenshot tour of every menu screen (issue 13): not a test, nothing is asserted. It signs in
 * as the administrator of a new company (every code but system maintenance; the pages of system
 * maintenance are visited as the platform administrator), opens every menu route of the route
 * table (apps/web/src/app/router/routeTable.ts) in Chinese and English at 1440×900 and 390×844,
 * and writes one PNG per screen to the folder given, named `<viewport>-<language>-<path>.png`,
 * with `tour.txt` listing each screen's title, console errors, failed requests and texts that look
 * like raw i18n keys. Routes with parameters (records of an item, a board) need data and are
 * left out; a route whose page is not built lands on /404 and is listed as such.
 *
 *   # a server serving the built web app, e.g. the e2e one:
 *   npm run build && SMARTDATA_ADMIN_PASSWORD=Admin12345 DATA_DIR=/tmp/sd-tour PORT=8080 npx tsx apps/server/src/main.ts
 *   npx tsx --tsconfig apps/web/tsconfig.json e2e/tour/tour.ts /tmp/tour [http://127.0.0.1:8080]
 *
 * SMARTDATA_ADMIN_USER / SMARTDATA_ADMIN_PASSWORD name the platform administrator (admin /
 * Admin12345 by default); CHROMIUM_PATH the browser (/usr/bin/chromium).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';

interface TourRoute {
  path: string;
  permission: string;
  title: Record<'zh-CN' | 'en-US', string>;
  hidden?: boolean;
  fullscreen?: boolean;
  children?: TourRoute[];
}

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: npx tsx --tsconfig apps/web/tsconfig.json e2e/tour/tour.ts <outDir> [baseUrl]');
  process.exit(2);
}
const base = (process.argv[3] ?? process.env.TOUR_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const admin = { username: process.env.SMARTDATA_ADMIN_USER ?? 'admin', password: process.env.SMARTDATA_ADMIN_PASSWORD ?? 'Admin12345' };
const PASSWORD = 'Tour2026pass';
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const LANGUAGES = ['zh-CN', 'en-US'] as const;

/** The route table, read from the web app's source (a path in a variable: e2e's tsconfig has no `@/`). */
async function menuRoutes(): Promise<TourRoute[]> {
  // Run from the repository's root (npm scripts and the command above do).
  const file = path.resolve('apps/web/src/app/router/routeTable.ts');
  const { routeTable } = (await import(file)) as { routeTable: TourRoute[] };
  const flat = routeTable.flatMap((entry) => [entry, ...(entry.children ?? [])]);
  return flat.filter((route) => !route.children && !route.hidden && !route.fullscreen && !route.path.includes(':'));
}

async function call<T>(pathName: string, init: { token?: string; body?: unknown; form?: Record<string, string>; query?: Record<string, string> } = {}): Promise<T> {
  const url = new URL(`${base}/general/${pathName}`);
  for (const [key, value] of Object.entries(init.query ?? {})) {
    url.searchParams.set(key, value);
  }
  const headers: Record<string, string> = {};
  if (init.token) {
    headers.authorization = `Bearer ${init.token}`;
  }
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(url, { method: body === undefined ? 'GET' : 'POST', headers, body });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) {
    throw new Error(`${pathName}: ${envelope.code} ${envelope.msg} ${JSON.stringify(envelope.data)}`);
  }
  return envelope.data;
}

async function signIn(username: string, password: string): Promise<string> {
  const { token } = await call<{ token: string }>('user/access/getToken', { form: { username, password } });
  const notice = await call<{ version: string; agreed: boolean }>('user/getNotice', { token });
  if (!notice.agreed) {
    await call('user/agreeNotice', { token, body: { version: notice.version } });
  }
  return token;
}

/** A new company and its administrator (the role addCompany makes: every code but system maintenance). */
async function companyAdmin(platformToken: string): Promise<string> {
  const stamp = Date.now().toString(36);
  const { id: companyId } = await call<{ id: number }>('company/addCompany', { token: platformToken, body: { displayName: `巡检公司${stamp}` } });
  const roles = await call<{ id: number }[]>('role/getRoleList', { token: platformToken, query: { companyId: String(companyId) } });
  const userName = `tour_${stamp}`;
  await call('user/addSysUser', { token: platformToken, body: { userName, password: PASSWORD, companyId, roleIds: roles.map((role) => role.id), name: userName } });
  return signIn(userName, PASSWORD);
}

interface Finding {
  file: string;
  url: string;
  title: string;
  errors: string[];
}

async function visit(page: Page, route: TourRoute, file: string): Promise<Finding> {
  const errors: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') {
      errors.push(`console: ${message.text().slice(0, 200)}`);
    }
  };
  const onFailed = (request: { url(): string; failure(): { errorText: string } | null }) => errors.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`);
  const onResponse = (response: { url(): string; status(): number }) => {
    if (response.status() >= 400) {
      errors.push(`HTTP ${response.status()}: ${response.url()}`);
    }
  };
  page.on('console', onConsole);
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  try {
    await page.goto(`${base}${route.path}`);
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => errors.push('network not idle after 15 s'));
    await page.waitForTimeout(400);
    // Texts that look like i18n keys (`module.section.key`) left untranslated.
    const rawKeys = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .flatMap((element) => [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent?.trim() ?? ''))
        .filter((text) => /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9_]+){1,}$/.test(text)),
    );
    errors.push(...rawKeys.map((key) => `raw key: ${key}`));
    await page.screenshot({ path: path.join(outDir, file) });
    return { file, url: new URL(page.url()).pathname, title: await page.title(), errors };
  } finally {
    page.off('console', onConsole);
    page.off('requestfailed', onFailed);
    page.off('response', onResponse);
  }
}

async function tour(browser: Browser, token: string, routes: TourRoute[], findings: Finding[]): Promise<void> {
  for (const viewport of VIEWPORTS) {
    for (const language of LANGUAGES) {
      const context = await browser.newContext({ viewport, locale: language, timezoneId: 'Asia/Shanghai' });
      await context.addInitScript(
        ([session, lang]) => {
          localStorage.setItem('language', lang);
          if (!localStorage.getItem('smartdata-session')) {
            localStorage.setItem('smartdata-session', JSON.stringify({ state: { token: session, user: null, company: null, accessRoutes: false }, version: 0 }));
          }
        },
        [token, language] as const,
      );
      const page = await context.newPage();
      for (const route of routes) {
        const file = `${viewport.name}-${language}${route.path.replace(/\//g, '_')}.png`;
        const finding = await visit(page, route, file);
        findings.push(finding);
        const notes = finding.url !== route.path ? ` → ${finding.url}` : '';
        console.log(`${file}  ${finding.title}${notes}${finding.errors.length ? `  [${finding.errors.length} finding(s)]` : ''}`);
      }
      await context.close();
    }
  }
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const routes = await menuRoutes();
  const platformToken = await signIn(admin.username, admin.password);
  const companyToken = await companyAdmin(platformToken);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const findings: Finding[] = [];
  try {
    const platformRoutes = routes.filter((route) => route.path.startsWith('/systemMaintenance/'));
    await tour(browser, companyToken, routes.filter((route) => !platformRoutes.includes(route)), findings);
    await tour(browser, platformToken, platformRoutes, findings);
  } finally {
    await browser.close();
  }
  const report = findings.map((f) => [`${f.file}  ${f.title}  (${f.url})`, ...f.errors.map((e) => `    ${e}`)].join('\n')).join('\n');
  writeFileSync(path.join(outDir, 'tour.txt'), `${report}\n`);
  console.log(`${findings.length} screens in ${outDir}; ${findings.filter((f) => f.errors.length).length} with findings (tour.txt)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
