import {
  connectedCarriers,
  dataCardStateOf,
  exhaustionWarning,
  localDay,
  planWindow,
  roundMb,
  simLimits,
  spreadOverDays,
  usedPercent,
  type AddCardRequest,
  type CardListQuery,
  type CarrierConnection,
  type ChangePlanRequest,
  type ConnectedCarrier,
  type ConnectionMode,
  type DataCardState,
  type ExportCardsQuery,
  type Locale,
  type OperationListQuery,
  type OperationState,
  type Page,
  type PlanPeriod,
  type SimAction,
  type SimCard,
  type SimCardListItem,
  type SimCarrier,
  type SimOperation,
  type SimStatus,
  type SyncResult,
  type UpdateCardRequest,
  type UpdateConnectionRequest,
  type UsageDay,
} from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { conflict, notFound, validationError } from '@server/platform/errors';
import { isUniqueViolation } from '@server/platform/db/uniqueViolation';
import { translate } from '@server/platform/i18n';
import type { SecretBox } from '@server/platform/secretBox';
import type { SimAlarms } from '../alarms/simAlarms.port';
import type { CabinCaller } from '../cabin/cabin.service';
import type { CarrierCardRef, CarrierProvider, ConnectionSettings, LineAnswer } from './carrierProvider';
import { liveCarrierStub } from './liveCarrierStubs';
import { SimRepository, type CardFilter, type CardRow, type ConnectionRow, type OperationRow } from './sim.repository';
import { SimulatedCarrier, type SimulatedLine } from './simulatedCarrier';

/** The gateways a card can be bound to (the devices module's, through the composition file). */
export interface SimDevices {
  /** The device when the caller may read it; 40400 for another company's id. */
  require(caller: CabinCaller, deviceId: number): Promise<{ id: number; name: string; nodeId: number }>;
  /** Names and cabin nodes of the company's devices by id. */
  byIds(companyId: number, ids: readonly number[]): Promise<{ id: number; name: string; nodeId: number }[]>;
}


export interface SimDependencies {
  devices: SimDevices;
  /** Cloud monitoring's threshold alarms. */
  alarms: SimAlarms;
  timeZone: (companyId: number) => Promise<string>;
  secrets: SecretBox;
  now: () => number;
}

/** A submitted operation the carrier has not confirmed by then has failed. */
const confirmTimeoutMs = 24 * 3_600_000;
/** The periodic sync asks again about cards last synced this long ago. */
export const periodicSyncMs = 30 * 60_000;
const syncBatch = 500;
const secretPurpose = (carrier: string) => `sim.connection.${carrier}`;

const defaultConnection = (): Omit<ConnectionSettings, 'carrier'> => ({
  mode: 'simulated',
  account: '',
  secret: null,
  endpoint: '',
  delaySeconds: simLimits.defaultSimulatedDelaySeconds,
});

/** SIM traffic cards (docs/sim.md): cards, carrier operations, sync, usage and carrier connections of a company. */
export class SimService {
  private readonly simulated: SimulatedCarrier;

  constructor(
    private readonly db: Db,
    private readonly repository: SimRepository,
    private readonly deps: SimDependencies,
  ) {
    this.simulated = new SimulatedCarrier({
      lines: async (companyId, iccids) => (await this.repository.simulatedLines(companyId, iccids)).map(toSimulatedLine),
      save: (line, isNew) => this.repository.saveSimulatedLine(fromSimulatedLine(line), isNew),
    });
  }

  // ---- cards ----

