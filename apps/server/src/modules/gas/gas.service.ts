import { randomBytes } from 'node:crypto';
import {
  blendInput,
  blendOrderStateNames,
  gasLimits,
  localDate,
  type BlendInput,
  type BlendOrderState,
  type GasComponentResult,
  type GasInfoView,
  type GasWarning,
  type Locale,
  type Page,
  type VerifyState,
} from '@smartdata/domain';
import { gasInfo, GASES, gravimetricComposition, vapourPressureBar, type ManometricResult, type PremixProposal, type SafetyFinding } from '@smartdata/domain/gas';
import type { Db } from '@server/platform/db/database';
import { isUniqueViolation } from '@server/platform/db/uniqueViolation';
import { conflict, notFound, validationError } from '@server/platform/errors';
import { translate } from '@server/platform/i18n';
import type { CabinCaller } from '../cabin/cabin.service';
import type { GasStock } from '../inventory/gasStock.port';
import { domain, parentGases, parentUncertainties, plan, type PlanOutcome } from './gasCalc';
import { GasRefused } from './gasRefused';
import { GasRepository, type BlendOrderRow, type CertificateRow, type GradeRow, type PurityAnalysisRow } from './gas.repository';

type OrderFields = BlendInput & { cylinderNumber: string; cylinderMaterial: string; valve: string; remarks: string; productItemId?: number; warehouseId?: number };
type PageRequest = { pageNum: number; pageSize: number };

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

export interface GradeImpurity {
  gas: string;
  maxPpm: number;
}

export interface PurityResult {
  gas: string;
  valuePpm: number | null;
  lodPpm: number;
  belowLod: boolean;
  maxPpm: number | null;
  pass: boolean;
}

/** What a certificate states (a snapshot taken when it is issued). */
export interface CertificateSnapshot {
  number: string;
  issuer: string;
  source: 'blend' | 'purity';
  sourceNumber: string;
  cylinderNumber: string;
  cylinderMaterial: string;
  valve: string;
  volumeL: number | null;
  fillPressureBar: number | null;
  pressureMode: 'gauge' | 'absolute' | null;
  referenceTemperatureC: number | null;
  /** Certified components (amount fraction, expanded uncertainty k = 2); purity certificates list the impurities in ppm. */
  components: { gas: string; fraction: number; U: number }[];
  balance: string | null;
  gas: string | null;
  grade: string | null;
  purityPercent: number | null;
  impurities: { gas: string; valuePpm: number | null; lodPpm: number; belowLod: boolean }[];
  method: string;
  referenceStandards: string;
  traceability: string;
  certifiedAt: string;
  expiresAt: string;
  minUsePressureBar: number;
  storageTemperature: string;
  approver: string;
}

export interface GasCompanies {
  timeZoneOf(companyId: number): Promise<string | undefined>;
  find(companyId: number, locale?: Locale): Promise<{ displayName: string } | undefined>;
}

const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));
const warningsOf = (findings: readonly SafetyFinding[], locale: Locale): GasWarning[] =>
  findings.map((f) => ({ code: f.code, ...(f.gas !== undefined ? { gas: f.gas } : {}), severity: f.severity, message: translate(`gas.warning.${f.code}|${f.params.join('|')}`, locale) }));

/** The least purity of a grade: N5.0 ⇒ 99.999 %, N5.5 ⇒ 99.9995 %, N4.6 ⇒ 99.996 % (impurities ≤ 10^−n·(10 − d)/10). */
export function gradeMinPurity(grade: string): number {
  const [n, d] = grade.slice(1).split('.').map(Number);
  return 1 - 10 ** -n * ((10 - (d || 0)) / 10);
}

/**
 * Gas blending orders, high-purity grades and analyses, certificates (issue 20, docs/gas.md). The
 * calculations are gasCalc.ts on @smartdata/domain/gas; a filled order's cylinders move through
 * inventory's GasStock port in the order's transaction.
 */
