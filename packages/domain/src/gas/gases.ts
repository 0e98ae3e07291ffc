/**
 * The gas table of the blending module (issue 20): every gas the calculations accept, with its names, molar mass,
 * critical constants, flammability and oxidizing property, and the models behind the figures that GERG-2008 does
 * not give — vapour pressure (liquefaction check) and a second-virial equation of state for gases outside
 * GERG-2008 (SF6, NO, N2O, SO2, NH3, C2H4, Ne, Kr, Xe). Pure and synchronous, no I/O.
 *
 * Sources:
 * - Molar masses: the GERG-2008 tables for its 21 components (so the two never disagree); the others from the
 *   IUPAC 2013 standard atomic weights.
 * - Critical temperature Tc (K), pressure Pc (bar) and acentric factor ω: Poling, Prausnitz & O'Connell, "The
 *   Properties of Gases and Liquids", 5th ed. (2001), Appendix A.
 * - Lower explosive limits (% by volume in air): ISO 10156:2017 Table 1 where the standard lists the gas (H2 4.0,
 *   CH4 4.4, CO 10.9, C2H6 2.4, C3H8 1.7, nC4H10 1.4, iC4H10 1.5, H2S 3.9, NH3 15.0, C2H4 2.4), otherwise IEC
 *   60079-20-1 (pentanes to decanes).
 * - Oxidizers (ISO 10156 oxidizing power Ci): O2 (1), N2O (0.6), NO (0.3).
 */
import { PURE_FLUIDS } from './gerg2008.coefficients';
import { GERG_COMPONENTS, isGergComponent } from './gerg2008';

/** Gas constant, J/(mol·K) — the GERG-2008 value, so ideal and real figures use the same R. */
export const R_GAS = 8.314472;

export interface GasInfo {
  readonly gas: string;
  readonly nameZh: string;
  readonly nameEn: string;
  /** g/mol */
  readonly molarMass: number;
  /** Critical temperature, K; critical pressure, bar; acentric factor. */
  readonly tc: number;
  readonly pc: number;
  readonly omega: number;
  /** Covered by GERG-2008 (the real-gas model); otherwise the second-virial estimate. */
  readonly gerg: boolean;
  readonly flammable: boolean;
  /** Lower explosive limit in air, % by volume. */
  readonly lelPercent?: number;
  readonly oxidizer: boolean;
}

type Row = [gas: string, zh: string, en: string, tc: number, pc: number, omega: number, lel: number | null, oxidizer: boolean, molarMass?: number];

// Molar masses are filled in from the GERG tables for GERG components; the others carry their own.
const ROWS: Row[] = [
  ['CH4', '甲烷', 'Methane', 190.56, 45.99, 0.011, 4.4, false],
  ['N2', '氮气', 'Nitrogen', 126.2, 33.98, 0.037, null, false],
  ['CO2', '二氧化碳', 'Carbon dioxide', 304.13, 73.77, 0.224, null, false],
  ['C2H6', '乙烷', 'Ethane', 305.32, 48.72, 0.099, 2.4, false],
  ['C3H8', '丙烷', 'Propane', 369.83, 42.48, 0.152, 1.7, false],
  ['iC4H10', '异丁烷', 'Isobutane', 407.8, 36.4, 0.183, 1.5, false],
  ['nC4H10', '正丁烷', 'n-Butane', 425.12, 37.96, 0.2, 1.4, false],
  ['iC5H12', '异戊烷', 'Isopentane', 460.4, 33.8, 0.227, 1.3, false],
  ['nC5H12', '正戊烷', 'n-Pentane', 469.7, 33.7, 0.251, 1.1, false],
  ['nC6H14', '正己烷', 'n-Hexane', 507.6, 30.25, 0.301, 1.0, false],
  ['nC7H16', '正庚烷', 'n-Heptane', 540.2, 27.4, 0.35, 0.85, false],
  ['nC8H18', '正辛烷', 'n-Octane', 568.7, 24.9, 0.399, 0.8, false],
  ['nC9H20', '正壬烷', 'n-Nonane', 594.6, 22.9, 0.445, 0.7, false],
  ['nC10H22', '正癸烷', 'n-Decane', 617.7, 21.1, 0.49, 0.7, false],
  ['H2', '氢气', 'Hydrogen', 33.19, 13.13, -0.216, 4.0, false],
  ['O2', '氧气', 'Oxygen', 154.58, 50.43, 0.022, null, true],
  ['CO', '一氧化碳', 'Carbon monoxide', 132.86, 34.94, 0.045, 10.9, false],
  ['H2O', '水', 'Water', 647.1, 220.64, 0.345, null, false],
  ['H2S', '硫化氢', 'Hydrogen sulfide', 373.53, 89.63, 0.094, 3.9, false],
  ['He', '氦气', 'Helium', 5.19, 2.27, -0.39, null, false],
  ['Ar', '氩气', 'Argon', 150.86, 48.98, -0.002, null, false],
  // Outside GERG-2008 (second-virial estimate).
  ['SF6', '六氟化硫', 'Sulfur hexafluoride', 318.72, 37.55, 0.215, null, false, 146.0554],
  ['NO', '一氧化氮', 'Nitric oxide', 180.15, 64.8, 0.582, null, true, 30.0061],
  ['N2O', '一氧化二氮', 'Nitrous oxide', 309.57, 72.45, 0.141, null, true, 44.0128],
  ['SO2', '二氧化硫', 'Sulfur dioxide', 430.75, 78.84, 0.245, null, false, 64.0638],
  ['NH3', '氨', 'Ammonia', 405.4, 113.53, 0.257, 15.0, false, 17.0305],
  ['C2H4', '乙烯', 'Ethylene', 282.34, 50.41, 0.087, 2.4, false, 28.0532],
  ['Ne', '氖气', 'Neon', 44.4, 27.6, -0.029, null, false, 20.1797],
  ['Kr', '氪气', 'Krypton', 209.48, 55.25, 0.005, null, false, 83.798],
  ['Xe', '氙气', 'Xenon', 289.73, 58.42, 0.008, null, false, 131.293],
];

