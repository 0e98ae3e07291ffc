import type { FractionUnit } from '../api/types';

/**
 * Units and number formats of the gas screens. Kept apart from blendForm.ts (which reads the
 * domain's limits) so the public verification page does not pull in the domain package.
 */

/** Standard atmosphere, bar (gauge = absolute − 1.01325 bar), as the domain's ATM_BAR. */
export const ATM_BAR = 1.01325;

// Divisors, not factors: 50 / 1e6 is the double nearest 5e-5, 50 * 1e-6 is not.
const UNIT_DIVISOR: Record<FractionUnit, number> = { fraction: 1, '%': 100, ppm: 1e6, ppb: 1e9 };

/** Amount fraction of a value in %, ppm (µmol/mol), ppb (nmol/mol) or a plain fraction. */
export function toFraction(value: number, unit: FractionUnit): number {
  return value / UNIT_DIVISOR[unit];
}

/** The value of an amount fraction in a unit. */
export function fromFraction(fraction: number, unit: FractionUnit): number {
  return fraction * UNIT_DIVISOR[unit];
}

/** The unit that reads best for an amount fraction: % from 0.1 %, ppm from 0.1 ppm, else ppb. */
export function bestUnit(fraction: number): Exclude<FractionUnit, 'fraction'> {
  const x = Math.abs(fraction);
  if (x === 0 || x >= 1e-3) {
    return '%';
  }
  return x >= 1e-7 ? 'ppm' : 'ppb';
}

/** Significant figures without exponent noise: 6 by default, trailing zeros dropped. */
export function formatNumber(value: number, digits = 6): string {
  if (!Number.isFinite(value)) {
    return '—';
  }
  if (value === 0) {
    return '0';
  }
  const text = value.toPrecision(digits);
  return text.includes('e') ? String(Number(text)) : String(Number(text));
}

/** Fixed decimals (pressures, masses): `formatFixed(13.1951, 3)` → 13.195. */
export function formatFixed(value: number | null | undefined, decimals: number): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(decimals);
}

/** An amount fraction with its best unit: 0.1 → "10 %", 1e-4 → "100 ppm". */
export function formatFraction(fraction: number, unit: Exclude<FractionUnit, 'fraction'> = bestUnit(fraction), digits = 6): string {
  return `${formatNumber(fromFraction(fraction, unit), digits)} ${unit}`;
}

/** A fraction with its expanded uncertainty in the same unit: "10.0012 % ± 0.0021 %". */
export function formatWithUncertainty(fraction: number, U: number | null | undefined): string {
  const unit = bestUnit(fraction);
  const value = formatFraction(fraction, unit);
  if (U === null || U === undefined || !Number.isFinite(U)) {
    return value;
  }
  return `${value} ± ${formatNumber(fromFraction(U, unit), 2)} ${unit}`;
}

/**
 * A certified value as the certificate PDF prints it (GUM 7.2.6, the server's reportedFraction):
 * U to two significant digits and the value rounded to the same decimal place — "10.09732 %" with
 * "± 0.00069 %", so the verification page and the PDF never disagree.
 */
export function reportedValue(fraction: number, U: number | null | undefined): { value: string; U: string | null } {
  const unit = bestUnit(fraction);
  const scaledU = U === null || U === undefined ? NaN : fromFraction(U, unit);
  if (!(scaledU > 0) || !Number.isFinite(scaledU)) {
    return { value: formatFraction(fraction, unit), U: null };
  }
  const decimals = Math.min(12, Math.max(0, 1 - Math.floor(Math.log10(scaledU))));
  return { value: `${fromFraction(fraction, unit).toFixed(decimals)} ${unit}`, U: `± ${scaledU.toFixed(decimals)} ${unit}` };
}
