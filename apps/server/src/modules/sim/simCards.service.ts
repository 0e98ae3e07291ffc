import {
  dataCardStateOf,
  exhaustionWarning,
  localDay,
  planWindow,
  roundMb,
  simLimits,
  usedPercent,
  type AddCardRequest,
  type CardListQuery,
  type DataCardState,
  type ExportCardsQuery,
  type Locale,
  type Page,
  type PlanPeriod,
  type SimCard,
  type SimCardListItem,
  type SimCarrier,
  type SimStatus,
  type UpdateCardRequest,
  type UsageDay,
} from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { conflict, notFound, validationError } from '@server/platform/errors';
import { isUniqueViolation } from '@server/platform/db/uniqueViolation';
import { translate } from '@server/platform/i18n';
import type { CabinCaller } from '../cabin/cabin.service';
import type { SimDependencies } from './simDependencies';
import { SimRepository, type CardFilter, type CardRow } from './sim.repository';

/** The company's card, or 40400 (the operations' and usage's calls name a card too). */
export async function requireCard(repository: SimRepository, companyId: number, id: number): Promise<CardRow> {
  const row = await repository.findCard(companyId, id);
  if (!row) {
    throw notFound();
  }
  return row;
}

/**
 * SIM traffic cards (docs/sim.md): the company's record of each card, its gateway binding, its
 * daily usage, and the rows the import and export (simTransfer.ts) read and write.
 */
export class SimCardsService {
  constructor(
    private readonly db: Db,
    private readonly repository: SimRepository,
    private readonly deps: Pick<SimDependencies, 'devices' | 'timeZone' | 'now'>,
  ) {}

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
    return this.toCard(caller.companyId, await requireCard(this.repository, caller.companyId, id), locale);
  }

  /** The card bound to a gateway the caller may read, or null. */
  async deviceCard(caller: CabinCaller, deviceId: number, locale: Locale): Promise<SimCard | null> {
    await this.deps.devices.require(caller, deviceId);
    const row = await this.repository.cardOfDevice(caller.companyId, deviceId);
    return row ? this.toCard(caller.companyId, row, locale) : null;
  }

  /** The company's own record of a card (number, IMSI, plan as recorded, alert %, gateway's rate, remarks). */
  async updateCard(caller: CabinCaller, request: UpdateCardRequest): Promise<void> {
    const row = await requireCard(this.repository, caller.companyId, request.id);
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
    const row = await requireCard(this.repository, caller.companyId, request.id);
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
    const row = await requireCard(this.repository, caller.companyId, id);
    await this.repository.updateCard(caller.companyId, row.id, { device_id: null, updated_at: this.deps.now() });
  }

  /** A deleted device leaves its card unbound. */
  async devicesRemoved(trx: Db, companyId: number, deviceIds: readonly number[]): Promise<void> {
    await SimRepository.in(trx).unbindDevices(companyId, deviceIds, this.deps.now());
  }

  /** MB per local day of the last `days` days (today included), of a card or of the company; days without traffic are 0. */
  async usage(caller: CabinCaller, query: { cardId?: number; days: number }): Promise<UsageDay[]> {
    if (query.cardId !== undefined) {
      await requireCard(this.repository, caller.companyId, query.cardId);
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