export const GASES: readonly GasInfo[] = ROWS.map(([gas, nameZh, nameEn, tc, pc, omega, lel, oxidizer, m]) => {
  const gerg = isGergComponent(gas);
  const molarMass = gerg ? PURE_FLUIDS[GERG_COMPONENTS.indexOf(gas)].molarMass : (m as number);
  return { gas, nameZh, nameEn, molarMass, tc, pc, omega, gerg, flammable: lel !== null, ...(lel !== null ? { lelPercent: lel } : {}), oxidizer };
});

const BY_ID = new Map(GASES.map((g) => [g.gas, g]));

export function isKnownGas(id: string): boolean {
  return BY_ID.has(id);
}

export function gasInfo(id: string): GasInfo | undefined {
  return BY_ID.get(id);
}

/** Molar mass, g/mol; NaN for an unknown id (callers check `isKnownGas` first). */
export function gasMolarMass(id: string): number {
  return BY_ID.get(id)?.molarMass ?? Number.NaN;
}

// ---------------------------------------------------------------------------------------------------------------
// Vapour pressure

/**
 * Saturation (vapour) pressure in bar at T (K), or null above the critical temperature (no liquid can form) or for
 * a gas without one in range. Lee–Kesler (Poling et al. 5th ed. eq. 7-4.1) from Tc, Pc, ω:
 *   ln(p/Pc) = f0(Tr) + ω·f1(Tr),
 *   f0 = 5.92714 − 6.09648/Tr − 1.28862·ln Tr + 0.169347·Tr⁶,
 *   f1 = 15.2518 − 15.6875/Tr − 13.4721·ln Tr + 0.43577·Tr⁶,
 * stated within about 1–2 % for non-polar gases from Tr ≈ 0.5 to 1 (checked in the tests: CO2 at 15 °C 50.9 bar,
 * C3H8 at 15 °C 7.3 bar, nC4H10 at 15 °C 1.76 bar). Water (polar, Tr ≈ 0.45 at room temperature, where Lee–Kesler is
 * off by several %) uses Buck's equation (1981, over liquid water, −40…50 °C, ±0.05 %). Used for gases with Tr from
 * 0.4 to 1; below Tr 0.4 (e.g. decane at −50 °C) the value is still Lee–Kesler's and marked approximate in docs.
 */
export function vapourPressureBar(id: string, tK: number): number | null {
  const g = BY_ID.get(id);
  if (!g || tK >= g.tc) {
    return null;
  }
  if (id === 'H2O') {
    const c = tK - 273.15;
    return (6.1121 * Math.exp((18.678 - c / 234.5) * (c / (257.14 + c)))) / 1000;
  }
  const tr = tK / g.tc;
  const f0 = 5.92714 - 6.09648 / tr - 1.28862 * Math.log(tr) + 0.169347 * tr ** 6;
  const f1 = 15.2518 - 15.6875 / tr - 13.4721 * Math.log(tr) + 0.43577 * tr ** 6;
  return g.pc * Math.exp(f0 + g.omega * f1);
}

