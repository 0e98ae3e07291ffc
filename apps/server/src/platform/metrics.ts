import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ErrorCode } from '@smartdata/domain';
import type { DbKind, PoolCounts } from './db/database';
import { sendNotFound } from './envelope';
import { AppError } from './errors';
import type { FlushObservation, GroupCommitStats } from './groupCommit';
import type { Broker } from './mqtt';
import type { ExternalBroker } from './mqttClient';

/**
 * GET /metrics: the Prometheus text exposition format (prom-client), for an operator's
 * Prometheus/Grafana (issue 33, docs/operations.md "Metrics"). Off unless METRICS_TOKEN is set
 * (then the route answers 40400, like any unknown path); on, it answers only to
 * `Authorization: Bearer <METRICS_TOKEN>` (70004 otherwise), compared in constant time.
 *
 * Not under /general: the session hook, the IP allow-list and the audit log leave it alone, and it
 * is hidden from the OpenAPI document (an operator's endpoint, not the integrators' API; its own
 * bearer is not a session).
 *
 * Each app has its own registry (tests build many apps in one process). What the hot paths already
 * count (ingest, group commit, deliveries) is read when Prometheus scrapes, in collect callbacks;
 * the only work added per request is one histogram observation in an onResponse hook, and per
 * group-commit flush one more. Nothing at all is added while METRICS_TOKEN is unset.
 */
export interface MetricsSources {
  dbKind: DbKind;
  /** PostgreSQL's pool (SQLite has none: no pool series). */
  pool?: { counts: PoolCounts; max: number };
  broker: Broker | null;
  externalBroker: ExternalBroker | null;
  /** Telemetry ingest (modules/telemetry/ingest.ts): its counters and its group commit. */
  telemetry: IngestFigures;
  /** The devices module: devices and devices online of every company. */
  devices: { fleetCounts(): Promise<{ total: number; online: number }> };
  /** The delivery queue (modules/notify): tries settled here per adapter, rows by state. */
  deliveries: { attempts: ReadonlyMap<string, { sent: number; retrying: number; failed: number }>; counts(): Promise<Record<string, number>> };
}

/** What metrics read of telemetry ingest: the counts it keeps anyway, and its group commit. */
export interface IngestFigures {
  readonly stats: {
    readonly publishes: number;
    readonly invalid: number;
    readonly unbound: number;
    readonly refused: number;
    readonly values: number;
    readonly records: number;
    readonly unknownKeys: number;
    readonly rejectedValues: number;
  };
  readonly commit: {
    readonly queued: number;
    readonly capacity: number;
    readonly stats: Readonly<GroupCommitStats>;
    onFlush: ((flush: FlushObservation) => void) | null;
  };
}

/** The content type Prometheus' text format 0.0.4 is served with. */
export const metricsContentType = Registry.PROMETHEUS_CONTENT_TYPE;

/** Request durations (seconds): Prometheus' default buckets, which span this API's answers (ms to s). */
const httpBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Flush durations (seconds): the flush budget is 40 ms (ingest.ts); PostgreSQL flushes under load took seconds. */
const flushBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.04, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The route label of a request no route took (unknown paths, the web app's history fallback). */
export const unmatchedRoute = 'unmatched';
/** Delivery rows still on their way, by state (delivery_due_ix covers the count). */
const queuedStates = ['pending', 'retrying', 'sending'] as const;

export function registerMetrics(app: FastifyInstance, token: string | undefined, sources: MetricsSources): void {
  if (!token) {
    app.get('/metrics', { config: { public: true }, schema: { hide: true } }, (request, reply) => sendNotFound(request, reply));
    return;
  }
  const registry = new Registry();
  // Process and Node.js series (CPU, memory, GC, handles, event-loop lag and its percentiles), named smartdata_process_…, smartdata_nodejs_….
  collectDefaultMetrics({ register: registry, prefix: 'smartdata_' });
  observeHttp(app, registry);
  observeIngest(registry, sources.telemetry);
  observeTransports(registry, sources);
  const readDatabase = observeDatabase(registry, sources, app.log);
  observeDeliveries(registry, sources.deliveries.attempts);

  const expected = digest(token);
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!authorized(request, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError(ErrorCode.tokenInvalid);
    }
    await readDatabase();
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(metricsContentType).send(text);
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The bearer matches the token: both hashed first, so the comparison takes the same time whatever the length. */
function authorized(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^bearer /i.test(header)) {
    return false;
  }
  return timingSafeEqual(digest(header.slice(7).trim()), expected);
}

/**
 * smartdata_http_request_duration_seconds{method, route, status_class}: the route is the pattern a
 * route was registered with (`/general/cos/object/*`), never the URL; requests no route took share
 * `unmatched`; status classes are 1xx…5xx. So the series are bounded by the route table.
 */
function observeHttp(app: FastifyInstance, registry: Registry): void {
  const durations = new Histogram({
    name: 'smartdata_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status class: time from arrival to the last byte sent',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: httpBuckets,
    registers: [registry],
  });
  // One labels object per route, method and class, made once (no allocation per request).
  const labels = new Map<string, { method: string; route: string; status_class: string }>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? unmatchedRoute;
    const method = methods.has(request.method) ? request.method : 'OTHER';
    const statusClass = `${Math.min(5, Math.max(1, Math.floor(reply.statusCode / 100)))}xx`;
    const key = `${method} ${statusClass} ${route}`;
    let set = labels.get(key);
    if (!set) {
      set = { method, route, status_class: statusClass };
      labels.set(key, set);
    }
    durations.observe(set, reply.elapsedTime / 1000);
    done();
  });
}

