import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { Scheduler } from '@server/platform/scheduler';
import { notFound, permissionDenied } from '@server/platform/errors';
import { cabinCaller, type CabinService } from '../cabin/cabin.service';
import type { HomeService } from '../home/home.service';
import { storageAttachments, type AttachmentObjects } from './attachments';
import { DataItemCatalog, type CatalogObjects } from './dataItemCatalog.service';
import { DataItemConfigService } from './dataItemConfig.service';
import { DataItemsRepository } from './dataItems.repository';
import { registerDataItemsRoutes } from './dataItems.routes';
import { DataItemsService, type CompanyTimeZones } from './dataItems.service';
import { DeviceRecords } from './deviceRecords';
import type { DeviceRecordSink } from './deviceRecords.port';
import { DataItemsMaintenance } from './maintenance.service';
import { defaultRecordPushOptions, RecordPushes, type RecordPushOptions } from './recordPushes';
import { RecordFieldIndexes } from './recordFieldIndexes.repository';
import { RecordsRepository } from './records.repository';
import { RecordsService } from './records.service';
import { RecordTransferService } from './recordTransfer.service';
import { RecordWriter } from './recordWriter';
import type { TaskRecords } from './taskRecords.port';
import type { LatestRecords } from './latestRecords.port';
import { RecordsCommitted } from './recordsCommitted.port';
import type { SeriesReads } from './series.port';
import { SeriesRepository } from './series.repository';
import { defaultRollerOptions, type RollerOptions } from './seriesRoller';

export interface DataItemsOptions extends RecordPushOptions {
  /** SQLite: how often the roller looks for series whose deferred rollups are due (0: never, tests call `rollDue`). */
  rollTickMs: number;
  roller: RollerOptions;
  /**
   * PostgreSQL: whole months of series points (chart values) kept before the current month; older
   * monthly partitions are dropped by the hourly job (null: kept forever; docs/charts.md).
   */
  seriesRetentionMonths: number | null;
}

export const defaultDataItemsOptions: DataItemsOptions = { ...defaultRecordPushOptions, rollTickMs: 10_000, roller: defaultRollerOptions, seriesRetentionMonths: null };

export interface DataItemsDependencies {
  cabin: CabinService;
  storage: AttachmentObjects & CatalogObjects;
  home: Pick<HomeService, 'addCard'>;
  scheduler: Pick<Scheduler, 'schedule'>;
  companies: CompanyTimeZones;
  options?: Partial<DataItemsOptions>;
}

/** What other modules get from data items. */
export interface DataItemsModule {
  /** Items: the permission check every call on an item starts with, fields, the company's time zone, items by id (charts, dashboards, telemetry). */
  dataItems: DataItemsService;
  /** Every company's items, metadata only (system data items). */
  catalog: DataItemCatalog;
  /** The entry of device records, in batches (telemetry). */
  deviceRecords: DeviceRecordSink;
  /** The series reads of a chart (charts). */
  series: SeriesReads;
  /** New records, after their commit, from every writer (alarms). */
  recordsCommitted: Pick<RecordsCommitted, 'subscribe'>;
  /** Results of intelligent tasks written and replaced through the records path (tasks). */
  taskRecords: TaskRecords;
  /** The latest record of items (projects). */
  latestRecords: LatestRecords;
  /** One record, read on its item (document and content templates). */
  records: Pick<RecordsService, 'getRecord'>;
}

/**
 * The data-items module (spec §2 /smartdata, §3, §5; docs/cabin.md): data items, their records,
 * forms, jumps, forwards and item groups, and the series store of their numeric values
 * (docs/charts.md). Builds its repositories and services, registers its routes, the cabin's
 * `dataItem` node kind, the `records:<itemId>` realtime channel, the purge, the acquisition
 * page's records received, the home card, the hourly maintenance job (value expiry, SQLite
 * statistics) and, on SQLite, the roller of deferred rollups.
 */
