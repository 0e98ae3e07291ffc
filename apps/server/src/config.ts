import os from 'node:os';
import path from 'node:path';
import { Cron } from 'croner';

export interface AppConfig {
  host: string;
  port: number;
  dataDir: string;
  /** `postgres://…` switches to PostgreSQL; undefined keeps the embedded SQLite database. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  databaseSchema?: string;
  /** Embedded SQLite file; ':memory:' for tests. Defaults to DATA_DIR/smartdata.db. */
  sqliteFile?: string;
  /**
   * Embedded database in a file: RECORD_WRITER_THREAD=on writes device batches and the roller on a
   * thread of their own; the default writes them on the event loop, in slices (docs/telemetry.md,
   * docs/performance.md: both measured, why the default stays).
   */
  recordWriterThread: boolean;
  /** Embedded MQTT broker port; null disables the embedded broker (tests, or MQTT_URL set). */
  mqttPort: number | null;
  /**
   * External broker (`mqtt://user:pass@host:port`); with it the embedded broker is off and device
   * traffic comes through a shared subscription (platform/mqttClient.ts, docs/operations.md).
   */
  mqttUrl?: string;
  /**
   * MQTT_DYNSEC=1: the broker of MQTT_URL is Mosquitto 2 with the dynamic-security plugin and
   * MQTT_URL's account its admin; the platform writes each device's account and topic ACL there
   * (modules/devices/deviceBrokerAccounts.ts, docs/operations.md). Ignored without MQTT_URL.
   */
  mqttDynsec: boolean;
  /**
   * This instance's stable name (INSTANCE_ID, default host name + HTTP port): its MQTT client ids
   * (`smartdata-{id}-…`) and so its persistent sessions on the external broker. Two running
   * instances must not share it; a restarted instance must keep it.
   */
  instanceId: string;
  /** Consumer connections per instance in the shared subscription (MQTT_CONSUMERS, default 16). */
  mqttConsumers: number;
  /**
   * Publishes the external broker may send each consumer before the first is acknowledged (the
   * MQTT 5 Receive Maximum; MQTT_RECEIVE_MAXIMUM, 1–65535, default 64): each PUBACK still waits for its commit.
   */
  mqttReceiveMaximum: number;
  /** How long the external broker keeps a disconnected consumer's session and queue (MQTT_SESSION_EXPIRY, seconds, default 1 hour). */
  mqttSessionExpirySeconds: number;
  /** The largest MQTT packet the embedded broker reads (MQTT_MAX_PACKET_BYTES, default 256 KB); a larger one closes the connection. */
  mqttMaxPacketBytes: number;
  /**
   * The embedded broker's MQTTS listener (MQTT_TLS_PORT, default 8883; `off` disables it; null
   * with MQTT_URL or in tests). Its certificate: MQTT_TLS_CERT + MQTT_TLS_KEY, else a private CA
   * made in DATA_DIR/mqtt-tls (platform/brokerTls.ts).
   */
  mqttTlsPort: number | null;
  mqttTlsCert?: string;
  mqttTlsKey?: string;
  /** Connections one device (SN) may hold at once across TCP, TLS and WebSocket (MQTT_MAX_CONNECTIONS_PER_DEVICE, default 4). */
  mqttMaxConnectionsPerDevice: number;
  /** MQTTS port shown to devices (MQTT_PUBLIC_TLS_PORT); else the listener's. */
  mqttPublicTlsPort?: number;
  /** Requests per minute one device may make to the HTTP device API (DEVICE_HTTP_RATE, default 600). */
  deviceHttpRatePerMinute: number;
  /** Calls per minute one API key may make, across instances (API_KEY_RATE_PER_MINUTE, default 600). */
  apiKeyRatePerMinute: number;
  adminUser: string;
  adminPassword?: string;
  logLevel: string;
  /** Test-only endpoints (SMS outbox, slow answers); never on in production. */
  testRoutes: boolean;
  /** Serve the built web app from this folder when it exists. */
  webDist: string;
  /** Sessions are cached this long per process; logout clears the local cache at once. */
  sessionCacheMs: number;
  /**
   * PostgreSQL: keep the raw values of series (series_point) this many whole UTC months back; older
   * monthly partitions are dropped by the hourly upkeep (docs/charts.md). Unset: kept for ever.
   */
  seriesRetentionMonths: number | null;
  trustProxy: boolean;
  /** Platform-wide default time zone (companies have their own). */
  timeZone: string;
  /** S3-compatible object storage (MinIO, …); all four set → S3 driver, else local disk under DATA_DIR/objects. */
  s3Endpoint?: string;
  s3Bucket?: string;
  s3AccessKey?: string;
  s3SecretKey?: string;
  s3Region: string;
  /** Path-style bucket addressing (MinIO needs it); S3_FORCE_PATH_STYLE=0 for virtual-hosted style. */
  s3ForcePathStyle: boolean;
  /** HMAC key of signed local storage URLs; else DATA_DIR/storage-secret, generated on first use. */
  storageSecret?: string;
  /** Lifetime of signed upload and download URLs. */
  storageUrlTtlSeconds: number;
  /** MQTT address shown to devices on the device access page; else the request's host name. */
  mqttPublicHost?: string;
  /** MQTT port shown to devices; else the embedded broker's port (or the MQTT_URL port, or 1883). */
  mqttPublicPort?: number;
  /** SMTP server for e-mail (alarm notifications), e.g. smtps://user:pass@smtp.example.com:465; e-mail is off without it. */
  smtpUrl?: string;
  /** Sender address of e-mails. */
  mailFrom: string;
  /** Key of settings stored encrypted at rest and of signed values (platform/secretBox.ts); else DATA_DIR/settings-secret, generated on first use. */
  settingsSecret?: string;
  /** WeChat Open Platform (the qrconnect page the browser is sent to); a stand-in in tests. */
  wechatOpenBase: string;
  /** WeChat API (the code-for-token call the server makes); a stand-in in tests. */
  wechatApiBase: string;
  /**
   * WEBHOOK_ALLOW_HOSTS (comma-separated host names, IPs or CIDRs): outbound webhooks and group
   * robots may reach these although they are loopback, link-local or private (platform/outboundHttp.ts).
   */
  webhookAllowHosts: string[];
  /**
   * METRICS_TOKEN: GET /metrics (Prometheus text) answers only with `Authorization: Bearer <token>`;
   * unset, /metrics is off (404). At least 16 characters (platform/metrics.ts, docs/operations.md).
   */
  metricsToken?: string;
  /**
   * BACKUP_DIR: the folder scheduled backups and "back up now" write to (modules/backups,
   * docs/operations.md "Scheduled backups"); unset, backups are off. BACKUP_CRON (croner, seconds
   * first, in `timeZone`; default daily 03:00), BACKUP_KEEP (complete backups kept, default 7),
   * BACKUP_S3_PREFIX (also upload each backup to the S3 bucket under this prefix, when S3 is configured).
   */
  backupDir?: string;
  backupCron: string;
  backupKeep: number;
  backupS3Prefix?: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // `npm start` runs the server from apps/server; ./data and relative DATA_DIR values mean the
  // folder the user typed the command in (npm's INIT_CWD), the repository root by default.
  const userCwd = env.INIT_CWD ?? process.cwd();
  const dataDir = env.DATA_DIR ? path.resolve(userCwd, env.DATA_DIR) : path.join(repoRoot, 'data');
  const mqttPort = env.MQTT_URL ? null : env.MQTT_PORT === '' || env.MQTT_PORT === 'off' ? null : Number(env.MQTT_PORT ?? 1883);
  return {
    host: env.HOST ?? '0.0.0.0',
    port: Number(env.PORT ?? 8080),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    recordWriterThread: env.RECORD_WRITER_THREAD === 'on',
    mqttPort,
    mqttUrl: env.MQTT_URL || undefined,
    mqttDynsec: env.MQTT_DYNSEC === '1',
    instanceId: env.INSTANCE_ID || `${os.hostname()}-${env.PORT ?? 8080}`,
    mqttConsumers: Math.max(1, Number(env.MQTT_CONSUMERS ?? 16)),
    mqttReceiveMaximum: Math.min(65_535, Math.max(1, Math.floor(Number(env.MQTT_RECEIVE_MAXIMUM ?? 64)) || 64)),
    mqttSessionExpirySeconds: Number(env.MQTT_SESSION_EXPIRY ?? 3600),
    mqttMaxPacketBytes: Number(env.MQTT_MAX_PACKET_BYTES ?? 256 * 1024),
    mqttTlsPort: env.MQTT_URL || env.MQTT_TLS_PORT === '' || env.MQTT_TLS_PORT === 'off' ? null : portNumber('MQTT_TLS_PORT', env.MQTT_TLS_PORT ?? '8883'),
    mqttTlsCert: env.MQTT_TLS_CERT ? path.resolve(userCwd, env.MQTT_TLS_CERT) : undefined,
    mqttTlsKey: env.MQTT_TLS_KEY ? path.resolve(userCwd, env.MQTT_TLS_KEY) : undefined,
    mqttMaxConnectionsPerDevice: wholeNumber('MQTT_MAX_CONNECTIONS_PER_DEVICE', env.MQTT_MAX_CONNECTIONS_PER_DEVICE ?? '4', 1, 1000),
    mqttPublicTlsPort: env.MQTT_PUBLIC_TLS_PORT ? portNumber('MQTT_PUBLIC_TLS_PORT', env.MQTT_PUBLIC_TLS_PORT) : undefined,
    deviceHttpRatePerMinute: wholeNumber('DEVICE_HTTP_RATE', env.DEVICE_HTTP_RATE ?? '600', 1, 1_000_000),
    apiKeyRatePerMinute: wholeNumber('API_KEY_RATE_PER_MINUTE', env.API_KEY_RATE_PER_MINUTE ?? '600', 1, 1_000_000),
    adminUser: env.SMARTDATA_ADMIN_USER || 'admin',
    adminPassword: env.SMARTDATA_ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    testRoutes: env.SMARTDATA_TEST_ROUTES === '1',
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    sessionCacheMs: Number(env.SESSION_CACHE_MS ?? 5000),
    seriesRetentionMonths: retentionMonths(env.SERIES_RETENTION_MONTHS),
    trustProxy: env.TRUST_PROXY === '1',
    timeZone: env.SMARTDATA_TIME_ZONE ?? 'Asia/Shanghai',
    s3Endpoint: env.S3_ENDPOINT || undefined,
    s3Bucket: env.S3_BUCKET || undefined,
    s3AccessKey: env.S3_ACCESS_KEY || undefined,
    s3SecretKey: env.S3_SECRET_KEY || undefined,
    s3Region: env.S3_REGION || 'us-east-1',
    s3ForcePathStyle: env.S3_FORCE_PATH_STYLE !== '0',
    storageSecret: env.STORAGE_SECRET || undefined,
    storageUrlTtlSeconds: Number(env.STORAGE_URL_TTL_SECONDS ?? 300),
    mqttPublicHost: env.MQTT_PUBLIC_HOST || undefined,
    mqttPublicPort: env.MQTT_PUBLIC_PORT ? Number(env.MQTT_PUBLIC_PORT) : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'SmartData Console <no-reply@localhost>',
    settingsSecret: env.SETTINGS_SECRET || undefined,
    wechatOpenBase: (env.WECHAT_OPEN_BASE || 'https://open.weixin.qq.com').replace(/\/+$/, ''),
    wechatApiBase: (env.WECHAT_API_BASE || 'https://api.weixin.qq.com').replace(/\/+$/, ''),
    webhookAllowHosts: (env.WEBHOOK_ALLOW_HOSTS ?? '').split(',').map((host) => host.trim()).filter((host) => host !== ''),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    backupDir: env.BACKUP_DIR ? path.resolve(userCwd, env.BACKUP_DIR) : undefined,
    backupCron: cronPattern('BACKUP_CRON', env.BACKUP_CRON || '0 0 3 * * *'),
    backupKeep: wholeNumber('BACKUP_KEEP', env.BACKUP_KEEP || '7', 1, 1000),
    backupS3Prefix: env.BACKUP_S3_PREFIX ? env.BACKUP_S3_PREFIX.replace(/^\/+|\/+$/g, '') || undefined : undefined,
  };
}

