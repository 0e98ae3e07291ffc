import { type Page } from '@smartdata/domain';
import { gasInfo } from '@smartdata/domain/gas';
import { isUniqueViolation } from '@server/platform/db/uniqueViolation';
import { conflict, validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { GasNumbering } from './gasNumbering';
import { json, requireAnalysis, requireGrade, type PageRequest } from './gasRows';
import type { GasRepository, GradeRow, PurityAnalysisRow } from './gas.repository';

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

/** The least purity of a grade: N5.0 ⇒ 99.999 %, N5.5 ⇒ 99.9995 %, N4.6 ⇒ 99.996 % (impurities ≤ 10^−n·(10 − d)/10). */
export function gradeMinPurity(grade: string): number {
  const [n, d] = grade.slice(1).split('.').map(Number);
  return 1 - 10 ** -n * ((10 - (d || 0)) / 10);
}

/**
 * High-purity gas (issue 20, docs/gas.md): the company's grades with their impurity limits, and
 * purity analyses against a grade, assessed from the impurities ("< LOD" allowed).
 */
export class PurityService {
  constructor(
    private readonly repository: GasRepository,
    private readonly numbering: GasNumbering,
  ) {}

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
    await requireGrade(this.repository, caller.companyId, request.id);
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
    await requireGrade(this.repository, caller.companyId, id);
    if (await this.repository.gradeInUse(caller.companyId, id)) {
      throw conflict('gas.grade.inUse');
    }
    await this.repository.deleteGrade(caller.companyId, id);
  }

  private gradeView(row: GradeRow) {
    return { id: row.id, gas: row.gas, grade: row.grade, minPurityPercent: gradeMinPurity(row.grade) * 100, impurities: json<GradeImpurity[]>(row.impurities_json) ?? [], remarks: row.remarks, createdAt: Number(row.created_at) };
  }

  async gradeList(caller: CabinCaller, query: PageRequest & { gas?: string }): Promise<Page<ReturnType<PurityService['gradeView']>>> {
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
    const grade = await requireGrade(this.repository, caller.companyId, request.gradeId);
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
    const assessed = PurityService.assess({ grade: grade.grade, impurities: json<GradeImpurity[]>(grade.impurities_json) ?? [] }, request.results);
    const prefix = `HP-${(await this.numbering.today(caller.companyId)).replaceAll('-', '')}-`;
    return this.numbering.numbered(caller.companyId, 'gas_purity_analysis', prefix, 3, async (number) => {
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

  private analysisView(row: PurityAnalysisRow, grade: GradeRow | undefined) {
    const results = json<{ gas: string; valuePpm: number | null; lodPpm: number; belowLod: boolean }[]>(row.results_json) ?? [];
    const assessed = PurityService.assess({ grade: grade?.grade ?? 'N0', impurities: grade ? (json<GradeImpurity[]>(grade.impurities_json) ?? []) : [] }, results);
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
    const row = await requireAnalysis(this.repository, caller.companyId, id);
    return this.analysisView(row, await this.repository.findGrade(caller.companyId, row.grade_id));
  }

  async analysisList(caller: CabinCaller, query: PageRequest & { keyword?: string; gradeId?: number }) {
    const { rows, total } = await this.repository.listAnalyses(caller.companyId, { keyword: query.keyword, gradeId: query.gradeId }, query);
    const grades = new Map((await this.repository.gradesByIds(caller.companyId, [...new Set(rows.map((r) => r.grade_id))])).map((g) => [g.id, g]));
    return { list: rows.map((r) => this.analysisView(r, grades.get(r.grade_id))), total };
  }

  async deleteAnalysis(caller: CabinCaller, id: number): Promise<void> {
    await requireAnalysis(this.repository, caller.companyId, id);
    if (await this.repository.validCertificateOf(caller.companyId, 'purity', id)) {
      throw conflict('gas.certificate.issued');
    }
    await this.repository.deleteAnalysis(caller.companyId, id);
  }
}