  /** Adds a card (status none until the first sync); 50001 for a bad or duplicate ICCID. */
  async addCard(caller: CabinCaller, request: AddCardRequest): Promise<{ id: number }> {
    if ((await this.repository.takenIccids(caller.companyId, [request.iccid])).size > 0) {
      throw validationError(`sim.iccid.taken|${request.iccid}`);
    }
    try {
      const [id] = await this.repository.insertCards([this.newCard(caller, request)]);
      return { id: id };
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw validationError(`sim.iccid.taken|${request.iccid}`);
      }
      throw error;
    }
  }

  private newCard(caller: CabinCaller, request: AddCardRequest): Parameters<SimRepository['insertCards']>[0][number] {
    const now = this.deps.now();
    const planMb = request.planMb ?? null;
    return {
      company_id: caller.companyId,
      number: request.number,
      iccid: request.iccid,
      imsi: request.imsi ?? null,
      carrier: request.carrier,
      plan_name: request.planName ?? '',
      plan_period: request.planPeriod ?? 'monthly',
      plan_mb: planMb,
      used_mb: 0,
      used_pct: usedPercent(0, planMb),
      period_start: null,
      activated_at: null,
      expires_at: null,
      device_id: null,
      status: 'none',
      raw_status: null,
      state: 'notActivated',
      last_sync_at: null,
      last_sync_result: null,
      remarks: request.remarks ?? '',
      alert_percent: request.alertPercent ?? simLimits.defaultAlertPercent,
      alerted_period: null,
      data_frequency: null,
      payload_bytes: null,
      created_by: caller.userId,
      created_at: now,
      updated_at: now,
    };
  }

  async requireCard(companyId: number, id: number): Promise<CardRow> {
    const row = await this.repository.findCard(companyId, id);
    if (!row) {
      throw notFound();
    }
    return row;
  }

  /** The company's cards, newest first, under the list's filters. */
  async listCards(caller: CabinCaller, query: CardListQuery, locale: Locale): Promise<Page<SimCardListItem>> {
    const { rows, total } = await this.repository.listCards(caller.companyId, filterOf(query), query);
    return { list: await this.listItems(caller.companyId, rows, locale), total };
  }

  private async listItems(companyId: number, rows: readonly CardRow[], locale: Locale): Promise<SimCardListItem[]> {
    const deviceIds = [...new Set(rows.flatMap((r) => (r.device_id === null ? [] : [r.device_id])))];
    const [devices, open] = await Promise.all([this.deps.devices.byIds(companyId, deviceIds), this.repository.openOperations(companyId, rows.map((r) => r.id))]);
    const deviceName = new Map(devices.map((d) => [d.id, d.name]));
    const openCards = new Set(open.map((o) => o.card_id));
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      iccid: row.iccid,
      carrier: row.carrier as SimCarrier,
      status: row.status as SimStatus,
      state: row.state as DataCardState,
      usedMb: row.used_mb,
      planMb: row.plan_mb,
      usedPercent: usedPercent(row.used_mb, row.plan_mb),
      deviceId: row.device_id,
      deviceName: row.device_id === null ? null : (deviceName.get(row.device_id) ?? null),
      imsi: row.imsi,
      rawStatus: row.raw_status,
      lastSyncAt: row.last_sync_at,
      lastSyncResult: row.last_sync_result === null ? null : row.last_sync_result === 'ok' ? 'ok' : translate(row.last_sync_result, locale),
      operationOpen: openCards.has(row.id),
    }));
  }

  private async toCard(companyId: number, row: CardRow, locale: Locale): Promise<SimCard> {
    const [item] = await this.listItems(companyId, [row], locale);
    const now = this.deps.now();
    const timeZone = await this.deps.timeZone(companyId);
    const period = planWindow(row.plan_period as PlanPeriod, row.period_start ?? now, timeZone);
    return {
      ...item,
      planName: row.plan_name,
      planPeriod: row.plan_period as PlanPeriod,
      remainingMb: row.plan_mb === null ? null : roundMb(Math.max(0, row.plan_mb - row.used_mb)),
      periodStart: row.period_start === null ? null : period.from,
      periodEnd: row.period_start === null ? null : period.to,
      activatedAt: row.activated_at,
      expiresAt: row.expires_at,
      alertPercent: row.alert_percent,
      dataFrequency: row.data_frequency,
      payloadBytes: row.payload_bytes,
      remarks: row.remarks,
      createdAt: row.created_at,
      warning:
        row.device_id === null
          ? null
          : exhaustionWarning({ usedMb: row.used_mb, planMb: row.plan_mb, now, periodEnd: period.to, dataFrequency: row.data_frequency, payloadBytes: row.payload_bytes }),
    };
  }

  /** One card with its period, plan and the plan-exhaustion warning of its gateway. */
  async getCard(caller: CabinCaller, id: number, locale: Locale): Promise<SimCard> {
    return this.toCard(caller.companyId, await this.requireCard(caller.companyId, id), locale);
  }

  /** The card bound to a gateway the caller may read, or null. */
  async deviceCard(caller: CabinCaller, deviceId: number, locale: Locale): Promise<SimCard | null> {
    await this.deps.devices.require(caller, deviceId);
    const row = await this.repository.cardOfDevice(caller.companyId, deviceId);
    return row ? this.toCard(caller.companyId, row, locale) : null;
  }

  /** The company's own record of a card (number, IMSI, plan as recorded, alert %, gateway's rate, remarks). */
  async updateCard(caller: CabinCaller, request: UpdateCardRequest): Promise<void> {
    const row = await this.requireCard(caller.companyId, request.id);
    const planMb = request.planMb === undefined ? row.plan_mb : request.planMb;
    await this.repository.updateCard(caller.companyId, row.id, {
      number: request.number ?? row.number,
      imsi: request.imsi === undefined ? row.imsi : request.imsi,
      plan_name: request.planName ?? row.plan_name,
      plan_period: request.planPeriod ?? row.plan_period,
      plan_mb: planMb,
      used_pct: usedPercent(row.used_mb, planMb),
      state: dataCardStateOf(row.status as SimStatus, row.used_mb, planMb),
      alert_percent: request.alertPercent ?? row.alert_percent,
      data_frequency: request.dataFrequency === undefined ? row.data_frequency : request.dataFrequency,
      payload_bytes: request.payloadBytes === undefined ? row.payload_bytes : request.payloadBytes,
      remarks: request.remarks ?? row.remarks,
      updated_at: this.deps.now(),
    });
  }

  /** Deletes cards with their operations and usage history (other companies' ids are not found). */
  async deleteCards(caller: CabinCaller, ids: readonly number[]): Promise<void> {
    const rows = await this.repository.cardsByIds(caller.companyId, ids);
    if (rows.length !== new Set(ids).size) {
      throw notFound();
    }
    await this.db.transaction().execute((trx) => SimRepository.in(trx).deleteCards(caller.companyId, ids));
  }

  /** Binds a card to a gateway of the company (one card per gateway); 40400 for another company's device. */
  async bindDevice(caller: CabinCaller, request: { id: number; deviceId: number; dataFrequency?: number; payloadBytes?: number }): Promise<void> {
    const row = await this.requireCard(caller.companyId, request.id);
    const device = await this.deps.devices.require(caller, request.deviceId);
    const other = await this.repository.cardOfDevice(caller.companyId, device.id);
    if (other && other.id !== row.id) {
      throw conflict(`sim.device.taken|${other.number}`);
    }
    await this.repository.updateCard(caller.companyId, row.id, {
      device_id: device.id,
      data_frequency: request.dataFrequency ?? row.data_frequency,
      payload_bytes: request.payloadBytes ?? row.payload_bytes,
      updated_at: this.deps.now(),
    });
  }

  async unbindDevice(caller: CabinCaller, id: number): Promise<void> {
    const row = await this.requireCard(caller.companyId, id);
    await this.repository.updateCard(caller.companyId, row.id, { device_id: null, updated_at: this.deps.now() });
  }

  /** A deleted device leaves its card unbound. */
  async devicesRemoved(trx: Db, companyId: number, deviceIds: readonly number[]): Promise<void> {
    await SimRepository.in(trx).unbindDevices(companyId, deviceIds, this.deps.now());
  }

  // ---- operations ----

  /**
   * Records one operation per card, state pending; the next sync hands them to the carrier. Cards
   * of one carrier (a batch goes to one carrier), none with an operation under way.
   */
  async operate(caller: CabinCaller, ids: readonly number[], action: SimAction, plan?: { planMb: number; planName?: string }, locale: Locale = 'zh-CN'): Promise<SimOperation[]> {
    const unique = [...new Set(ids)];
    const rows = await this.repository.cardsByIds(caller.companyId, unique);
    if (rows.length !== unique.length) {
      throw notFound();
    }
    const carriers = new Set(rows.map((r) => r.carrier));
    if (carriers.size > 1) {
      throw validationError('sim.batch.mixedCarriers');
    }
    if (carriers.has('none')) {
      throw validationError('sim.batch.noCarrier');
    }
    const open = await this.repository.openOperations(caller.companyId, unique);
    if (open.length > 0) {
      const card = rows.find((r) => r.id === open[0].card_id)!;
      throw conflict(`sim.operation.open|${card.number}`);
    }
    const now = this.deps.now();
    const opIds = await this.repository.insertOperations(
      rows.map((row) => ({
        company_id: caller.companyId,
        card_id: row.id,
        carrier: row.carrier,
        action,
        plan_mb: plan?.planMb ?? null,
        plan_name: plan?.planName ?? null,
        state: 'pending',
        message: null,
        carrier_ref: null,
        created_by: caller.userId,
        created_at: now,
        submitted_at: null,
        finished_at: null,
      })),
    );
    return this.operationViews(caller.companyId, await this.repository.operationsByIds(caller.companyId, opIds), locale);
  }

  async changePlan(caller: CabinCaller, request: ChangePlanRequest, locale: Locale): Promise<SimOperation[]> {
    return this.operate(caller, request.ids, 'changePlan', { planMb: request.planMb, planName: request.planName }, locale);
  }

  /** The operations of a card or of the company, newest first. */
  async listOperations(caller: CabinCaller, query: OperationListQuery, locale: Locale): Promise<Page<SimOperation>> {
    if (query.cardId !== undefined) {
      await this.requireCard(caller.companyId, query.cardId);
    }
    const { rows, total } = await this.repository.listOperations(caller.companyId, { cardId: query.cardId, state: query.state }, query);
    return { list: await this.operationViews(caller.companyId, rows, locale), total };
  }

  private async operationViews(companyId: number, rows: readonly OperationRow[], locale: Locale): Promise<SimOperation[]> {
    const cards = new Map((await this.repository.cardsByIds(companyId, [...new Set(rows.map((r) => r.card_id))])).map((c) => [c.id, c]));
    return rows.map((row) => ({
      id: row.id,
      cardId: row.card_id,
      number: cards.get(row.card_id)?.number ?? '',
      iccid: cards.get(row.card_id)?.iccid ?? '',
      carrier: row.carrier as SimCarrier,
      action: row.action as SimAction,
      planMb: row.plan_mb,
      state: row.state as OperationState,
      message: row.message === null ? null : translate(row.message, locale),
      createdAt: row.created_at,
      submittedAt: row.submitted_at,
      finishedAt: row.finished_at,
    }));
  }

  // ---- sync ----

  /**
   * Sync now: hands pending operations to the carrier, asks it about the cards, updates status,
   * state, plan and traffic (spread over the local days since the last sync), confirms operations
   * that took effect and fails those the carrier refused or never confirmed, and raises threshold
   * alerts. Without ids every card of the company.
   */
  async sync(companyId: number, ids?: readonly number[]): Promise<SyncResult> {
    const all = ids ? [...new Set(ids)] : await this.repository.cardIdsOfCompany(companyId);
    const result: SyncResult = { cards: 0, submitted: 0, confirmed: 0, failed: 0, errors: 0 };
    if (ids) {
      const found = await this.repository.cardsByIds(companyId, all);
      if (found.length !== all.length) {
        throw notFound();
      }
    }
    const timeZone = await this.deps.timeZone(companyId);
    const connections = await this.connectionSettings(companyId);
    for (let i = 0; i < all.length; i += syncBatch) {
      const rows = await this.repository.cardsByIds(companyId, all.slice(i, i + syncBatch));
      result.cards += rows.length;
      for (const carrier of ['none', ...connectedCarriers] as const) {
        const group = rows.filter((r) => r.carrier === carrier);
        if (group.length === 0) {
          continue;
        }
        if (carrier === 'none') {
          const now = this.deps.now();
          for (const row of group) {
            await this.repository.updateCard(companyId, row.id, { last_sync_at: now, last_sync_result: 'sim.provider.noCarrier', updated_at: now });
          }
          result.errors += group.length;
          continue;
        }
        await this.syncGroup(companyId, connections.get(carrier)!, group, timeZone, result);
      }
    }
    return result;
  }

  private providerOf(connection: ConnectionSettings): CarrierProvider {
    return connection.mode === 'simulated' ? this.simulated : liveCarrierStub(connection.carrier);
  }

  private async syncGroup(companyId: number, connection: ConnectionSettings, rows: readonly CardRow[], timeZone: string, result: SyncResult): Promise<void> {
    const provider = this.providerOf(connection);
    const refOf = (row: CardRow): CarrierCardRef => ({ iccid: row.iccid, carrier: row.carrier as ConnectedCarrier, planMb: row.plan_mb, planPeriod: row.plan_period as PlanPeriod });
    const context = () => ({ companyId, connection, now: this.deps.now(), timeZone });
    const byId = new Map(rows.map((r) => [r.id, r]));

    // 1. Orders not yet handed over.
    for (const op of await this.repository.openOperations(companyId, rows.map((r) => r.id))) {
      if (op.state !== 'pending') {
        continue;
      }
      const answer = await provider.submit(context(), refOf(byId.get(op.card_id)!), { action: op.action as SimAction, planMb: op.plan_mb });
      const now = this.deps.now();
      if (answer.accepted) {
        await this.repository.updateOperation(companyId, op.id, { state: 'submitted', carrier_ref: answer.ref, submitted_at: now });
        result.submitted += 1;
      } else {
        await this.repository.updateOperation(companyId, op.id, { state: 'failed', message: answer.message, finished_at: now });
        result.failed += 1;
      }
    }

    // 2. What the carrier says now.
    const answers = await provider.query(context(), rows.map(refOf));
    const open = await this.repository.openOperations(companyId, rows.map((r) => r.id));
    for (const row of rows) {
      const answer: LineAnswer = answers.get(row.iccid) ?? { ok: false, message: 'sim.provider.unknownCard' };
      const counts = await this.db.transaction().execute((trx) => this.applyLine(SimRepository.in(trx), companyId, row, answer, open.filter((o) => o.card_id === row.id), timeZone));
      result.confirmed += counts.confirmed;
      result.failed += counts.failed;
      result.errors += answer.ok ? 0 : 1;
      // After the commit: cloud monitoring writes through its own connection.
      if (counts.alert) {
        const [device] = row.device_id === null ? [] : await this.deps.devices.byIds(companyId, [row.device_id]);
        await this.deps.alarms.raise(companyId, { ...counts.alert, cardId: row.id, number: row.number, nodeId: device?.nodeId ?? null });
      }
    }
  }

  private async applyLine(
    repository: SimRepository,
    companyId: number,
    row: CardRow,
    answer: LineAnswer,
    open: readonly OperationRow[],
    timeZone: string,
  ): Promise<{ confirmed: number; failed: number; alert: { key: string; percent: number; time: number } | null }> {
    const now = this.deps.now();
    const counts: { confirmed: number; failed: number; alert: { key: string; percent: number; time: number } | null } = { confirmed: 0, failed: 0, alert: null };
    if (!answer.ok) {
      await repository.updateCard(companyId, row.id, { last_sync_at: now, last_sync_result: answer.message.slice(0, 200), updated_at: now });
      return counts;
    }
    const line = answer.line;
    let planName = row.plan_name;
    for (const op of open) {
      if (op.state !== 'submitted' || op.carrier_ref === null) {
        continue;
      }
      if (op.carrier_ref in line.finished) {
        const message = line.finished[op.carrier_ref];
        if (message === null || message === undefined) {
          await repository.updateOperation(companyId, op.id, { state: 'confirmed', finished_at: now });
          counts.confirmed += 1;
          if (op.action === 'changePlan' && op.plan_name) {
            planName = op.plan_name;
          }
        } else {
          await repository.updateOperation(companyId, op.id, { state: 'failed', message, finished_at: now });
          counts.failed += 1;
        }
      } else if (op.submitted_at !== null && now - op.submitted_at > confirmTimeoutMs) {
        await repository.updateOperation(companyId, op.id, { state: 'failed', message: 'sim.operation.timeout', finished_at: now });
        counts.failed += 1;
      }
    }
    // Traffic since the last sync: a new period starts from zero.
    const samePeriod = row.period_start === line.periodStart;
    const delta = samePeriod ? Math.max(0, line.usedMb - row.used_mb) : line.usedMb;
    const from = samePeriod && row.last_sync_at !== null ? row.last_sync_at : Math.max(line.periodStart, row.last_sync_at ?? line.periodStart);
    await repository.addUsage(companyId, row.id, spreadOverDays(Math.min(from, now), now, delta, timeZone));
    const usedMb = roundMb(line.usedMb);
    const pct = usedPercent(usedMb, line.planMb);
    const alert = row.alert_percent > 0 && pct !== null && pct >= row.alert_percent && row.alerted_period !== line.periodStart;
    await repository.updateCard(companyId, row.id, {
      status: line.status,
      raw_status: line.rawStatus,
      state: dataCardStateOf(line.status, usedMb, line.planMb),
      used_mb: usedMb,
      plan_mb: line.planMb,
      plan_name: planName,
      used_pct: pct,
      period_start: line.periodStart,
      activated_at: line.activatedAt,
      expires_at: line.expiresAt,
      last_sync_at: now,
      last_sync_result: 'ok',
      alerted_period: alert ? line.periodStart : row.alerted_period,
      updated_at: now,
    });
    if (alert) {
      counts.alert = { key: `sim:${row.id}:${line.periodStart}`, percent: pct, time: now };
    }
    return counts;
  }

  /** Whether any card (any company) is due for the periodic sync. */
  async anyCardDue(): Promise<boolean> {
    return (await this.repository.cardsDue(this.deps.now() - periodicSyncMs, 1)).length > 0;
  }

  /** The periodic sync (scheduler): cards not synced for `periodicSyncMs` and cards with pending operations, every company. */
  async periodicSync(limit = 5000): Promise<number> {
    const due = await this.repository.cardsDue(this.deps.now() - periodicSyncMs, limit);
    const byCompany = new Map<number, number[]>();
    for (const card of due) {
      byCompany.set(card.company_id, [...(byCompany.get(card.company_id) ?? []), card.id]);
    }
    for (const [companyId, ids] of byCompany) {
      await this.sync(companyId, ids);
    }
    return due.length;
  }

  // ---- usage ----

  /** MB per local day of the last `days` days (today included), of a card or of the company; days without traffic are 0. */
  async usage(caller: CabinCaller, query: { cardId?: number; days: number }): Promise<UsageDay[]> {
    if (query.cardId !== undefined) {
      await this.requireCard(caller.companyId, query.cardId);
    }
    const timeZone = await this.deps.timeZone(caller.companyId);
    const now = this.deps.now();
    const days: string[] = [];
    for (let i = query.days - 1; i >= 0; i -= 1) {
      days.push(localDay(now - i * 86_400_000, timeZone));
    }
    const used = new Map((await this.repository.usageByDay(caller.companyId, days[0], query.cardId)).map((r) => [r.day, r.mb]));
    return [...new Set(days)].map((day) => ({ day, usedMb: roundMb(used.get(day) ?? 0) }));
  }

  // ---- connections ----

  private async connectionSettings(companyId: number): Promise<Map<ConnectedCarrier, ConnectionSettings>> {
    const stored = new Map((await this.repository.connections(companyId)).map((r) => [r.carrier, r]));
    return new Map(
      connectedCarriers.map((carrier) => {
        const row = stored.get(carrier);
        if (!row) {
          return [carrier, { carrier, ...defaultConnection() }];
        }
        let secret: string | null = null;
        try {
          secret = row.secret === null ? null : this.deps.secrets.decrypt(row.secret, secretPurpose(carrier));
        } catch {
          secret = null; // the settings secret changed: the secret is entered again
        }
        return [carrier, { carrier, mode: row.mode as ConnectionMode, account: row.account, secret, endpoint: row.endpoint, delaySeconds: row.delay_seconds }];
      }),
    );
  }

  /** The company's connection of each carrier (secrets only as set / not set). */
  async connections(companyId: number): Promise<CarrierConnection[]> {
    const stored = new Map((await this.repository.connections(companyId)).map((r) => [r.carrier, r]));
    return connectedCarriers.map((carrier) => {
      const row = stored.get(carrier);
      const mode = (row?.mode ?? 'simulated') as ConnectionMode;
      return {
        carrier,
        mode,
        account: row?.account ?? '',
        endpoint: row?.endpoint ?? '',
        secretSet: row?.secret !== null && row?.secret !== undefined,
        delaySeconds: row?.delay_seconds ?? simLimits.defaultSimulatedDelaySeconds,
        working: mode === 'simulated',
        updatedAt: row?.updated_at ?? null,
      };
    });
  }

  async updateConnection(caller: CabinCaller, request: UpdateConnectionRequest): Promise<void> {
    const old = (await this.repository.connections(caller.companyId)).find((r) => r.carrier === request.carrier);
    const secret = request.secret === undefined ? (old?.secret ?? null) : request.secret === '' ? null : this.deps.secrets.encrypt(request.secret, secretPurpose(request.carrier));
    const row: ConnectionRow = {
      company_id: caller.companyId,
      carrier: request.carrier,
      mode: request.mode,
      account: request.account ?? old?.account ?? '',
      secret,
      endpoint: request.endpoint ?? old?.endpoint ?? '',
      delay_seconds: request.delaySeconds ?? old?.delay_seconds ?? simLimits.defaultSimulatedDelaySeconds,
      updated_by: caller.userId,
      updated_at: this.deps.now(),
    };
    await this.repository.saveConnection(row);
  }

  // ---- import and export helpers (simTransfer.ts) ----

  /** The ICCIDs of the list the company has already. */
  takenIccids(companyId: number, iccids: readonly string[]): Promise<Set<string>> {
    return this.repository.takenIccids(companyId, iccids);
  }

  /** Adds checked cards in one transaction (all or none). */
  async addCheckedCards(caller: CabinCaller, requests: readonly AddCardRequest[]): Promise<number> {
    const rows = requests.map((request) => this.newCard(caller, request));
    await this.db.transaction().execute((trx) => SimRepository.in(trx).insertCards(rows));
    return rows.length;
  }

  /** Every card of the filter, as list items (the export). */
  async exportRows(caller: CabinCaller, query: ExportCardsQuery, locale: Locale): Promise<SimCard[]> {
    const rows = await this.repository.allCards(caller.companyId, filterOf(query));
    const cards: SimCard[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const items = await this.listItems(caller.companyId, rows.slice(i, i + 500), locale);
      items.forEach((item, index) => {
        const row = rows[i + index];
        cards.push({
          ...item,
          planName: row.plan_name,
          planPeriod: row.plan_period as PlanPeriod,
          remainingMb: row.plan_mb === null ? null : roundMb(Math.max(0, row.plan_mb - row.used_mb)),
          periodStart: row.period_start,
          periodEnd: null,
          activatedAt: row.activated_at,
          expiresAt: row.expires_at,
          alertPercent: row.alert_percent,
          dataFrequency: row.data_frequency,
          payloadBytes: row.payload_bytes,
          remarks: row.remarks,
          createdAt: row.created_at,
          warning: null,
        });
      });
    }
    return cards;
  }
}