/** A counter whose value is read from a count kept elsewhere, when Prometheus scrapes. */
function readCounter(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/** The same with one label: each value of it read from its own count. */
function readLabelledCounter<L extends string>(registry: Registry, name: string, help: string, label: L, read: () => Record<string, number>): void {
  new Counter<L>({
    name,
    help,
    labelNames: [label],
    registers: [registry],
    collect() {
      this.reset();
      for (const [value, count] of Object.entries(read())) {
        this.inc({ [label]: value } as Record<L, string>, count);
      }
    },
  });
}

function readGauge(registry: Registry, name: string, help: string, read: () => number | null): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      const value = read();
      if (value !== null) {
        this.set(value);
      }
    },
  });
}

/** Telemetry ingest and its group commit (the data-items writer's batches): counts kept by ingest.ts and groupCommit.ts, read at scrape. */
function observeIngest(registry: Registry, telemetry: IngestFigures): void {
  const stats = telemetry.stats;
  const commit = telemetry.commit;
  readCounter(registry, 'smartdata_ingest_publishes_total', 'Telemetry publishes read from devices (embedded broker, external broker, HTTP device API)', () => stats.publishes);
  readLabelledCounter(registry, 'smartdata_ingest_publishes_dropped_total', 'Telemetry publishes not stored: invalid (not telemetry JSON), unbound (device has no bound item), refused (group-commit queue full)', 'reason', () => ({
    invalid: stats.invalid,
    unbound: stats.unbound,
    refused: stats.refused,
  }));
  readCounter(registry, 'smartdata_ingest_values_total', 'Values stored in records', () => stats.values);
  readCounter(registry, 'smartdata_ingest_records_total', 'Records written from telemetry', () => stats.records);
  readLabelledCounter(registry, 'smartdata_ingest_values_ignored_total', 'Values not stored: unknown_key (no field of that name), rejected (the field refused the value)', 'reason', () => ({
    unknown_key: stats.unknownKeys,
    rejected: stats.rejectedValues,
  }));
  readGauge(registry, 'smartdata_group_commit_queued_writes', 'Writes waiting for the next group-commit flush (one per publish and bound item)', () => commit.queued);
  readGauge(registry, 'smartdata_group_commit_queue_capacity_writes', 'Writes that may wait before publishes are refused', () => commit.capacity);
  readCounter(registry, 'smartdata_group_commit_writes_total', 'Writes committed by group-commit flushes', () => commit.stats.items);
  const flushes = new Histogram({
    name: 'smartdata_group_commit_flush_duration_seconds',
    help: 'Group-commit flushes (one transaction of device records), start to commit, by outcome (committed, failed)',
    labelNames: ['outcome'] as const,
    buckets: flushBuckets,
    registers: [registry],
  });
  let threadSeconds = 0;
  readCounter(registry, 'smartdata_group_commit_writer_thread_seconds_total', 'Time flushes waited for the SQLite writer thread (RECORD_WRITER_THREAD=on): the event loop was free meanwhile', () => threadSeconds);
  const committed = { outcome: 'committed' };
  const failed = { outcome: 'failed' };
  commit.onFlush = (flush: FlushObservation) => {
    flushes.observe(flush.failed ? failed : committed, flush.ms / 1000);
    threadSeconds += flush.offLoopMs / 1000;
  };
}

