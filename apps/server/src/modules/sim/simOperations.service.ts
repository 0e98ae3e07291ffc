import { type Locale, type OperationListQuery, type OperationState, type Page, type SimAction, type SimCarrier, type SimOperation, type ChangePlanRequest } from '@smartdata/domain';
import { conflict, notFound, validationError } from '@server/platform/errors';
import { translate } from '@server/platform/i18n';
import type { CabinCaller } from '../cabin/cabin.service';
import { requireCard } from './simCards.service';
import type { SimDependencies } from './simDependencies';
import type { OperationRow, SimRepository } from './sim.repository';

/**
 * Carrier operations on SIM cards (docs/sim.md): activate, suspend, resume and change plan, one
 * operation per card, recorded as pending; the sync (simSync.service.ts) hands them to the carrier
 * and confirms or fails them.
 */
export class SimOperationsService {
  constructor(
    private readonly repository: SimRepository,
    private readonly deps: Pick<SimDependencies, 'now'>,
  ) {}

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
      await requireCard(this.repository, caller.companyId, query.cardId);
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
}
