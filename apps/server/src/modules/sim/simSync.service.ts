import {
  connectedCarriers,
  dataCardStateOf,
  roundMb,
  spreadOverDays,
  usedPercent,
  type ConnectedCarrier,
  type PlanPeriod,
  type SimAction,
  type SimStatus,
  type SyncResult,
} from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import type { SimSimulatedLineTable } from '@server/platform/db/schema.sim';
import { notFound } from '@server/platform/errors';
import type { CarrierCardRef, CarrierProvider, ConnectionSettings, LineAnswer } from './carrierProvider';
import type { LiveCarriers } from './liveCarriers';
import type { SimConnectionsService } from './simConnections.service';
import type { SimDependencies } from './simDependencies';
import { SimRepository, type CardRow, type OperationRow } from './sim.repository';
import { SimulatedCarrier, type SimulatedLine } from './simulatedCarrier';

/** A submitted operation the carrier has not confirmed by then has failed. */
const confirmTimeoutMs = 24 * 3_600_000;
/** The periodic sync asks again about cards last synced this long ago. */
export const periodicSyncMs = 30 * 60_000;
const syncBatch = 500;

/**
 * Syncing SIM cards with their carriers (docs/sim.md): sync now and the periodic sync, through one
 * provider interface (the simulated carrier unless a live connection is set); threshold alerts go
 * to cloud monitoring after each card's commit.
 */
export class SimSyncService {
  private readonly simulated: SimulatedCarrier;

  constructor(
    private readonly db: Db,
    private readonly repository: SimRepository,
    private readonly connections: SimConnectionsService,
    private readonly live: LiveCarriers,
    private readonly deps: Pick<SimDependencies, 'devices' | 'alarms' | 'timeZone' | 'now'>,
  ) {
    this.simulated = new SimulatedCarrier({
      lines: async (companyId, iccids) => (await this.repository.simulatedLines(companyId, iccids)).map(toSimulatedLine),
      save: (line, isNew) => this.repository.saveSimulatedLine(fromSimulatedLine(line), isNew),
    });
  }


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
    const connections = await this.connections.connectionSettings(companyId);
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
    return connection.mode === 'simulated' ? this.simulated : this.live.of(connection.carrier);
  }

  private async syncGroup(companyId: number, connection: ConnectionSettings, rows: readonly CardRow[], timeZone: string, result: SyncResult): Promise<void> {
    const provider = this.providerOf(connection);
    const refOf = (row: CardRow, open: readonly OperationRow[] = []): CarrierCardRef => ({
      iccid: row.iccid,
      carrier: row.carrier as ConnectedCarrier,
      planMb: row.plan_mb,
      planPeriod: row.plan_period as PlanPeriod,
      submitted: open.flatMap((op) => (op.card_id === row.id && op.state === 'submitted' && op.carrier_ref !== null ? [op.carrier_ref] : [])),
    });
    const context = () => ({ companyId, connection, now: this.deps.now(), timeZone });
    const byId = new Map(rows.map((r) => [r.id, r]));

    // 1. Orders not yet handed over. One the carrier could not take now (a rate limit) stays
    // pending with its message: the next sync (or the periodic one) hands it over again.
    for (const op of await this.repository.openOperations(companyId, rows.map((r) => r.id))) {
      if (op.state !== 'pending') {
        continue;
      }
      const answer = await provider.submit(context(), refOf(byId.get(op.card_id)!), { action: op.action as SimAction, planMb: op.plan_mb });
      const now = this.deps.now();
      if (answer.accepted) {
        await this.repository.updateOperation(companyId, op.id, { state: 'submitted', carrier_ref: answer.ref, submitted_at: now, message: null });
        result.submitted += 1;
      } else if (answer.retryLater) {
        await this.repository.updateOperation(companyId, op.id, { message: answer.message.slice(0, 200) });
        result.errors += 1;
      } else {
        await this.repository.updateOperation(companyId, op.id, { state: 'failed', message: answer.message.slice(0, 200), finished_at: now });
        result.failed += 1;
      }
    }

    // 2. What the carrier says now.
    const open = await this.repository.openOperations(companyId, rows.map((r) => r.id));
    const answers = await provider.query(context(), rows.map((row) => refOf(row, open)));
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
    // Days the carrier reports itself take its figure; the others a share of the traffic since the last sync.
    const reported = new Set((line.days ?? []).map((d) => d.day));
    await repository.addUsage(companyId, row.id, spreadOverDays(Math.min(from, now), now, delta, timeZone).filter((part) => !reported.has(part.day)));
    await repository.setUsage(companyId, row.id, (line.days ?? []).map((d) => ({ day: d.day, mb: d.usedMb })));
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
}

function toSimulatedLine(row: SimSimulatedLineTable): SimulatedLine {
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