function filterOf(query: Omit<CardListQuery, 'pageNum' | 'pageSize'>): CardFilter {
  return {
    carrier: query.carrier,
    status: query.status,
    state: query.state,
    keyword: query.keyword || undefined,
    usageMin: query.usageMin,
    usageMax: query.usageMax,
    bound: query.bound === undefined ? undefined : query.bound === 'true',
  };
}

function toSimulatedLine(row: {
  company_id: number;
  iccid: string;
  status: string;
  status_since: number;
  plan_mb: number;
  used_mb: number;
  used_at: number;
  period_start: number;
  activated_at: number | null;
  scheduled: string;
  done: string;
  orders: number;
}): SimulatedLine {
  return {
    companyId: row.company_id,
    iccid: row.iccid,
    status: row.status as SimStatus,
    statusSince: Number(row.status_since),
    planMb: Number(row.plan_mb),
    usedMb: Number(row.used_mb),
    usedAt: Number(row.used_at),
    periodStart: Number(row.period_start),
    activatedAt: row.activated_at === null ? null : Number(row.activated_at),
    scheduled: JSON.parse(row.scheduled) as SimulatedLine['scheduled'],
    done: JSON.parse(row.done) as SimulatedLine['done'],
    orders: row.orders,
  };
}

function fromSimulatedLine(line: SimulatedLine) {
  return {
    company_id: line.companyId,
    iccid: line.iccid,
    status: line.status,
    status_since: line.statusSince,
    plan_mb: line.planMb,
    used_mb: line.usedMb,
    used_at: line.usedAt,
    period_start: line.periodStart,
    activated_at: line.activatedAt,
    scheduled: JSON.stringify(line.scheduled),
    done: JSON.stringify(line.done),
    orders: line.orders,
  };
}
