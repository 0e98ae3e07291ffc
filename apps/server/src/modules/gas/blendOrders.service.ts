import {
  blendInput,
  blendOrderStateNames,
  type BlendInput,
  type BlendOrderState,
  type GasComponentResult,
  type GasInfoView,
  type GasWarning,
  type Locale,
} from '@smartdata/domain';
import { gasInfo, GASES, gravimetricComposition, vapourPressureBar, type ManometricResult, type PremixProposal, type SafetyFinding } from '@smartdata/domain/gas';
import type { Db } from '@server/platform/db/database';
import { conflict, validationError } from '@server/platform/errors';
import { translate } from '@server/platform/i18n';
import type { CabinCaller } from '../cabin/cabin.service';
import type { GasStock } from '../inventory/gasStock.port';
import { domain, parentGases, parentUncertainties, plan, type PlanOutcome } from './gasCalc';
import type { GasNumbering } from './gasNumbering';
import { gasField, GasRefused } from './gasRefused';
import { json, requireOrder, type PageRequest } from './gasRows';
import { GasRepository, type BlendOrderRow } from './gas.repository';

type OrderFields = BlendInput & { cylinderNumber: string; cylinderMaterial: string; valve: string; remarks: string; productItemId?: number; warehouseId?: number };

export interface StoredPlan {
  result: ManometricResult;
  premix: PremixProposal | null;
  findings: SafetyFinding[];
}

export interface FillRecord {
  masses: { key: string; massG: number; uG: number }[];
  fillTemperatureC: number;
  composition: GasComponentResult[];
  filledAt: number;
}

export interface AnalysisRecord {
  method: string;
  analysedAt: number;
  results: { gas: string; fraction: number; u: number }[];
  /** Per component: gravimetric value and U, analysed value, difference, and whether they agree within √(U_grav² + (2u_an)²). */
  comparison: { gas: string; gravimetric: number; U: number; analysed: number; difference: number; agrees: boolean }[];
}

const warningsOf = (findings: readonly SafetyFinding[], locale: Locale): GasWarning[] =>
  findings.map((f) => ({ code: f.code, ...(f.gas !== undefined ? { gas: f.gas } : {}), severity: f.severity, message: translate(`gas.warning.${f.code}|${f.params.join('|')}`, locale) }));

/**
 * Gas blending orders (issue 20, docs/gas.md): the gas table and plans, then an order from draft
 * through filled and analysed (certified is the certificate service's step). The calculations are
 * gasCalc.ts on @smartdata/domain/gas; a filled order's cylinders move through inventory's
 * GasStock port in the order's transaction.
 */
export class BlendOrdersService {
  constructor(
    private readonly db: Db,
    private readonly repository: GasRepository,
    private readonly stock: GasStock,
    private readonly numbering: GasNumbering,
  ) {}

  // ---- gases and plans ----

  gases(): GasInfoView[] {
    return GASES.map((g) => {
      const p15 = vapourPressureBar(g.gas, 288.15);
      return {
        gas: g.gas,
        nameZh: g.nameZh,
        nameEn: g.nameEn,
        molarMass: g.molarMass,
        gerg: g.gerg,
        flammable: g.flammable,
        ...(g.lelPercent !== undefined ? { lelPercent: g.lelPercent } : {}),
        oxidizer: g.oxidizer,
        ...(p15 !== null ? { vapourPressureBarAt15C: p15 } : {}),
      };
    });
  }

  plan(input: BlendInput, locale: Locale): { result: ManometricResult; premix: PremixProposal | null; warnings: GasWarning[] } {
    const outcome = plan(input);
    return { result: outcome.result, premix: outcome.premix, warnings: warningsOf(outcome.findings, locale) };
  }
  // ---- blending orders ----

  /** A saveable plan: refused when a safety check says error; inventory ids checked (40400 for another company's). */
  private async checkedPlan(caller: CabinCaller, request: OrderFields): Promise<PlanOutcome> {
    const outcome = plan(request);
    const error = outcome.findings.find((f) => f.severity === 'error');
    if (error) {
      throw new GasRefused('unsafe', `${error.code}: ${error.params.join(', ')}`, `gas.warning.${error.code}|${error.params.join('|')}`);
    }
    const parentItems = request.parents.filter((p) => p.itemId !== undefined);
    if ((request.productItemId !== undefined || parentItems.length > 0) && request.warehouseId === undefined) {
      throw validationError('gas.order.inventoryBoth');
    }
    if (request.warehouseId !== undefined && request.productItemId === undefined && parentItems.length === 0) {
      throw validationError('gas.order.inventoryBoth');
    }
    if (request.warehouseId !== undefined) {
      await this.stock.requireWarehouse(caller.companyId, request.warehouseId);
    }
    for (const id of [request.productItemId, ...parentItems.map((p) => p.itemId)]) {
      if (id !== undefined) {
        await this.stock.requireItem(caller.companyId, id);
      }
    }
    return outcome;
  }