// ---------------------------------------------------------------------------------------------------------------
// Second-virial equation of state (gases outside GERG-2008)

/**
 * Second virial coefficient B (cm³/mol → here L/mol) of a pair from the Tsonopoulos correlation (AIChE J. 20 (1974)
 * 263; Poling et al. eq. 4-13.1, non-polar form) with the Prausnitz combining rules: Tc_ij = √(Tc_i·Tc_j) (k_ij = 0),
 * ω_ij = (ω_i + ω_j)/2, Zc = 0.291 − 0.080·ω, Vc = Zc·R·Tc/Pc, Vc_ij = ((Vc_i^⅓ + Vc_j^⅓)/2)³,
 * Pc_ij = Zc_ij·R·Tc_ij/Vc_ij.  B·Pc/(R·Tc) = f0 + ω·f1 with
 *   f0 = 0.1445 − 0.330/Tr − 0.1385/Tr² − 0.0121/Tr³ − 0.000607/Tr⁸,
 *   f1 = 0.0637 + 0.331/Tr² − 0.423/Tr³ − 0.008/Tr⁸.
 * The non-polar form is used for NH3, SO2 and H2O too (their polar terms are left out): an estimate, labelled so.
 */
function pairB(a: GasInfo, b: GasInfo, tK: number): number {
  const R = R_GAS * 10; // bar·cm³/(mol·K)
  const tc = Math.sqrt(a.tc * b.tc);
  const omega = (a.omega + b.omega) / 2;
  const zc = (0.291 - 0.08 * a.omega + 0.291 - 0.08 * b.omega) / 2;
  const vc = (g: GasInfo) => ((0.291 - 0.08 * g.omega) * R * g.tc) / g.pc;
  const vcij = ((Math.cbrt(vc(a)) + Math.cbrt(vc(b))) / 2) ** 3;
  const pc = (zc * R * tc) / vcij;
  const tr = tK / tc;
  const f0 = 0.1445 - 0.33 / tr - 0.1385 / tr ** 2 - 0.0121 / tr ** 3 - 0.000607 / tr ** 8;
  const f1 = 0.0637 + 0.331 / tr ** 2 - 0.423 / tr ** 3 - 0.008 / tr ** 8;
  return ((R * tc) / pc) * (f0 + omega * f1);
}

/** Mixture second virial coefficient, cm³/mol: B = Σ_i Σ_j x_i·x_j·B_ij. */
export function secondVirialB(tK: number, x: Readonly<Record<string, number>>): number {
  const parts = Object.entries(x).filter(([, v]) => v > 0);
  let b = 0;
  for (const [i, xi] of parts) {
    for (const [j, xj] of parts) {
      b += xi * xj * pairB(BY_ID.get(i) as GasInfo, BY_ID.get(j) as GasInfo, tK);
    }
  }
  return b;
}

/**
 * The truncated pressure-explicit virial equation Z = 1 + B·p/(R·T): density (mol/L) at T (K) and p (kPa), and the
 * pressure back from a density, p = ρRT/(1 − Bρ). Good to about 1 % while |B·p/(R·T)| stays under ~0.1 (a few tens
 * of bar for SF6 or N2O, more for the light gases); the result says `model: 'virial'`.
 */
export function virialDensity(tK: number, pKPa: number, x: Readonly<Record<string, number>>): { rho: number; z: number } {
  const bL = secondVirialB(tK, x) / 1000; // L/mol
  const z = 1 + (bL * pKPa) / (R_GAS * tK);
  if (!(z > 0.05)) {
    throw new RangeError('virial estimate out of range (the gas would be liquid)');
  }
  return { rho: pKPa / (z * R_GAS * tK), z };
}

export function virialPressure(tK: number, rho: number, x: Readonly<Record<string, number>>): { p: number; z: number } {
  const bL = secondVirialB(tK, x) / 1000;
  const denominator = 1 - bL * rho;
  if (!(denominator > 0.05)) {
    throw new RangeError('virial estimate out of range (the gas would be liquid)');
  }
  const p = (rho * R_GAS * tK) / denominator;
  return { p, z: 1 / denominator };
}
