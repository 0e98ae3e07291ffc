import Fastify, { type FastifyInstance } from 'fastify';
import { loggerOptions } from './platform/requestLog';
// The common-password list of passwordSchema (registers itself: domain auth/commonPasswordCheck.ts).
import '@smartdata/domain/commonPasswords';
import formbody from '@fastify/formbody';
import { registerBodyRules, registerNulRule } from './platform/requestBody';
import { parseQuery, registerQueryRules } from './platform/queryParams';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode, limits } from '@smartdata/domain';
import { loadConfig, type AppConfig } from './config';
import { migrate, notify, openDatabase } from './platform/db/database';
import { registerEnvelope, ok } from './platform/envelope';
import { AppError } from './platform/errors';
import { Sessions } from './platform/auth/sessions';
import { FailureThrottle } from './platform/auth/failureThrottle';
import { databaseRateLimitStore } from './platform/auth/rateLimitStore';
import { registerAuthHook } from './platform/auth/hook';
import { ConfiguredSmsSender } from './platform/sms';
import { SecretBox, settingsSecretSource } from './platform/secretBox';
import { SmtpMailSender } from './platform/mail';
import { brokerCertHosts } from './platform/brokerTls';
import { DeviceHttpInbox } from './platform/deviceHttp';
import { registerMqttWebSocket, startBroker, type Broker } from './platform/mqtt';
import { connectExternalBroker, type ExternalBroker } from './platform/mqttClient';
import { markDocsPublic, okResponse, registerOpenApi } from './platform/openapi';
import { healthAnswer } from './platform/openapiResponses';
import { registerWeb } from './platform/web';
import { registerMetrics } from './platform/metrics';
import { registerSecurityHeaders } from './platform/securityHeaders';
import { registerTestRoutes } from './platform/testRoutes';
import { ensurePlatformAdmin } from './platform/bootstrap';
import type { Platform } from './platform/context';
import { Registry } from './platform/registry';
import { IpAllowList } from './platform/ipAllowList';
import { registerAuditLog } from './platform/audit';
import { Scheduler } from './platform/scheduler';
import { WriteVersion } from './platform/writeVersion';
import { Realtime } from './platform/realtime';
import { createCompaniesService, registerCompaniesModule } from './modules/companies/companies.module';
import { registerRolesModule } from './modules/roles/roles.module';
import { registerOrdersModule } from './modules/orders/orders.module';
import { registerGroupsModule } from './modules/groups/groups.module';
import { registerUsersModule } from './modules/users/users.module';
import { registerAuthModule } from './modules/auth/auth.module';
import { registerWechatModule } from './modules/wechat/wechat.module';
import { registerSmsModule } from './modules/sms/sms.module';
import { registerHomeModule } from './modules/home/home.module';
import { registerStorageModule } from './modules/storage/storage.module';
import { registerSettingsModule } from './modules/settings/settings.module';
import { registerSystemModule } from './modules/system/system.module';
import { registerCabinModule } from './modules/cabin/cabin.module';
import { registerDataItemsModule } from './modules/data-items/dataItems.module';
import { registerDashboardsModule } from './modules/dashboards/dashboards.module';
import { registerChartsModule } from './modules/charts/charts.module';
import { registerDevicesModule } from './modules/devices/devices.module';
import { registerGatewaysModule } from './modules/gateways/gateways.module';
import { registerTelemetryModule } from './modules/telemetry/telemetry.module';
import { registerAlarmsModule, type AlarmDeadlines } from './modules/alarms/alarms.module';
import { registerNotifyModule, type DeliveryClock } from './modules/notify/notify.module';
import { registerApiKeysModule } from './modules/apiKeys/apiKeys.module';
import { registerTasksModule, type TaskClock } from './modules/tasks/tasks.module';
import { registerWebhooksModule, type WebhookClock } from './modules/webhooks/webhooks.module';
import { registerFilesModule } from './modules/files/files.module';
import { registerProjectsModule } from './modules/projects/projects.module';
import { registerTemplatesModule } from './modules/templates/templates.module';
import { registerMetersModule } from './modules/meters/meters.module';
import { registerInventoryModule } from './modules/inventory/inventory.module';
import { registerSimModule, type SimClock } from './modules/sim/sim.module';
import { registerProductionModule } from './modules/production/production.module';
import { registerSalesModule } from './modules/sales/sales.module';
import { registerGasModule } from './modules/gas/gas.module';
import { registerReportsModule, type ReportClock } from './modules/reports/reports.module';
import { registerBackupsModule, type BackupsClock } from './modules/backups/backups.module';
import type { DeviceDeadlines } from './modules/devices/devices.module';
import type { TelemetryIngest } from './modules/telemetry/ingest';
import { recordRoutes, type RouteEntry } from './platform/routeTable';

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
    /**
     * Handles for tests and benchmarks (they shorten time-outs, run sweeps, read ingest
     * counters). No module reads a decoration: modules get what they need as arguments here.
     */
    devices: DeviceDeadlines;
    telemetry: TelemetryIngest;
    alarms: AlarmDeadlines;
    /** The delivery queue: drain at a later `now` (retries), wait for sends in hand. */
    notify: DeliveryClock;
    tasks: TaskClock;
    /** Event subscriptions: wait until every event heard is in the delivery queue. */
    webhooks: WebhookClock;
    reports: ReportClock;
    sim: SimClock;
    /** Backups: a scheduled slot's run, the start's checks, a later clock, the runs in hand. */
    backups: BackupsClock;
    /** Every registered route with its access rule (platform/routeTable.ts), for generated tests. */
    routeTable: readonly RouteEntry[];
  }
}