export function registerDataItemsModule(app: FastifyInstance, platform: Platform, deps: DataItemsDependencies): DataItemsModule {
  const { db, dbKind, realtime, registry } = platform;
  const options: DataItemsOptions = { ...defaultDataItemsOptions, ...deps.options };
  const items = new DataItemsRepository(db);
  const records = new RecordsRepository(db, dbKind);
  const series = new SeriesRepository(dbKind);
  const writer = new RecordWriter(db, dbKind, series, options.roller, { thread: platform.config.recordWriterThread, log: app.log });
  const dataItems = new DataItemsService(items, records, new RecordFieldIndexes(db, dbKind), writer, deps.cabin, deps.companies, platform.config.timeZone);
  const recordsCommitted = new RecordsCommitted(app.log);
  const recordsService = new RecordsService(db, dataItems, items, records, writer, realtime, storageAttachments(deps.storage), platform.config.timeZone, app.log, recordsCommitted);
  const settings = new DataItemConfigService(items, dataItems, recordsService, deps.cabin);
  const transfer = new RecordTransferService(dataItems, recordsService);
  const maintenance = new DataItemsMaintenance(db, items, records, writer, dbKind, options.seriesRetentionMonths);
  const pushes = new RecordPushes(realtime, dbKind, options);
  const deviceRecords = new DeviceRecords(db, dbKind, items, writer, recordsService, pushes, recordsCommitted, app.log);

  registerDataItemsRoutes(app, { dataItems, records: recordsService, settings, transfer });
  deps.cabin.registerKind('dataItem', dataItems.nodeHandler());
  realtime.defineChannel(
    'records',
    async (session, key) => {
      const itemId = Number(key);
      if (!Number.isSafeInteger(itemId) || itemId <= 0) {
        throw notFound();
      }
      if (!session.codes.has('sd_capsule')) {
        throw permissionDenied();
      }
      if (session.companyId === null) {
        throw permissionDenied('auth.noCompany');
      }
      await dataItems.requireItem(cabinCaller(session, session.companyId), itemId, 'read');
    },
    {
      // Checked again for every push (cached levels): a read permission lowered, a node moved under
      // a hidden directory, a lost code or another current company stop the pushes at once.
      visible: (session, key) => {
        if (!session.codes.has('sd_capsule') || session.companyId === null) {
          return false;
        }
        const caller = cabinCaller(session, session.companyId);
        const nodeId = dataItems.itemNode(caller.companyId, Number(key));
        const readable = (id: number | null) => id !== null && deps.cabin.pushLevels.readable(caller, id);
        return nodeId instanceof Promise ? nodeId.then(readable) : readable(nodeId);
      },
    },
  );
  registry.purgers.push((companyId, before) => maintenance.purgeCompany(companyId, before));
  registry.acquisition.push(async (companyIds, { today, yesterday }) => {
    const received = await recordsService.receivedPerCompany(companyIds, yesterday, today);
    return new Map([...received].map(([companyId, counts]) => [companyId, { valuesToday: counts.today, valuesYesterday: counts.yesterday }]));
  });
  deps.home.addCard(async (companyId, session) => (session.codes.has('sd_capsule') ? { code: 'dataItems', count: await dataItems.countItems(companyId) } : null));
  deps.scheduler.schedule('dataItemMaintenance', '0 15 * * * *', async () => {
    const partitions = await maintenance.upkeepPartitions();
    if (partitions.made.length > 0 || partitions.dropped.length > 0) {
      app.log.info(partitions, 'series point partitions made and dropped');
    }
    const deleted = await maintenance.expireValues();
    app.log.info({ deleted }, 'data item value expiry done');
  });

  // The roller folds the rollups device batches deferred (SQLite; docs/charts.md, "Rollups after commit").
  const rollTimer =
    writer.rollerOptions && options.rollTickMs > 0
      ? setInterval(() => {
          writer.rollDue().catch((error: unknown) => app.log.error({ err: error }, 'series roll failed'));
        }, options.rollTickMs)
      : null;
  rollTimer?.unref();
  // After the preClose hooks (telemetry flushes its last batch there), before the database closes.
  app.addHook('onClose', (_instance, done) => {
    if (rollTimer) {
      clearInterval(rollTimer);
    }
    pushes.flush();
    writer.close().then(() => done(), done);
  });

  const taskRecords: TaskRecords = {
    write: async (companyId, itemId, values, at) => (await recordsService.ingestRecord(companyId, itemId, values, { source: 'task', at })).id,
    replace: (companyId, itemId, recordId, values) => recordsService.replaceTaskValues(companyId, itemId, recordId, values),
  };
  return { dataItems, catalog: new DataItemCatalog(items, records, deps.storage), deviceRecords, series: series.reader(db), recordsCommitted, taskRecords, latestRecords: { latest: (companyId, itemIds) => recordsService.latestRecords(companyId, itemIds) }, records: recordsService };
}