  private orderColumns(request: OrderFields, outcome: PlanOutcome) {
    const input: BlendInput = blendInput.parse(request);
    return {
      method: request.method,
      cylinder_number: request.cylinderNumber,
      cylinder_material: request.cylinderMaterial,
      valve: request.valve,
      remarks: request.remarks,
      input_json: JSON.stringify(input),
      plan_json: JSON.stringify({ result: outcome.result, premix: outcome.premix, findings: outcome.findings } satisfies StoredPlan),
      product_item_id: request.productItemId ?? null,
      warehouse_id: request.warehouseId ?? null,
    };
  }

  async addOrder(caller: CabinCaller, request: OrderFields): Promise<{ id: number; number: string }> {
    const outcome = await this.checkedPlan(caller, request);
    const prefix = `GB-${(await this.numbering.today(caller.companyId)).replaceAll('-', '')}-`;
    return this.numbering.numbered(caller.companyId, 'gas_blend_order', prefix, 3, async (number) => {
      const now = Date.now();
      const id = await this.repository.insertOrder({ company_id: caller.companyId, number, state: 'draft', ...this.orderColumns(request, outcome), fill_json: null, analysis_json: null, created_by: caller.userId, created_at: now, updated_at: now });
      return { id, number };
    });
  }

  private stateConflict(state: string) {
    return conflict(`gas.order.state.${state}`);
  }

  async updateOrder(caller: CabinCaller, request: OrderFields & { id: number }): Promise<void> {
    const row = await requireOrder(this.repository, caller.companyId, request.id);
    if (row.state !== 'draft') {
      throw this.stateConflict(row.state);
    }
    const outcome = await this.checkedPlan(caller, request);
    if (!(await this.repository.updateOrder(caller.companyId, request.id, ['draft'], this.orderColumns(request, outcome)))) {
      throw this.stateConflict('filled');
    }
  }

  async deleteOrder(caller: CabinCaller, id: number): Promise<void> {
    const row = await requireOrder(this.repository, caller.companyId, id);
    if (row.state !== 'draft' || !(await this.repository.deleteDraftOrder(caller.companyId, id))) {
      throw this.stateConflict(row.state);
    }
  }

  /** Draft, filled or analysed → cancelled (a certified order keeps its certificate; revoke that instead). */
  async cancelOrder(caller: CabinCaller, id: number): Promise<void> {
    const row = await requireOrder(this.repository, caller.companyId, id);
    const from = ['draft', 'filled', 'analysed'];
    if (!from.includes(row.state) || !(await this.repository.updateOrder(caller.companyId, id, from, { state: 'cancelled' }))) {
      throw this.stateConflict(row.state);
    }
  }

  /**
   * Draft → filled: the ISO 6142-1 composition from the weighed masses (one per parent key; a 0 g
   * parent is left out) with u and U; with inventory ids, one cylinder of each parent item leaves the
   * order's warehouse and one product cylinder comes in, in the same transaction.
   */
  async recordFill(caller: CabinCaller, request: { id: number; masses: { key: string; massG: number; uG: number }[]; fillTemperatureC?: number }): Promise<{ components: GasComponentResult[] }> {
    const row = await requireOrder(this.repository, caller.companyId, request.id);
    if (row.state !== 'draft') {
      throw this.stateConflict(row.state);
    }
    const input = json<BlendInput>(row.input_json) as BlendInput;
    const keys = input.parents.map((p) => p.key);
    const given = request.masses.map((m) => m.key);
    if (given.length !== keys.length || new Set(given).size !== given.length || keys.some((k) => !given.includes(k))) {
      throw new GasRefused('masses', `give one mass for each parent: ${keys.join(', ')}`, `gas.refused.masses|${keys.join(', ')}`);
    }
    for (const m of request.masses) {
      if (!Number.isFinite(m.massG) || m.massG < 0 || !Number.isFinite(m.uG) || m.uG < 0) {
        const [field, value] = !Number.isFinite(m.massG) || m.massG < 0 ? ['massG', m.massG] : ['uMassG', m.uG];
        throw new GasRefused('negative-value', `${m.key}: massG ${m.massG}, uG ${m.uG}`, `gas.refused.negative|${gasField(field, m.key)}|${value}`);
      }
    }
    if (request.masses.every((m) => m.massG === 0)) {
      throw new GasRefused('masses', 'every mass is 0', `gas.refused.masses|${keys.join(', ')}`);
    }
    const parents = new Map(parentGases(input).map((p) => [p.id, p]));
    const composition = domain(() =>
      gravimetricComposition(
        request.masses
          .filter((m) => m.massG > 0)
          .map((m) => {
            const u = parentUncertainties(input, m.key);
            const parent = parents.get(m.key);
            return { composition: Object.entries(parent?.composition ?? {}).map(([gas, fraction]) => ({ gas, fraction, u: u[gas] ?? 0 })), massG: m.massG, uMassG: m.uG };
          }),
      ),
    );
    const fill: FillRecord = { masses: request.masses, fillTemperatureC: request.fillTemperatureC ?? input.fillTemperatureC, composition, filledAt: Date.now() };
    const moves = [
      ...input.parents.filter((p) => p.itemId !== undefined && row.warehouse_id !== null).map((p) => ({ itemId: p.itemId as number, warehouseId: row.warehouse_id as number, quantity: -1 })),
      ...(row.product_item_id !== null && row.warehouse_id !== null ? [{ itemId: row.product_item_id, warehouseId: row.warehouse_id, quantity: 1 }] : []),
    ];
    await this.db.transaction().execute(async (trx) => {
      if (!(await GasRepository.in(trx).updateOrder(caller.companyId, row.id, ['draft'], { state: 'filled', fill_json: JSON.stringify(fill) }))) {
        throw this.stateConflict('filled');
      }
      if (moves.length > 0) {
        await this.stock.moveCylinders(trx, caller, row.id, moves);
      }
    });
    return { components: composition };
  }