/** Device connections: the embedded broker's clients, or the consumer connections to an external broker. */
function observeTransports(registry: Registry, { broker, externalBroker }: MetricsSources): void {
  if (broker) {
    readGauge(registry, 'smartdata_mqtt_connected_clients', 'MQTT clients connected to this instance’s embedded broker (TCP, TLS and WebSocket)', () => broker.aedes.connectedClients);
  }
  if (externalBroker) {
    readGauge(registry, 'smartdata_mqtt_consumer_connections', 'Consumer connections of this instance to the external broker that are up', () => externalBroker.state().connected);
    readGauge(registry, 'smartdata_mqtt_consumer_connections_configured', 'Consumer connections configured (MQTT_CONSUMERS)', () => externalBroker.consumers);
  }
}

/**
 * What the database says (read once per scrape, before the registry is rendered): devices and their
 * online state, deliveries on their way and failed. These are the cluster's figures (every instance
 * reports the same). A failed read leaves those series out of that scrape (logged), never fails it.
 */
function observeDatabase(registry: Registry, sources: MetricsSources, log: FastifyBaseLogger): () => Promise<void> {
  let devices: { total: number; online: number } | null = null;
  let deliveries: Record<string, number> | null = null;
  new Gauge({ name: 'smartdata_db_info', help: 'The database this instance uses (kind: sqlite, postgres); always 1', labelNames: ['kind'], registers: [registry] }).set({ kind: sources.dbKind }, 1);
  const { pool } = sources;
  if (pool) {
    readGauge(registry, 'smartdata_db_pool_connections', 'PostgreSQL pool: connections open (busy and idle)', () => pool.counts.totalCount);
    readGauge(registry, 'smartdata_db_pool_idle_connections', 'PostgreSQL pool: connections open and idle', () => pool.counts.idleCount);
    readGauge(registry, 'smartdata_db_pool_waiting_queries', 'PostgreSQL pool: queries waiting for a connection', () => pool.counts.waitingCount);
    readGauge(registry, 'smartdata_db_pool_max_connections', 'PostgreSQL pool: the most connections it opens', () => pool.max);
  }
  readGauge(registry, 'smartdata_devices', 'Devices registered (all companies)', () => devices?.total ?? null);
  readGauge(registry, 'smartdata_devices_online', 'Devices online (all companies, as the platform last heard)', () => devices?.online ?? null);
  new Gauge({
    name: 'smartdata_delivery_queue_depth',
    help: 'Deliveries on their way (all instances), by state: pending (first try due), retrying (waiting for the next try), sending (claimed)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      if (deliveries) {
        for (const state of queuedStates) {
          this.set({ state }, deliveries[state] ?? 0);
        }
      }
    },
  });
  readGauge(registry, 'smartdata_delivery_failed_deliveries', 'Deliveries that failed for good and are kept in the delivery log (all instances)', () => (deliveries ? (deliveries.failed ?? 0) : null));
  return async () => {
    const [fleet, queue] = await Promise.allSettled([sources.devices.fleetCounts(), sources.deliveries.counts()]);
    devices = fleet.status === 'fulfilled' ? fleet.value : null;
    deliveries = queue.status === 'fulfilled' ? queue.value : null;
    for (const result of [fleet, queue]) {
      if (result.status === 'rejected') {
        // Rare (the database is down): the scrape answers without these series.
        log.warn({ err: result.reason }, 'metrics: a database read failed');
      }
    }
  };
}

/** smartdata_delivery_attempts_total{adapter, outcome}: tries settled by this instance since start. */
function observeDeliveries(registry: Registry, attempts: MetricsSources['deliveries']['attempts']): void {
  new Counter({
    name: 'smartdata_delivery_attempts_total',
    help: 'Delivery tries settled by this instance, by adapter and outcome: sent, retrying (failed, another try to come), failed (failed for good)',
    labelNames: ['adapter', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [adapter, counts] of attempts) {
        for (const outcome of ['sent', 'retrying', 'failed'] as const) {
          this.inc({ adapter, outcome }, counts[outcome]);
        }
      }
    },
  });
}
