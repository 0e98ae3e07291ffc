import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { loadConfig } from '../config';
import { parseExposition, type Family } from './metricsText';

/**
 * GET /metrics (issue 33 item 4, docs/operations.md "Metrics"): off without METRICS_TOKEN, Bearer
 * only with it, every named series present, the HTTP histogram labelled by route pattern, an MQTT
 * publish counted by ingest and its flush by the group commit, the delivery queue's depth and
 * failures. Every scrape is checked line by line against the text format (metricsText.ts).
 */

const token = 'metrics-token-for-tests-0123456789';
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'metrics-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title>');

let t: TestApp;
let mqttPort: number;
beforeAll(async () => {
  // With a web build: its history fallback must not answer /metrics.
  t = await createTestApp({ mqttPort: 0, metricsToken: token, webDist });
  mqttPort = t.app.platform.broker!.port!;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function scrape(): Promise<Map<string, Family>> {
  const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(answer.statusCode, answer.payload.slice(0, 300)).toBe(200);
  return parseExposition(answer.payload);
}

/** The value of one sample: a family's sample whose labels include these. */
function value(families: Map<string, Family>, sample: string, labels: Record<string, string> = {}): number | undefined {
  const family = [...families.values()].find((f) => f.samples.some((s) => s.name === sample));
  const found = family?.samples.find((s) => s.name === sample && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found?.value;
}

const named = [
  'smartdata_http_request_duration_seconds',
  'smartdata_ingest_publishes_total',
  'smartdata_ingest_publishes_dropped_total',
  'smartdata_ingest_values_total',
  'smartdata_ingest_records_total',
  'smartdata_ingest_values_ignored_total',
  'smartdata_group_commit_queued_writes',
  'smartdata_group_commit_queue_capacity_writes',
  'smartdata_group_commit_writes_total',
  'smartdata_group_commit_flush_duration_seconds',
  'smartdata_group_commit_writer_thread_seconds_total',
  'smartdata_nodejs_eventloop_lag_seconds',
  'smartdata_nodejs_eventloop_lag_p99_seconds',
  'smartdata_process_cpu_seconds_total',
  'smartdata_process_resident_memory_bytes',
  'smartdata_mqtt_connected_clients',
  'smartdata_devices',
  'smartdata_devices_online',
  'smartdata_delivery_queue_depth',
  'smartdata_delivery_failed_deliveries',
  'smartdata_delivery_attempts_total',
  'smartdata_db_info',
];

describe('GET /metrics with METRICS_TOKEN', () => {
  it('refuses without the token, with a wrong one and with another scheme (401, 70004), in constant time', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', `Bearer ${token}x`, `Basic ${Buffer.from(`x:${token}`).toString('base64')}`, token, 'Bearer ']) {
      const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(answer.statusCode, String(authorization)).toBe(401);
      expect(body(answer).code).toBe(70004);
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(answer.payload).not.toContain('smartdata_');
    }
    // A session token of a signed-in person is not the metrics token either.
    const user = await createCompanyUser(t.app, { codes: [] });
    const session = await signIn(t.app, user.userName, user.password);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${session}` } })).statusCode).toBe(401);
  });

  it('answers the text format (version 0.0.4) with every named series, uncached', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    const families = parseExposition(answer.payload);
    expect(named.filter((name) => !families.has(name))).toEqual([]);
    expect(families.get('smartdata_http_request_duration_seconds')!.type).toBe('histogram');
    expect(families.get('smartdata_group_commit_flush_duration_seconds')!.type).toBe('histogram');
    expect(families.get('smartdata_ingest_publishes_total')!.type).toBe('counter');
    expect(families.get('smartdata_mqtt_connected_clients')!.type).toBe('gauge');
    expect(value(families, 'smartdata_db_info', { kind: t.app.platform.dbKind })).toBe(1);
    expect(value(families, 'smartdata_group_commit_queue_capacity_writes')).toBe(20_000);
    expect(value(families, 'smartdata_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    // PostgreSQL: the pool's counts; SQLite has no pool.
    const pool = ['smartdata_db_pool_connections', 'smartdata_db_pool_idle_connections', 'smartdata_db_pool_waiting_queries', 'smartdata_db_pool_max_connections'];
    if (t.app.platform.dbKind === 'postgres') {
      expect(pool.filter((name) => !families.has(name))).toEqual([]);
      expect(value(families, 'smartdata_db_pool_max_connections')).toBe(10);
      expect(value(families, 'smartdata_db_pool_connections')).toBeGreaterThanOrEqual(1);
    } else {
      expect(pool.filter((name) => families.has(name))).toEqual([]);
    }
  });

  it('counts requests made before by route pattern, method and status class, never by the raw URL', async () => {
    const before = await scrape();
    const healthBefore = value(before, 'smartdata_http_request_duration_seconds_count', { route: '/general/health', method: 'GET', status_class: '2xx' }) ?? 0;
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: `/general/health?probe=${i}` })).statusCode).toBe(200);
    }
    // A wildcard route, an unknown API path, a page of the web app (history fallback).
    await t.app.inject({ method: 'GET', url: '/general/cos/object/secret-object-name.png' });
    expect((await t.app.inject({ method: 'GET', url: '/general/no/such/path-42' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dashboard/page-77' })).statusCode).toBe(200);
    const after = await scrape();
    const labels = { route: '/general/health', method: 'GET', status_class: '2xx' };
    expect(value(after, 'smartdata_http_request_duration_seconds_count', labels)).toBe(healthBefore + 3);
    expect(value(after, 'smartdata_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(healthBefore + 3);
    expect(value(after, 'smartdata_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    expect(value(after, 'smartdata_http_request_duration_seconds_count', { route: '/general/cos/object/*', method: 'GET' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'smartdata_http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'smartdata_http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status_class: '2xx' })).toBeGreaterThanOrEqual(1);
    const routes = new Set(after.get('smartdata_http_request_duration_seconds')!.samples.map((s) => s.labels.route));
    expect([...routes].filter((route) => /probe|secret-object|path-42|page-77|\?/.test(route))).toEqual([]);
    expect(new Set(after.get('smartdata_http_request_duration_seconds')!.samples.map((s) => s.labels.status_class))).toEqual(new Set(['2xx', '4xx']));
  });

  it('counts a telemetry publish through the embedded broker: ingest counters, the flush, the connected client', async () => {
    const user = await createCompanyUser(t.app, { codes: ['sd_capsule', 'cd_device', 'um_role'] });
    const api = as(t.app, await signIn(t.app, user.userName, user.password));
    const post = (url: string, payload: object) => api({ method: 'POST', url: `/general/${url}`, payload } as InjectOptions);
    const ok = (answer: LightMyRequestResponse) => {
      expect(body(answer).code, answer.payload).toBe(0);
      return body(answer).data;
    };
    const directory = ok(await post('cabin/addDirectory', { parentId: null, name: 'Metrics plant' }));
    const item = ok(
      await post('dataItem/addDataItem', {
        directoryId: directory.id,
        name: 'Metrics readings',
        kind: 13,
        fields: [
          { name: '温度', fieldName: 'temperature', type: 1, unit: '℃', priority: 1, decimalPlaces: 1 },
          { name: '计数', fieldName: 'count', type: 10, unit: '', priority: 2 },
        ],
      }),
    );
    const sn = `MET${Date.now().toString(36).toUpperCase()}`;
    const device = ok(await post('device/addDevice', { name: 'Metrics gateway', sn, model: 'SD-G1' }));
    ok(await post('telemetry/bindItem', { itemId: item.id, deviceId: device.id }));

    const before = await scrape();
    const client: MqttClient = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, { username: sn, password: device.secret, clientId: `${sn}:1`, reconnectPeriod: 0, connectTimeout: 5000 });
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
      });
      const publish = (payload: unknown) =>
        new Promise<void>((resolve, reject) => client.publish(`sd/${sn}/up/telemetry`, JSON.stringify(payload), { qos: 1 }, (error) => (error ? reject(error) : resolve())));
      // The PUBACK comes once the values are committed: the counters are up to date by then.
      await publish({ ts: Date.now() - 2000, values: { temperature: 21.5, count: 3, nosuchkey: 1 } });
      await publish({ ts: Date.now() - 1000, values: { temperature: 22 } });
      await publish('not telemetry');
      const after = await scrape();
      const delta = (sample: string, labels: Record<string, string> = {}) => (value(after, sample, labels) ?? 0) - (value(before, sample, labels) ?? 0);
      expect(delta('smartdata_ingest_publishes_total')).toBe(3);
      expect(delta('smartdata_ingest_values_total')).toBe(3);
      expect(delta('smartdata_ingest_records_total')).toBe(2);
      expect(delta('smartdata_ingest_publishes_dropped_total', { reason: 'invalid' })).toBe(1);
      expect(delta('smartdata_ingest_values_ignored_total', { reason: 'unknown_key' })).toBe(1);
      expect(delta('smartdata_group_commit_writes_total')).toBe(2);
      expect(delta('smartdata_group_commit_flush_duration_seconds_count', { outcome: 'committed' })).toBeGreaterThanOrEqual(1);
      expect(value(after, 'smartdata_group_commit_queued_writes')).toBe(0);
      expect(value(after, 'smartdata_mqtt_connected_clients')).toBe(1);
      expect(value(after, 'smartdata_devices')).toBeGreaterThanOrEqual(1);
    } finally {
      await client.endAsync();
    }
    // The broker forgets the client once the connection is gone (bounded wait).
    for (let i = 0; i < 50 && value(await scrape(), 'smartdata_mqtt_connected_clients') !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(value(await scrape(), 'smartdata_mqtt_connected_clients')).toBe(0);
  });

  it('shows the delivery queue: rows on their way by state, failures by adapter', async () => {
    const user = await createCompanyUser(t.app, { codes: [] });
    const now = Date.now();
    const row = (state: string, adapter: string, nextAt: number | null) => ({
      company_id: user.companyId,
      subject: 'metrics:test',
      kind: adapter,
      adapter,
      target: '{}',
      label: 'metrics test',
      event: 'notify.test',
      payload: '{}',
      state,
      attempts: 0,
      next_at: nextAt,
      claim_until: null,
      answer: null,
      created_at: now,
      updated_at: now,
      sent_at: null,
    });
    // One due row of an adapter nobody registered (fails for good on its first try), one waiting an hour.
    await t.app.platform.db
      .insertInto('delivery')
      .values([row('pending', 'no-adapter', now - 1), row('pending', 'no-adapter', now + 3_600_000)])
      .execute();
    await t.app.notify.drain(now);
    await t.app.notify.idle();
    const families = await scrape();
    expect(value(families, 'smartdata_delivery_attempts_total', { adapter: 'no-adapter', outcome: 'failed' })).toBe(1);
    expect(value(families, 'smartdata_delivery_attempts_total', { adapter: 'no-adapter', outcome: 'sent' })).toBe(0);
    expect(value(families, 'smartdata_delivery_queue_depth', { state: 'pending' })).toBe(1);
    expect(value(families, 'smartdata_delivery_queue_depth', { state: 'retrying' })).toBe(0);
    expect(value(families, 'smartdata_delivery_failed_deliveries')).toBe(1);
  });

  it('is not in the OpenAPI document (an operator endpoint with its own bearer)', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/general/docs/json' });
    expect(answer.statusCode).toBe(200);
    const paths = Object.keys((JSON.parse(answer.payload) as { paths: Record<string, unknown> }).paths);
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.filter((p) => p.includes('metrics'))).toEqual([]);
  });

  it('each app keeps its own registry: a second app in the same process answers its own figures', async () => {
    const other = await createTestApp({ metricsToken: 'another-token-0123456789abcdef' });
    try {
      const answer = await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer another-token-0123456789abcdef' } });
      expect(answer.statusCode).toBe(200);
      const families = parseExposition(answer.payload);
      expect(value(families, 'smartdata_ingest_publishes_total')).toBe(0);
      // No embedded broker in that app: no client gauge.
      expect(families.has('smartdata_mqtt_connected_clients')).toBe(false);
      expect((await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is off: 40400 like an unknown path, with or without a bearer, even where the web app is served', async () => {
    const off = await createTestApp({ webDist });
    try {
      for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
        const answer = await off.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(answer.statusCode).toBe(404);
        expect(body(answer).code).toBe(40400);
      }
      // The web app's pages still fall back to index.html there.
      expect((await off.app.inject({ method: 'GET', url: '/dashboard' })).headers['content-type']).toMatch(/^text\/html/);
    } finally {
      await off.close();
    }
  });

  it('METRICS_TOKEN: unset or empty is off; shorter than 16 characters or with spaces stops the start', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    for (const bad of ['short', '0123456789abcde', 'has a space in it 0123456789']) {
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    }
  });
});