  /** Filled → analysed: the analysis results beside the gravimetric values. */
  async recordAnalysis(caller: CabinCaller, request: { id: number; results: { gas: string; fraction: number; u?: number }[]; method: string }): Promise<AnalysisRecord> {
    const row = await requireOrder(this.repository, caller.companyId, request.id);
    if (row.state !== 'filled') {
      throw this.stateConflict(row.state);
    }
    const seen = new Set<string>();
    for (const r of request.results) {
      if (!gasInfo(r.gas)) {
        throw new GasRefused('unknown-gas', r.gas);
      }
      if (r.fraction < 0 || (r.u ?? 0) < 0) {
        const [field, value] = r.fraction < 0 ? ['fraction', r.fraction] : ['u', r.u ?? 0];
        throw new GasRefused('negative-value', `${r.gas}: ${r.fraction}`, `gas.refused.negative|${gasField(field, r.gas)}|${value}`);
      }
      if (r.fraction > 1) {
        throw new GasRefused('input-invalid', `${r.gas}: a fraction is at most 1 (got ${r.fraction})`, `gas.refused.fractionAboveOne|${gasField('fraction', r.gas)}|${r.fraction}`);
      }
      if (seen.has(r.gas)) {
        throw new GasRefused('gas-repeated', r.gas);
      }
      seen.add(r.gas);
    }
    const fill = json<FillRecord>(row.fill_json) as FillRecord;
    const comparison = request.results.map((r) => {
      const g = fill.composition.find((c) => c.gas === r.gas);
      const gravimetric = g?.fraction ?? 0;
      const U = g?.U ?? 0;
      const difference = r.fraction - gravimetric;
      return { gas: r.gas, gravimetric, U, analysed: r.fraction, difference, agrees: Math.abs(difference) <= Math.sqrt(U ** 2 + (2 * (r.u ?? 0)) ** 2) };
    });
    const analysis: AnalysisRecord = { method: request.method, analysedAt: Date.now(), results: request.results.map((r) => ({ gas: r.gas, fraction: r.fraction, u: r.u ?? 0 })), comparison };
    if (!(await this.repository.updateOrder(caller.companyId, row.id, ['filled'], { state: 'analysed', analysis_json: JSON.stringify(analysis) }))) {
      throw this.stateConflict('analysed');
    }
    return analysis;
  }

  private async orderView(row: BlendOrderRow, locale: Locale) {
    const stored = json<StoredPlan>(row.plan_json) as StoredPlan;
    const certificate = row.state === 'certified' ? await this.repository.validCertificateOf(row.company_id, 'blend', row.id) : undefined;
    return {
      ...orderHead(row, locale),
      cylinderMaterial: row.cylinder_material,
      valve: row.valve,
      remarks: row.remarks,
      productItemId: row.product_item_id,
      warehouseId: row.warehouse_id,
      input: json<BlendInput>(row.input_json) as BlendInput,
      plan: { result: stored.result, premix: stored.premix, warnings: warningsOf(stored.findings, locale) },
      fill: json<FillRecord>(row.fill_json),
      analysis: json<AnalysisRecord>(row.analysis_json),
      certificateId: certificate?.id ?? null,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }

  async getOrder(caller: CabinCaller, id: number, locale: Locale) {
    return this.orderView(await requireOrder(this.repository, caller.companyId, id), locale);
  }

  async orderList(caller: CabinCaller, query: PageRequest & { keyword?: string; state?: string }, locale: Locale) {
    const { rows, total } = await this.repository.listOrders(caller.companyId, { keyword: query.keyword, state: query.state || undefined }, query);
    return {
      list: rows.map((row) => {
        const input = json<BlendInput>(row.input_json) as BlendInput;
        return {
          ...orderHead(row, locale),
          balance: input.balance,
          targets: input.targets,
          volumeL: input.volumeL,
          pressureBar: input.pressureBar,
          pressureMode: input.pressureMode,
          createdAt: Number(row.created_at),
        };
      }),
      total,
    };
  }
}

/** What an order's list row and its whole view both begin with. */
function orderHead(row: BlendOrderRow, locale: Locale) {
  return {
    id: row.id,
    number: row.number,
    state: row.state as BlendOrderState,
    stateName: blendOrderStateNames[row.state as BlendOrderState][locale],
    method: row.method,
    cylinderNumber: row.cylinder_number,
  };
}