export class GasService {
  constructor(
    private readonly db: Db,
    private readonly repository: GasRepository,
    private readonly stock: GasStock,
    private readonly companies: GasCompanies,
    private readonly defaultTimeZone: string,
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

  // ---- numbering ----

  private async today(companyId: number): Promise<string> {
    return localDate(Date.now(), (await this.companies.timeZoneOf(companyId)) ?? this.defaultTimeZone);
  }

  /** Runs `insert` with the next automatic number (`prefix` + a counter of `digits`), again with the next one when another writer took it. */
  private async numbered<T>(companyId: number, table: 'gas_blend_order' | 'gas_purity_analysis' | 'gas_certificate', prefix: string, digits: number, insert: (number: string) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const number = `${prefix}${String((await this.repository.countNumbers(table, companyId, prefix)) + 1 + attempt).padStart(digits, '0')}`;
      try {
        return await insert(number);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 5) {
          throw error;
        }
      }
    }
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
    const prefix = `GB-${(await this.today(caller.companyId)).replaceAll('-', '')}-`;
    return this.numbered(caller.companyId, 'gas_blend_order', prefix, 3, async (number) => {
      const now = Date.now();
      const id = await this.repository.insertOrder({ company_id: caller.companyId, number, state: 'draft', ...this.orderColumns(request, outcome), fill_json: null, analysis_json: null, created_by: caller.userId, created_at: now, updated_at: now });
      return { id, number };
    });
  }

  private async requireOrder(companyId: number, id: number): Promise<BlendOrderRow> {
    const row = await this.repository.findOrder(companyId, id);
    if (!row) {
      throw notFound('gas.order.missing');
    }
    return row;
  }

  private stateConflict(state: string) {
    return conflict(`gas.order.state.${state}`);
  }

  async updateOrder(caller: CabinCaller, request: OrderFields & { id: number }): Promise<void> {
    const row = await this.requireOrder(caller.companyId, request.id);
    if (row.state !== 'draft') {
      throw this.stateConflict(row.state);
    }
    const outcome = await this.checkedPlan(caller, request);
    if (!(await this.repository.updateOrder(caller.companyId, request.id, ['draft'], this.orderColumns(request, outcome)))) {
      throw this.stateConflict('filled');
    }
  }

  async deleteOrder(caller: CabinCaller, id: number): Promise<void> {
    const row = await this.requireOrder(caller.companyId, id);
    if (row.state !== 'draft' || !(await this.repository.deleteDraftOrder(caller.companyId, id))) {
      throw this.stateConflict(row.state);
    }
  }

  /** Draft, filled or analysed → cancelled (a certified order keeps its certificate; revoke that instead). */
  async cancelOrder(caller: CabinCaller, id: number): Promise<void> {
    const row = await this.requireOrder(caller.companyId, id);
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
    const row = await this.requireOrder(caller.companyId, request.id);
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
        throw new GasRefused('negative-value', `${m.key}: massG ${m.massG}, uG ${m.uG}`);
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
    const row = await this.requireOrder(caller.companyId, request.id);
    if (row.state !== 'filled') {
      throw this.stateConflict(row.state);
    }
    const seen = new Set<string>();
    for (const r of request.results) {
      if (!gasInfo(r.gas)) {
        throw new GasRefused('unknown-gas', r.gas);
      }
      if (r.fraction < 0 || (r.u ?? 0) < 0) {
        throw new GasRefused('negative-value', `${r.gas}: ${r.fraction}`);
      }
      if (r.fraction > 1) {
        throw new GasRefused('input-invalid', `${r.gas}: a fraction is at most 1 (got ${r.fraction})`);
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
      id: row.id,
      number: row.number,
      state: row.state as BlendOrderState,
      stateName: blendOrderStateNames[row.state as BlendOrderState][locale],
      method: row.method,
      cylinderNumber: row.cylinder_number,
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
    return this.orderView(await this.requireOrder(caller.companyId, id), locale);
  }

  async orderList(caller: CabinCaller, query: PageRequest & { keyword?: string; state?: string }, locale: Locale) {
    const { rows, total } = await this.repository.listOrders(caller.companyId, { keyword: query.keyword, state: query.state || undefined }, query);
    return {
      list: rows.map((row) => {
        const input = json<BlendInput>(row.input_json) as BlendInput;
        return {
          id: row.id,
          number: row.number,
          state: row.state as BlendOrderState,
          stateName: blendOrderStateNames[row.state as BlendOrderState][locale],
          method: row.method,
          cylinderNumber: row.cylinder_number,
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

  // ---- high-purity grades ----

  private gradeRules(request: { gas: string; impurities: GradeImpurity[] }): void {
    if (!gasInfo(request.gas)) {
      throw validationError(`gas.refused.unknown-gas|${request.gas}`);
    }
    const seen = new Set<string>([request.gas]);
    for (const i of request.impurities) {
      if (!gasInfo(i.gas) && i.gas !== 'THC') {
        throw validationError(`gas.refused.unknown-gas|${i.gas}`);
      }
      if (seen.has(i.gas)) {
        throw validationError(`gas.refused.gas-repeated|${i.gas}`);
      }
      seen.add(i.gas);
      if (!Number.isFinite(i.maxPpm) || i.maxPpm < 0 || i.maxPpm > 1e6) {
        throw validationError(`gas.grade.impurity|${i.gas}`);
      }
    }
  }

  async addGrade(caller: CabinCaller, request: { gas: string; grade: string; impurities: GradeImpurity[]; remarks: string }): Promise<{ id: number }> {
    this.gradeRules(request);
    const now = Date.now();
    try {
      const id = await this.repository.insertGrade({ company_id: caller.companyId, gas: request.gas, grade: request.grade, impurities_json: JSON.stringify(request.impurities), remarks: request.remarks, created_at: now, updated_at: now });
      return { id };
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict('gas.grade.taken');
      }
      throw error;
    }
  }

  async updateGrade(caller: CabinCaller, request: { id: number; gas: string; grade: string; impurities: GradeImpurity[]; remarks: string }): Promise<void> {
    await this.requireGrade(caller.companyId, request.id);
    this.gradeRules(request);
    try {
      await this.repository.updateGrade(caller.companyId, request.id, { gas: request.gas, grade: request.grade, impurities_json: JSON.stringify(request.impurities), remarks: request.remarks });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict('gas.grade.taken');
      }
      throw error;
    }
  }

  async deleteGrade(caller: CabinCaller, id: number): Promise<void> {
    await this.requireGrade(caller.companyId, id);
    if (await this.repository.gradeInUse(caller.companyId, id)) {
      throw conflict('gas.grade.inUse');
    }
    await this.repository.deleteGrade(caller.companyId, id);
  }

  private async requireGrade(companyId: number, id: number): Promise<GradeRow> {
    const row = await this.repository.findGrade(companyId, id);
    if (!row) {
      throw notFound();
    }
    return row;
  }

  private gradeView(row: GradeRow) {
    return { id: row.id, gas: row.gas, grade: row.grade, minPurityPercent: gradeMinPurity(row.grade) * 100, impurities: json<GradeImpurity[]>(row.impurities_json) ?? [], remarks: row.remarks, createdAt: Number(row.created_at) };
  }

  async gradeList(caller: CabinCaller, query: PageRequest & { gas?: string }): Promise<Page<ReturnType<GasService['gradeView']>>> {
    const { rows, total } = await this.repository.listGrades(caller.companyId, { gas: query.gas || undefined }, query);
    return { list: rows.map((r) => this.gradeView(r)), total };
  }

  // ---- purity analyses ----

  /**
   * Purity from the impurities: "< LOD" counts as 0 (`purityPercent`) and at its LOD for the lower
   * bound (`purityLowerPercent`). Passes when every impurity of the grade was analysed and is within
   * its limit (a "< LOD" passes when its LOD is within the limit) and the purity reaches the grade.
   */
  static assess(grade: { grade: string; impurities: GradeImpurity[] }, results: { gas: string; valuePpm: number | null; lodPpm: number; belowLod: boolean }[]) {
    const limits = new Map(grade.impurities.map((i) => [i.gas, i.maxPpm]));
    const rows: PurityResult[] = results.map((r) => {
      const maxPpm = limits.get(r.gas) ?? null;
      const value = r.belowLod ? r.lodPpm : (r.valuePpm ?? 0);
      return { gas: r.gas, valuePpm: r.belowLod ? null : r.valuePpm, lodPpm: r.lodPpm, belowLod: r.belowLod, maxPpm, pass: maxPpm === null || value <= maxPpm };
    });
    const missing = grade.impurities.filter((i) => !results.some((r) => r.gas === i.gas)).map((i) => i.gas);
    const measured = rows.reduce((s, r) => s + (r.belowLod ? 0 : (r.valuePpm ?? 0)), 0);
    const upper = measured + rows.reduce((s, r) => s + (r.belowLod ? r.lodPpm : 0), 0);
    const purity = 1 - measured * 1e-6;
    const purityLower = 1 - upper * 1e-6;
    const passed = missing.length === 0 && rows.every((r) => r.pass) && purity >= gradeMinPurity(grade.grade) - 1e-12;
    return { rows, missing, impuritiesPpm: measured, impuritiesUpperPpm: upper, purity, purityLower, passed };
  }

  async addAnalysis(caller: CabinCaller, request: { gradeId: number; cylinderNumber: string; lot: string; analysedAt: number; results: { gas: string; valuePpm: number | null; lodPpm: number; belowLod: boolean }[] }): Promise<{ id: number; number: string; passed: boolean }> {
    const grade = await this.requireGrade(caller.companyId, request.gradeId);
    const seen = new Set<string>();
    for (const r of request.results) {
      if (!gasInfo(r.gas) && r.gas !== 'THC') {
        throw validationError(`gas.refused.unknown-gas|${r.gas}`);
      }
      if (seen.has(r.gas)) {
        throw validationError(`gas.refused.gas-repeated|${r.gas}`);
      }
      seen.add(r.gas);
      if (!r.belowLod && (r.valuePpm === null || !Number.isFinite(r.valuePpm))) {
        throw validationError(`gas.analysis.value|${r.gas}`);
      }
      if (!Number.isFinite(r.lodPpm) || r.lodPpm < 0 || (r.valuePpm ?? 0) < 0 || r.lodPpm > 1e6 || (r.valuePpm ?? 0) > 1e6) {
        throw validationError(`gas.analysis.negative|${r.gas}`);
      }
    }
    const assessed = GasService.assess({ grade: grade.grade, impurities: json<GradeImpurity[]>(grade.impurities_json) ?? [] }, request.results);
    const prefix = `HP-${(await this.today(caller.companyId)).replaceAll('-', '')}-`;
    return this.numbered(caller.companyId, 'gas_purity_analysis', prefix, 3, async (number) => {
      const id = await this.repository.insertAnalysis({
        company_id: caller.companyId,
        number,
        grade_id: grade.id,
        cylinder_number: request.cylinderNumber,
        lot: request.lot,
        analysed_at: request.analysedAt,
        results_json: JSON.stringify(request.results),
        purity: assessed.purity,
        purity_lower: assessed.purityLower,
        passed: assessed.passed ? 1 : 0,
        created_by: caller.userId,
        created_at: Date.now(),
      });
      return { id, number, passed: assessed.passed };
    });
  }

  private async requireAnalysis(companyId: number, id: number): Promise<PurityAnalysisRow> {
    const row = await this.repository.findAnalysis(companyId, id);
    if (!row) {
      throw notFound();
    }
    return row;
  }

  private analysisView(row: PurityAnalysisRow, grade: GradeRow | undefined) {
    const results = json<{ gas: string; valuePpm: number | null; lodPpm: number; belowLod: boolean }[]>(row.results_json) ?? [];
    const assessed = GasService.assess({ grade: grade?.grade ?? 'N0', impurities: grade ? (json<GradeImpurity[]>(grade.impurities_json) ?? []) : [] }, results);
    return {
      id: row.id,
      number: row.number,
      gradeId: row.grade_id,
      gas: grade?.gas ?? '',
      grade: grade?.grade ?? '',
      cylinderNumber: row.cylinder_number,
      lot: row.lot,
      analysedAt: Number(row.analysed_at),
      results: assessed.rows,
      missing: assessed.missing,
      impuritiesPpm: assessed.impuritiesPpm,
      impuritiesUpperPpm: assessed.impuritiesUpperPpm,
      purityPercent: row.purity * 100,
      purityLowerPercent: row.purity_lower * 100,
      minPurityPercent: grade ? gradeMinPurity(grade.grade) * 100 : null,
      passed: row.passed === 1,
      createdAt: Number(row.created_at),
    };
  }

  async getAnalysis(caller: CabinCaller, id: number) {
    const row = await this.requireAnalysis(caller.companyId, id);
    return this.analysisView(row, await this.repository.findGrade(caller.companyId, row.grade_id));
  }

  async analysisList(caller: CabinCaller, query: PageRequest & { keyword?: string; gradeId?: number }) {
    const { rows, total } = await this.repository.listAnalyses(caller.companyId, { keyword: query.keyword, gradeId: query.gradeId }, query);
    const grades = new Map((await this.repository.gradesByIds(caller.companyId, [...new Set(rows.map((r) => r.grade_id))])).map((g) => [g.id, g]));
    return { list: rows.map((r) => this.analysisView(r, grades.get(r.grade_id))), total };
  }

  async deleteAnalysis(caller: CabinCaller, id: number): Promise<void> {
    await this.requireAnalysis(caller.companyId, id);
    if (await this.repository.validCertificateOf(caller.companyId, 'purity', id)) {
      throw conflict('gas.certificate.issued');
    }
    await this.repository.deleteAnalysis(caller.companyId, id);
  }

  // ---- certificates ----

  async issueCertificate(
    caller: CabinCaller,
    request: { source: 'blend' | 'purity'; sourceId: number; referenceStandards: string; traceability: string; certifiedAt: string; expiresAt: string; minUsePressureBar: number; storageTemperature: string; approver: string },
  ): Promise<{ id: number; number: string; code: string }> {
    if (Number.isNaN(Date.parse(request.certifiedAt)) || Number.isNaN(Date.parse(request.expiresAt))) {
      throw validationError('validation.gas.date');
    }
    if (request.expiresAt <= request.certifiedAt) {
      throw validationError('gas.certificate.dates');
    }
    if (!Number.isFinite(request.minUsePressureBar) || request.minUsePressureBar < 0 || request.minUsePressureBar > gasLimits.pressureBarMax) {
      throw validationError('gas.certificate.minPressure');
    }
    if (await this.repository.validCertificateOf(caller.companyId, request.source, request.sourceId)) {
      throw conflict('gas.certificate.issued');
    }
    const issuer = (await this.companies.find(caller.companyId))?.displayName ?? '';
    const common = {
      issuer,
      referenceStandards: request.referenceStandards,
      traceability: request.traceability,
      certifiedAt: request.certifiedAt,
      expiresAt: request.expiresAt,
      minUsePressureBar: request.minUsePressureBar,
      storageTemperature: request.storageTemperature,
      approver: request.approver,
    };
    let snapshot: Omit<CertificateSnapshot, 'number'>;
    if (request.source === 'blend') {
      const order = await this.requireOrder(caller.companyId, request.sourceId);
      if (order.state !== 'analysed') {
        throw conflict('gas.certificate.source');
      }
      const input = json<BlendInput>(order.input_json) as BlendInput;
      const fill = json<FillRecord>(order.fill_json) as FillRecord;
      const analysis = json<AnalysisRecord>(order.analysis_json);
      snapshot = {
        ...common,
        source: 'blend',
        sourceNumber: order.number,
        cylinderNumber: order.cylinder_number,
        cylinderMaterial: order.cylinder_material,
        valve: order.valve,
        volumeL: input.volumeL,
        fillPressureBar: input.pressureBar,
        pressureMode: input.pressureMode,
        referenceTemperatureC: input.referenceTemperatureC,
        components: fill.composition.filter((c) => c.gas !== input.balance).map((c) => ({ gas: c.gas, fraction: c.fraction, U: c.U })),
        balance: input.balance,
        gas: null,
        grade: null,
        purityPercent: null,
        impurities: [],
        method: analysis ? `ISO 6142-1; ${analysis.method}` : 'ISO 6142-1',
      };
    } else {
      const analysis = await this.requireAnalysis(caller.companyId, request.sourceId);
      if (analysis.passed !== 1) {
        throw conflict('gas.certificate.source');
      }
      const grade = await this.repository.findGrade(caller.companyId, analysis.grade_id);
      snapshot = {
        ...common,
        source: 'purity',
        sourceNumber: analysis.number,
        cylinderNumber: analysis.cylinder_number,
        cylinderMaterial: '',
        valve: '',
        volumeL: null,
        fillPressureBar: null,
        pressureMode: null,
        referenceTemperatureC: null,
        components: [],
        balance: null,
        gas: grade?.gas ?? null,
        grade: grade?.grade ?? null,
        purityPercent: analysis.purity * 100,
        impurities: json<CertificateSnapshot['impurities']>(analysis.results_json) ?? [],
        method: 'GB/T purity analysis by impurities',
      };
    }
    const year = (await this.today(caller.companyId)).slice(0, 4);
    const code = randomBytes(16).toString('base64url');
    return this.numbered(caller.companyId, 'gas_certificate', `CERT-${year}-`, 5, (number) =>
      this.db.transaction().execute(async (trx) => {
        const repository = GasRepository.in(trx);
        const id = await repository.insertCertificate({
          company_id: caller.companyId,
          number,
          code,
          source: request.source,
          source_id: request.sourceId,
          snapshot_json: JSON.stringify({ number, ...snapshot } satisfies CertificateSnapshot),
          state: 'valid',
          certified_at: request.certifiedAt,
          expires_at: request.expiresAt,
          revoked_reason: null,
          revoked_at: null,
          created_by: caller.userId,
          created_at: Date.now(),
        });
        if (request.source === 'blend' && !(await repository.updateOrder(caller.companyId, request.sourceId, ['analysed'], { state: 'certified' }))) {
          throw conflict('gas.certificate.source');
        }
        return { id, number, code };
      }),
    );
  }

  private async requireCertificate(companyId: number, id: number): Promise<CertificateRow> {
    const row = await this.repository.findCertificate(companyId, id);
    if (!row) {
      throw notFound();
    }
    return row;
  }

  private async stateOf(row: CertificateRow): Promise<VerifyState> {
    if (row.state === 'revoked') {
      return 'revoked';
    }
    return row.expires_at < (await this.today(row.company_id)) ? 'expired' : 'valid';
  }

  private async certificateView(row: CertificateRow) {
    return {
      id: row.id,
      number: row.number,
      code: row.code,
      source: row.source as 'blend' | 'purity',
      sourceId: row.source_id,
      state: await this.stateOf(row),
      certifiedAt: row.certified_at,
      expiresAt: row.expires_at,
      revokedReason: row.revoked_reason,
      revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
      snapshot: json<CertificateSnapshot>(row.snapshot_json) as CertificateSnapshot,
      createdAt: Number(row.created_at),
    };
  }

  async getCertificate(caller: CabinCaller, id: number) {
    return this.certificateView(await this.requireCertificate(caller.companyId, id));
  }

  async certificateList(caller: CabinCaller, query: PageRequest & { keyword?: string; state?: string }) {
    const { rows, total } = await this.repository.listCertificates(caller.companyId, { keyword: query.keyword, state: query.state || undefined }, query);
    return { list: await Promise.all(rows.map((r) => this.certificateView(r))), total };
  }

  async revokeCertificate(caller: CabinCaller, id: number, reason: string): Promise<void> {
    await this.requireCertificate(caller.companyId, id);
    if (!(await this.repository.revokeCertificate(caller.companyId, id, reason))) {
      throw conflict('gas.certificate.revoked');
    }
  }

  async certificateForPdf(caller: CabinCaller, id: number): Promise<{ code: string; state: VerifyState; snapshot: CertificateSnapshot }> {
    const view = await this.certificateView(await this.requireCertificate(caller.companyId, id));
    return { code: view.code, state: view.state, snapshot: view.snapshot };
  }

  /**
   * The public verification page: the key facts of the certificate with this code, or `unknown`.
   * Nothing else of the company is answered (no ids, no order, no approver's account).
   */
  async verify(code: string) {
    const row = code === '' ? undefined : await this.repository.certificateByCode(code);
    if (!row) {
      return { state: 'unknown' as const };
    }
    const s = json<CertificateSnapshot>(row.snapshot_json) as CertificateSnapshot;
    return {
      state: await this.stateOf(row),
      certificate: {
        number: s.number,
        issuer: s.issuer,
        cylinderNumber: s.cylinderNumber,
        components: s.components,
        balance: s.balance,
        gas: s.gas,
        grade: s.grade,
        purityPercent: s.purityPercent,
        method: s.method,
        certifiedAt: s.certifiedAt,
        expiresAt: s.expiresAt,
        revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
      },
    };
  }
}