/**
 * Builds the whole server: database (migrated), broker, auth, modules, web. Tests call this and
 * use app.inject; main.ts calls it and listens.
 */
export async function buildApp(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const config: AppConfig = { ...loadConfig(), ...overrides };
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    // 1 MB for a JSON body; a route that needs more says so (bodyLimit in its options).
    bodyLimit: 1024 * 1024,
    connectionTimeout: limits.requestTimeoutMs * 2,
    // Bracketed keys (deepObject) beside the spec's JSON strings (platform/queryParams.ts).
    routerOptions: { querystringParser: parseQuery },
  });
  markDocsPublic(app);
  app.decorate('routeTable', recordRoutes(app));
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API; the body is already the envelope, so serialize plainly.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerEnvelope(app);

  const database = await openDatabase(config);
  await migrate(database.db, config.databaseUrl ? config.databaseSchema : undefined);

  let broker: Broker | null = null;
  let externalBroker: ExternalBroker | null = null;
  if (!config.mqttUrl && (config.mqttPort !== null || config.mqttTlsPort !== null)) {
    broker = await startBroker(
      {
        port: config.mqttPort,
        host: config.host,
        maxPacketBytes: config.mqttMaxPacketBytes,
        tls:
          config.mqttTlsPort === null
            ? null
            : { port: config.mqttTlsPort, certificate: { certFile: config.mqttTlsCert, keyFile: config.mqttTlsKey, dataDir: config.dataDir, hosts: brokerCertHosts(config.mqttPublicHost) } },
      },
      app.log,
    );
  } else if (config.mqttUrl) {
    externalBroker = await connectExternalBroker(
      { url: config.mqttUrl, instanceId: config.instanceId, consumers: config.mqttConsumers, receiveMaximum: config.mqttReceiveMaximum, sessionExpirySeconds: config.mqttSessionExpirySeconds },
      app.log,
    );
    // Before the modules' preClose hooks (telemetry removes its hook and flushes): no publish is
    // taken, and so none acknowledged, once the close has begun.
    const external = externalBroker;
    app.addHook('preClose', () => external.stopConsuming());
  }
  const writes = new WriteVersion();
  const sessions = new Sessions(database.db, config.sessionCacheMs, writes);
  const realtime = new Realtime(sessions, app.log);
  if (config.databaseUrl) {
    // Several instances share pushes through PostgreSQL LISTEN/NOTIFY (docs/architecture.md).
    await realtime.listenPostgres(config.databaseUrl, config.databaseSchema, (channel, payload) => notify(database.db, channel, payload));
  }
  const mail = new SmtpMailSender(config.smtpUrl, config.mailFrom);
  const box = new SecretBox(settingsSecretSource({ secret: config.settingsSecret, dataDir: config.dataDir }));
  const sms = new ConfiguredSmsSender(database.db, app.log, box);
  const platform: Platform = {
    config,
    db: database.db,
    dbKind: database.kind,
    sessions,
    failures: new FailureThrottle(database.db),
    sms,
    mail,
    broker,
    externalBroker,
    deviceHttp: new DeviceHttpInbox(),
    registry: new Registry(),
    writes,
    realtime,
  };
  const scheduler = new Scheduler(database.db, app.log, config.timeZone);
  const allowList = new IpAllowList(database.db);
  await allowList.reload();
  app.decorate('platform', platform);
  app.addHook('onClose', async () => {
    scheduler.stop();
    mail.close();
    await realtime.close();
    await broker?.close();
    await externalBroker?.close();
    await database.close();
  });

  await app.register(formbody);
  registerBodyRules(app);
  registerNulRule(app);
  registerQueryRules(app);
  // The sign-in page shows WeChat's QR page in a frame (docs/auth.md).
  registerSecurityHeaders(app, { frameSrc: [new URL(config.wechatOpenBase).origin] });
  if (process.env.CORS_ORIGIN) {
    await app.register(cors, { origin: process.env.CORS_ORIGIN.split(',') });
  }
  // Counted in the database: several instances share one count per route and address.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(database.db),
    errorResponseBuilder: () => new AppError(ErrorCode.rateLimited),
  });
  await registerOpenApi(app);
  allowList.register(app);
  registerAuthHook(app, sessions);
  registerAuditLog(app, database.db);
  writes.register(app);
  await realtime.register(app, { maxPayload: config.mqttMaxPacketBytes + 1024 });
  if (broker) {
    registerMqttWebSocket(app, broker);
  }

  // `mqtt`: the embedded broker's port; `externalMqtt`: with MQTT_URL, how many consumer
  // connections are up (never the broker's address or account: this answer is public).
  app.get('/general/health', { config: { public: true }, schema: { tags: ['platform'], summary: 'Liveness, database kind and MQTT connections', response: okResponse(healthAnswer) } }, async () =>
    ok({ status: 'up', database: database.kind, mqtt: broker ? broker.port : null, externalMqtt: externalBroker ? externalBroker.state() : null }),
  );
  // Organisation modules, each after the ones it calls. The company records come first: roles,
  // orders, groups and users check companies through them, and the rest of the companies module
  // (members, invitations, new companies) calls those modules back (companies.module.ts).
  const companies = createCompaniesService(platform);
  const roles = registerRolesModule(app, platform, { companies });
  const orders = registerOrdersModule(app, platform, { companies });
  const groups = registerGroupsModule(app, platform, { companies });
  const users = registerUsersModule(app, platform, { companies, roles, orders });
  const companyAdmin = registerCompaniesModule(app, platform, { companies, roles, orders, users, groups });
  const auth = registerAuthModule(app, platform, { users, companyAdmin });
  registerWechatModule(app, platform, { users });
  registerSmsModule(app, { sms });
  const home = registerHomeModule(app, { companies, roles });
  const storage = registerStorageModule(app, platform, { users, companies });
  registerSettingsModule(app, platform);
  // Machine credentials: after users (its hook follows the notice gate), before the modules whose routes keys call.
  registerApiKeysModule(app, platform);
  await ensurePlatformAdmin(database.db, config, app.log, { companies, users, companyAdmin });
  const cabin = registerCabinModule(app, platform, { groups, companies });
  const { dataItems, catalog, deviceRecords, series, recordsCommitted, taskRecords, latestRecords, records } = registerDataItemsModule(app, platform, { cabin, storage, home, scheduler, companies, options: { seriesRetentionMonths: config.seriesRetentionMonths } });
  registerSystemModule(app, platform, { allowList, scheduler, companies, users, catalog });
  registerFilesModule(app, platform, { cabin, storage });
  registerProjectsModule(app, platform, { cabin, dataItems, latestRecords });
  registerTemplatesModule(app, platform, { cabin, dataItems, records, companies });
  const charts = registerChartsModule(app, platform, { cabin, dataItems, series });
  registerDashboardsModule(app, platform, { cabin, dataItems, companies, charts });
  const { devices, gatewayDevices, deadlines, onlineChanges, lifecycle } = registerDevicesModule(app, platform, { cabin, storage, companies });
  const { stock, salesStock, gasStock } = registerInventoryModule(app, platform, { cabin, lifecycle });
  registerProductionModule(app, platform, { stock });
  registerSalesModule(app, platform, { salesStock, storage, companies });
  registerGasModule(app, platform, { gasStock, companies });
  registerGatewaysModule(app, platform, { cabin, devices: gatewayDevices });
  const telemetry = registerTelemetryModule(app, platform, { cabin, dataItems, deviceRecords, devices });
  const meters = registerMetersModule(app, platform, { cabin, dataItems, devices, deviceTelemetry: telemetry.deviceTelemetry, series });
  app.decorate('reports', registerReportsModule(app, platform, { cabin, dataItems, series, meters }));
  const notifyModule = registerNotifyModule(app, platform, { scheduler, box, sms });
  app.decorate('notify', notifyModule.clock);
  const alarms = registerAlarmsModule(app, platform, { cabin, dataItems, devices, recordsCommitted, onlineChanges, companies, groups, notify: notifyModule.sender, deliveries: notifyModule.clock });
  app.decorate('sim', registerSimModule(app, platform, { cabin, devices, timeZone: (companyId) => dataItems.timeZone(companyId), scheduler, alarms: alarms.simAlarms }));
  app.decorate('devices', deadlines);
  app.decorate('alarms', alarms.deadlines);
  const tasks = registerTasksModule(app, platform, { dataItems, series, taskRecords, recordsCommitted, devices: gatewayDevices, alarms: alarms.taskAlarms, meters, companies, groups });
  app.decorate('tasks', tasks.clock);
  // Event subscriptions hear records, alarms, devices and task runs: after all four (docs/webhooks.md).
  app.decorate(
    'webhooks',
    registerWebhooksModule(app, platform, { box, queue: notifyModule.queue, cabin, dataItems, devices, users, recordsCommitted, alarmEvents: alarms.alarmEvents, onlineChanges, taskRuns: tasks.runsFinished }),
  );
  // The platform's backups (issue 38): after alarms (failed and missed runs are platform alarms) and storage (the bucket).
  app.decorate('backups', registerBackupsModule(app, platform, { scheduler, database, alarms: alarms.platformAlarms, storage }));
  app.decorate('telemetry', telemetry.ingest);
  if (config.testRoutes) {
    registerTestRoutes(app, (phone) => auth.latestSentCode(phone));
  }
  // GET /metrics (METRICS_TOKEN; off: 40400): before the web app, whose history fallback would take the path.
  registerMetrics(app, config.metricsToken, { dbKind: database.kind, pool: database.pool, broker, externalBroker, telemetry: telemetry.ingest, devices, deliveries: notifyModule.figures });
  await registerWeb(app, config.webDist);
  if (externalBroker) {
    // After the modules' own onReady hooks (the devices module listens to the broker there).
    const external = externalBroker;
    app.addHook('onReady', () => external.startConsuming());
  }
  await app.ready();
  return app;
}
