import type { GradeImpurity, PurityResultInput } from '../api/types';

/** A grade name: N + nines (+ a decimal), e.g. N5.0, N4.6, N6 — as the server's gradePattern. */
export const GRADE_PATTERN = /^N(\d)(?:\.(\d))?$/;

/**
 * The minimum purity of a grade, as an amount fraction: N5.0 ⇒ 99.999 %, N4.5 ⇒ 99.995 %,
 * N6.0 ⇒ 99.9999 % (the count of nines, then the last digit). null for a name that is no grade.
 */
export function gradeMinPurity(grade: string): number | null {
  const match = GRADE_PATTERN.exec(grade.trim());
  if (!match) {
    return null;
  }
  const nines = Number(match[1]);
  const last = Number(match[2] ?? 0);
  return 1 - (10 - last) * 10 ** -(nines + 1);
}

/** Impurity total allowed by a grade, ppm (1 − minimum purity). */
export function gradeImpurityBudgetPpm(grade: string): number | null {
  const min = gradeMinPurity(grade);
  return min === null ? null : Number(((1 - min) * 1e6).toPrecision(10));
}

export interface PurityFigures {
  /** Purity in % with every "< LOD" counted as 0 (the docs' rule). */
  purityPercent: number;
  /** Purity in % with every "< LOD" at its detection limit (the lowest it can be). */
  lowerBoundPercent: number;
  /** Each impurity within its grade maximum (a "< LOD" passes when its limit is within the maximum). */
  impuritiesPass: boolean;
  /** The purity reaches the grade's minimum, and every impurity is within its maximum. */
  pass: boolean;
}

/** What an analysis will show before it is saved (the server computes the stored figures the same way). */
export function purityFigures(grade: string, specs: readonly GradeImpurity[], results: readonly PurityResultInput[]): PurityFigures {
  let sum = 0;
  let sumWithLod = 0;
  let impuritiesPass = true;
  for (const row of results) {
    const value = row.belowLod ? 0 : (row.valuePpm ?? 0);
    sum += value;
    sumWithLod += row.belowLod ? row.lodPpm : value;
    const max = specs.find((spec) => spec.gas === row.gas)?.maxPpm;
    if (max !== undefined && (row.belowLod ? row.lodPpm > max : value > max)) {
      impuritiesPass = false;
    }
  }
  const purityPercent = 100 - sum * 1e-4;
  const lowerBoundPercent = 100 - sumWithLod * 1e-4;
  const min = gradeMinPurity(grade);
  return { purityPercent, lowerBoundPercent, impuritiesPass, pass: impuritiesPass && (min === null || purityPercent >= min * 100 - 1e-9) };
}

/** A purity in % with enough decimals to tell the grades apart (99.99953 %). */
export function formatPurity(percent: number | null | undefined): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) {
    return '—';
  }
  return `${Number(percent.toFixed(6))} %`;
}