/** A croner pattern (`0 0 3 * * *`: seconds first), else the start stops naming the setting. */
function cronPattern(setting: string, value: string): string {
  try {
    new Cron(value, { paused: true }).stop();
  } catch (error) {
    throw new Error(`${setting} must be a cron pattern such as "0 0 3 * * *" (got ${JSON.stringify(value)}): ${error instanceof Error ? error.message : String(error)}`);
  }
  return value;
}

/** Defaults for tests and benchmarks: in-memory SQLite, no broker, quiet logs. */
/** A whole number from `min` to `max`, else the start stops naming the setting. */
function wholeNumber(setting: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${setting} must be a whole number from ${min} to ${max} (got ${JSON.stringify(value)})`);
  }
  return n;
}

/** A TCP port (0 picks a free one). */
function portNumber(setting: string, value: string): number {
  return wholeNumber(setting, value, 0, 65_535);
}

/** SERIES_RETENTION_MONTHS: a whole number of months ≥ 1, or unset/empty for no retention; anything else stops the start. */
function retentionMonths(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') {
    return null;
  }
  const months = Number(value);
  if (!Number.isInteger(months) || months < 1 || months > 1200) {
    throw new Error(`SERIES_RETENTION_MONTHS must be a whole number of months from 1 to 1200 (got ${JSON.stringify(value)})`);
  }
  return months;
}

/** METRICS_TOKEN: unset or empty switches /metrics off; else 16 or more characters without spaces, or the start stops. */
function metricsToken(value: string | undefined): string | undefined {
  if (value === undefined || value === '') {
    return undefined;
  }
  if (value.length < 16 || /\s/.test(value)) {
    throw new Error('METRICS_TOKEN must be at least 16 characters without spaces (or unset to switch /metrics off)');
  }
  return value;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({}),
    host: '127.0.0.1',
    port: 0,
    sqliteFile: ':memory:',
    mqttPort: null,
    mqttTlsPort: null,
    logLevel: 'silent',
    testRoutes: true,
    adminUser: 'admin',
    adminPassword: 'Admin12345',
    settingsSecret: 'test-settings-secret-of-at-least-32-characters',
    ...overrides,
  };
}
