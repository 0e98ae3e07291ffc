/**
 * Gas blending calculations on top of the GERG-2008 core (issue 20): partial-pressure (manometric) filling with
 * cumulative stop pressures, gravimetric target masses and the ISO 6142-1 composition with uncertainty from
 * weighed masses, dynamic dilution by flows, and a premix proposal when a direct step is too small to set.
 * Pure and synchronous. Units: volume L, pressure bar (absolute unless said), temperature °C at the interface
 * (K inside), amounts mol, masses g, molar masses g/mol, fractions as amount (mole) fractions.
 */
import { density as gergDensity, isGergComponent, pressure as gergPressure, R_GERG } from './gerg2008';
import { GASES, gasMolarMass, isKnownGas, virialDensity, virialPressure } from './gases';

/** A composition by gas id (amount fractions); ids are those of the gas table (`GASES`). */
export type Composition = Record<string, number>;

/**
 * The equation of state behind a result: GERG-2008 when every component is one of its 21, otherwise the
 * second-virial estimate of gases.ts (labelled `model: 'virial'` in the result).
 */
export type EosModel = 'gerg2008' | 'virial';

function modelOf(x: Composition): EosModel {
  return Object.keys(x).every((id) => isGergComponent(id)) ? 'gerg2008' : 'virial';
}

function density(t: number, p: number, x: Composition, model: EosModel): { rho: number; z: number } {
  return model === 'gerg2008' ? gergDensity(t, p, x) : virialDensity(t, p, x);
}

function pressure(t: number, rho: number, x: Composition, model: EosModel): { p: number; z: number } {
  return model === 'gerg2008' ? gergPressure(t, rho, x) : virialPressure(t, rho, x);
}

function molarMass(x: Composition): number {
  return Object.entries(x).reduce((s, [id, v]) => s + (v ?? 0) * gasMolarMass(id), 0);
}

/** Standard atmosphere, bar: gauge = absolute − 1.01325 bar. */
export const ATM_BAR = 1.01325;
const KPA_PER_BAR = 100;
const ZERO_C = 273.15;

export type BlendRefusal =
  | 'input-invalid'
  | 'fraction-invalid'
  | 'fractions-exceed-balance'
  | 'component-not-covered'
  | 'parent-composition-incomplete'
  | 'parent-missing'
  | 'parent-too-weak'
  | 'parents-singular';

/** A refused calculation; `reason` is a stable key for the API (50001 with the reason in `data`). */
export class BlendError extends RangeError {
  readonly reason: BlendRefusal;
  constructor(reason: BlendRefusal, message: string) {
    super(`${reason}: ${message}`);
    this.reason = reason;
    this.name = 'BlendError';
  }
}

export type FractionUnit = 'fraction' | '%' | 'ppm' | 'ppb';
const UNIT_FACTOR: Record<FractionUnit, number> = { fraction: 1, '%': 1e-2, ppm: 1e-6, ppb: 1e-9 };

/** Amount fraction from a value in %, ppm (µmol/mol), ppb (nmol/mol) or as a plain fraction. */
export function toFraction(value: number, unit: FractionUnit = 'fraction'): number {
  if (!Number.isFinite(value) || value < 0) {
    throw new BlendError('fraction-invalid', `a fraction must be a number ≥ 0 (got ${value} ${unit})`);
  }
  return value * UNIT_FACTOR[unit];
}

export type PressureMode = 'gauge' | 'absolute';

export function toAbsoluteBar(p: number, mode: PressureMode): number {
  return mode === 'gauge' ? p + ATM_BAR : p;
}

function covered(id: string): string {
  if (!isKnownGas(id)) {
    throw new BlendError('component-not-covered', `${id} is not a known gas (${GASES.map((g) => g.gas).join(' ')})`);
  }
  return id;
}

/** A parent gas: a pure gas with its purity table or a certified premix, and the component it is filled for. */
export interface ParentGas {
  readonly id: string;
  /** Amount fractions summing to 1 (impurities included). */
  readonly composition: Composition;
  /** The target component this parent delivers (its key), or the balance gas. */
  readonly delivers: string;
}

/**
 * A pure gas with purity (amount fraction) and optional impurities (amount fractions). When purity + impurities
 * fall short of 1 the unlisted remainder must be attributed to a named gas (`remainderAs`) — it is never dropped.
 */
export function pureGas(
  gas: string,
  purity = 1,
  impurities: Readonly<Record<string, number>> = {},
  remainderAs?: string,
): ParentGas {
  const composition: Composition = { [covered(gas)]: purity };
  let sum = purity;
  for (const [id, x] of Object.entries(impurities)) {
    const c = covered(id);
    composition[c] = (composition[c] ?? 0) + x;
    sum += x;
  }
  const rest = 1 - sum;
  if (rest < -1e-9) {
    throw new BlendError('fraction-invalid', `${gas}: purity + impurities exceed 1 (${sum})`);
  }
  if (rest > 1e-9) {
    if (remainderAs === undefined) {
      throw new BlendError('parent-composition-incomplete', `${gas}: purity + impurities = ${sum}; say which gas the remainder is`);
    }
    const c = covered(remainderAs);
    composition[c] = (composition[c] ?? 0) + rest;
  }
  return { id: gas, composition, delivers: gas };
}

/** A premix with its certified composition (amount fractions summing to 1), filled for component `delivers`. */
export function premix(id: string, composition: Readonly<Record<string, number>>, delivers: string): ParentGas {
  const c: Composition = {};
  for (const [gas, x] of Object.entries(composition)) {
    c[covered(gas)] = toFraction(x);
  }
  return { id, composition: c, delivers };
}

export interface TargetComponent {
  readonly gas: string;
  readonly value: number;
  readonly unit?: FractionUnit;
}

export interface ManometricInput {
  /** Cylinder water volume, L. */
  readonly volumeL: number;
  /** Final fill pressure at the reference temperature, bar. */
  readonly pressureBar: number;
  readonly pressureMode: PressureMode;
  /** Temperature while filling (the stop pressures are for this temperature), °C. */
  readonly fillTemperatureC: number;
  /** Temperature at which the final pressure is specified, °C. */
  readonly referenceTemperatureC: number;
  /** Target components other than the balance gas. */
  readonly components: readonly TargetComponent[];
  readonly balance: string;
  readonly parents: readonly ParentGas[];
  /** Parent ids in fill order; default: the order of `parents`. */
  readonly order?: readonly string[];
  /** Temperatures (°C) at which to report the final pressure; default 0, 15, 25, 40, 50. */
  readonly otherTemperaturesC?: readonly number[];
}

export interface FillStep {
  readonly parent: string;
  readonly delivers: string;
  readonly mol: number;
  /** Target mass of this parent, g (moles × the parent's molar mass). */
  readonly massG: number;
  readonly molarMass: number;
  /** Cumulative pressure to stop at after this step, at the fill temperature (GERG-2008). */
  readonly cumulativePressureBar: number;
  readonly cumulativePressureBarGauge: number;
  readonly z: number;
  /** Ideal-gas comparison (what a pV = nRT spreadsheet gives), absolute and gauge, and real − ideal in %. */
  readonly idealCumulativePressureBar: number;
  readonly idealCumulativePressureBarGauge: number;
  readonly differencePercent: number;
}

export interface ManometricResult {
  /** Total moles at the final state, from the GERG-2008 density at the reference temperature. */
  readonly totalMol: number;
  /** Ideal-gas comparison: pV/(RT). */
  readonly totalMolIdeal: number;
  readonly totalDifferencePercent: number;
  readonly z: number;
  /** The equation of state used: GERG-2008, or the second-virial estimate for gases outside it. */
  readonly model: EosModel;
  /** The composition actually made (targets, balance and the parents' impurities). */
  readonly composition: Composition;
  readonly steps: readonly FillStep[];
  /** Same moles, same volume: the pressure at other temperatures (GERG-2008), absolute and gauge, bar. */
  readonly atTemperatures: readonly { temperatureC: number; pressureBar: number; pressureBarGauge: number }[];
}

/** Solves A·y = b (small dense system) by Gaussian elimination with partial pivoting; null when singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) {
      if (Math.abs(m[r][col]) > Math.abs(m[piv][col])) {
        piv = r;
      }
    }
    if (Math.abs(m[piv][col]) < 1e-14) {
      return null;
    }
    [m[col], m[piv]] = [m[piv], m[col]];
    for (let r = 0; r < n; r++) {
      if (r !== col) {
        const f = m[r][col] / m[col][col];
        for (let k = col; k <= n; k++) {
          m[r][k] -= f * m[col][k];
        }
      }
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

function mix(parts: readonly { x: Composition; n: number }[]): Composition {
  const total = parts.reduce((s, p) => s + p.n, 0);
  const out: Composition = {};
  for (const { x, n } of parts) {
    for (const [id, v] of Object.entries(x)) {
      out[id] = (out[id] ?? 0) + (v * n) / total;
    }
  }
  // Renormalize the rounding so the core's sum check (1e-9) holds.
  const s = Object.values(out).reduce((a, v) => a + v, 0);
  for (const id of Object.keys(out)) {
    out[id] = (out[id] ?? 0) / s;
  }
  return out;
}

function positive(name: string, v: number): void {
  if (!Number.isFinite(v) || v <= 0) {
    throw new BlendError('input-invalid', `${name} must be > 0 (got ${v})`);
  }
}

/** Parent amounts per mole of product: one parent per target component plus one for the balance. */
function parentShares(
  components: readonly TargetComponent[],
  balance: string,
  parents: readonly ParentGas[],
): { targets: Map<string, number>; shares: Map<string, number> } {
  const bal = covered(balance);
  const targets = new Map<string, number>();
  let sum = 0;
  for (const c of components) {
    const id = covered(c.gas);
    if (id === bal || targets.has(id)) {
      throw new BlendError('input-invalid', `${id} is listed twice or is the balance gas`);
    }
    const x = toFraction(c.value, c.unit);
    targets.set(id, x);
    sum += x;
  }
  if (sum >= 1) {
    throw new BlendError('fractions-exceed-balance', `the target fractions sum to ${sum}, leaving no balance ${bal}`);
  }
  const keys = [...targets.keys(), bal];
  const byKey = new Map<string, ParentGas>();
  for (const p of parents) {
    if (byKey.has(p.delivers)) {
      throw new BlendError('input-invalid', `two parents deliver ${p.delivers}`);
    }
    byKey.set(p.delivers, p);
  }
  const ordered = keys.map((k) => {
    const p = byKey.get(k);
    if (p === undefined) {
      throw new BlendError('parent-missing', `no parent gas delivers ${k}`);
    }
    return p;
  });
  if (parents.length !== ordered.length) {
    throw new BlendError('input-invalid', 'every parent must deliver one target component or the balance');
  }
  for (const [id, x] of targets) {
    const have = byKey.get(id)?.composition[id] ?? 0;
    if (have < x) {
      throw new BlendError('parent-too-weak', `${byKey.get(id)?.id} holds ${id} at ${have}, below the target ${x}`);
    }
  }
  // Σ_j a_cj y_j = x_c for each target c; Σ_j y_j = 1.
  const a = [...targets.keys()].map((c) => ordered.map((p) => p.composition[c] ?? 0));
  a.push(ordered.map(() => 1));
  const y = solve(a, [...targets.values(), 1]);
  if (y === null) {
    throw new BlendError('parents-singular', 'the parent gases cannot set the target components independently');
  }
  const shares = new Map<string, number>();
  ordered.forEach((p, j) => {
    if (y[j] < -1e-12) {
      throw new BlendError('parent-too-weak', `the parents cannot make the target: ${p.id} would be needed in a negative amount`);
    }
    shares.set(p.id, Math.max(0, y[j]));
  });
  return { targets, shares };
}

/**
 * Partial-pressure (manometric) filling. Total moles n = V·ρ(T_ref, p_final, x) from GERG-2008; each parent's
 * moles from the linear balance Σ_j x_c,j·n_j = x_c·n (impurities and premix diluent included); after each step in
 * fill order the stop pressure p_k = p_GERG(T_fill, Σ_{j≤k} n_j / V, x of the mixture present). Ideal beside it:
 * n_ideal = p·V/(R·T_ref) and p_k,ideal = (Σ_{j≤k} y_j)·n_ideal·R·T_fill/V.
 */
export function manometric(input: ManometricInput): ManometricResult {
  positive('volumeL', input.volumeL);
  const pAbs = toAbsoluteBar(input.pressureBar, input.pressureMode);
  positive('absolute pressure', pAbs);
  const tFill = input.fillTemperatureC + ZERO_C;
  const tRef = input.referenceTemperatureC + ZERO_C;
  positive('fill temperature (K)', tFill);
  positive('reference temperature (K)', tRef);
  const { shares } = parentShares(input.components, input.balance, input.parents);
  const parentsById = new Map(input.parents.map((p) => [p.id, p]));
  const order = input.order ?? input.parents.map((p) => p.id);
  if (order.length !== input.parents.length || new Set(order).size !== order.length || order.some((id) => !parentsById.has(id))) {
    throw new BlendError('input-invalid', 'the fill order must list every parent once');
  }
  const final = mix(input.parents.map((p) => ({ x: p.composition, n: shares.get(p.id) ?? 0 })));
  const v = input.volumeL;
  const model = modelOf(final);
  const d = density(tRef, pAbs * KPA_PER_BAR, final, model);
  const totalMol = d.rho * v;
  const totalMolIdeal = (pAbs * KPA_PER_BAR * v) / (R_GERG * tRef);
  const steps: FillStep[] = [];
  const present: { x: Composition; n: number }[] = [];
  let idealShare = 0;
  for (const id of order) {
    const p = parentsById.get(id) as ParentGas;
    const y = shares.get(id) ?? 0;
    const mol = y * totalMol;
    const m = molarMass(p.composition);
    if (mol > 0) {
      present.push({ x: p.composition, n: mol });
    }
    idealShare += y;
    const nCum = present.reduce((s, q) => s + q.n, 0);
    const real = nCum > 0 ? pressure(tFill, nCum / v, mix(present), model) : { p: 0, z: 1 };
    const pBar = real.p / KPA_PER_BAR;
    const ideal = (idealShare * totalMolIdeal * R_GERG * tFill) / v / KPA_PER_BAR;
    steps.push({
      parent: id,
      delivers: p.delivers,
      mol,
      massG: mol * m,
      molarMass: m,
      cumulativePressureBar: pBar,
      cumulativePressureBarGauge: pBar - ATM_BAR,
      z: real.z,
      idealCumulativePressureBar: ideal,
      idealCumulativePressureBarGauge: ideal - ATM_BAR,
      differencePercent: ideal > 0 ? ((pBar - ideal) / ideal) * 100 : 0,
    });
  }
  const atTemperatures = (input.otherTemperaturesC ?? [0, 15, 25, 40, 50]).map((c) => {
    const pb = pressure(c + ZERO_C, d.rho, final, model).p / KPA_PER_BAR;
    return { temperatureC: c, pressureBar: pb, pressureBarGauge: pb - ATM_BAR };
  });
  return {
    totalMol,
    totalMolIdeal,
    totalDifferencePercent: ((totalMol - totalMolIdeal) / totalMolIdeal) * 100,
    z: d.z,
    model,
    composition: final,
    steps,
    atTemperatures,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Gravimetric (ISO 6142-1)

/** Molar mass of a GERG component, g/mol (the values of the GERG-2008 tables). */
export function componentMolarMass(id: string): number {
  return gasMolarMass(covered(id));
}

export interface WeighedParent {
  /** The parent's purity table: each component's amount fraction and its standard uncertainty. */
  readonly composition: readonly { gas: string; fraction: number; u?: number }[];
  /** Weighed mass, g, and its standard uncertainty, g. */
  readonly massG: number;
  readonly uMassG?: number;
}

export interface ComponentResult {
  readonly gas: string;
  readonly fraction: number;
  /** Standard uncertainty (amount fraction). */
  readonly u: number;
  /** Expanded uncertainty, k = 2. */
  readonly U: number;
}

/**
 * Composition from weighed masses (ISO 6142-1). With n_A = m_A/M_A, M_A = Σ_k x_k,A·M_k and N = Σ_A n_A:
 *
 *   x_i = Σ_A x_i,A·n_A / N
 *
 * Standard uncertainty by linear propagation (ISO 6142-1 / GUM, inputs uncorrelated):
 *
 *   u²(x_i) = Σ_A (∂x_i/∂m_A)²·u²(m_A) + Σ_A Σ_k (∂x_i/∂x_k,A)²·u²(x_k,A) + Σ_k (∂x_i/∂M_k)²·u²(M_k)
 *
 * with the partial derivatives
 *   ∂x_i/∂m_A   = (x_i,A − x_i) / (M_A·N)
 *   ∂x_i/∂x_k,A = n_A·(δ_ik − (x_i,A − x_i)·M_k/M_A) / N
 *   ∂x_i/∂M_k   = −Σ_A n_A·x_k,A·(x_i,A − x_i) / (M_A·N)
 * The parents' fractions are treated as independent inputs (each with its own u, the purity's u included), as
 * ISO 6142-1 does. u(M_k) defaults to 0 (atomic-weight uncertainties are small next to weighing). U = 2·u.
 */
export function gravimetricComposition(
  parents: readonly WeighedParent[],
  molarMassU: Readonly<Record<string, number>> = {},
): ComponentResult[] {
  if (parents.length === 0) {
    throw new BlendError('input-invalid', 'no parents');
  }
  const ids: string[] = [];
  const table = parents.map((p, a) => {
    positive(`mass of parent ${a + 1}`, p.massG);
    const x = new Map<string, { f: number; u: number }>();
    let sum = 0;
    for (const c of p.composition) {
      const id = covered(c.gas);
      const f = toFraction(c.fraction);
      const u = c.u ?? 0;
      if (!Number.isFinite(u) || u < 0) {
        throw new BlendError('fraction-invalid', `u of ${id} must be ≥ 0`);
      }
      x.set(id, { f, u });
      sum += f;
      if (!ids.includes(id)) {
        ids.push(id);
      }
    }
    if (Math.abs(sum - 1) > 1e-6) {
      throw new BlendError('fraction-invalid', `parent ${a + 1}: fractions sum to ${sum}, not 1`);
    }
    const mA = [...x].reduce((s, [id, v]) => s + v.f * componentMolarMass(id), 0);
    return { x, mA, n: p.massG / mA, m: p.massG, um: p.uMassG ?? 0 };
  });
  const N = table.reduce((s, p) => s + p.n, 0);
  const frac = (p: (typeof table)[number], id: string): number => p.x.get(id)?.f ?? 0;
  return ids.map((i) => {
    const xi = table.reduce((s, p) => s + frac(p, i) * p.n, 0) / N;
    let u2 = 0;
    for (const p of table) {
      const dm = (frac(p, i) - xi) / (p.mA * N);
      u2 += (dm * p.um) ** 2;
      // ∂x_i/∂x_k,A with every other fraction of the parent held.
      const direct = (k: string) => (p.n * ((k === i ? 1 : 0) - ((frac(p, i) - xi) * componentMolarMass(k)) / p.mA)) / N;
      // The parent's matrix (its largest component) is 1 − Σ the others (ISO 19229): a change of
      // x_k,A moves the matrix by the opposite amount, so x_k,A's sensitivity is direct(k) −
      // direct(matrix). A u stated on the matrix follows from the others' and counts only when none
      // of them states one; it is then carried by the parent's next largest component.
      const [matrix, complement] = [...p.x.keys()].sort((a, b) => (p.x.get(b)?.f ?? 0) - (p.x.get(a)?.f ?? 0));
      const othersStateU = [...p.x].some(([k, v]) => k !== matrix && v.u > 0);
      for (const [k, v] of p.x) {
        if (k !== matrix) {
          u2 += ((direct(k) - direct(matrix)) * v.u) ** 2;
        } else if (!othersStateU && complement !== undefined) {
          u2 += ((direct(k) - direct(complement)) * v.u) ** 2;
        }
      }
    }
    for (const k of ids) {
      const uM = molarMassU[k] ?? 0;
      if (uM > 0) {
        const dM = -table.reduce((s, p) => s + (p.n * frac(p, k) * (frac(p, i) - xi)) / p.mA, 0) / N;
        u2 += (dM * uM) ** 2;
      }
    }
    const u = Math.sqrt(u2);
    return { gas: i, fraction: xi, u, U: 2 * u };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Dynamic dilution

/** Outlet fraction of a source diluted by a flow of zero gas: x_out = x_src·q_src/(q_src + q_dil). */
export function dilutedFraction(xSource: number, qSource: number, qDiluent: number): number {
  if (!(qSource >= 0) || !(qDiluent >= 0) || qSource + qDiluent <= 0) {
    throw new BlendError('input-invalid', 'flows must be ≥ 0 and not both 0');
  }
  return (xSource * qSource) / (qSource + qDiluent);
}

/** Source and diluent flows (same unit as qTotal) giving x_target at the outlet from a source at x_source. */
export function dilutionFlows(xSource: number, xTarget: number, qTotal: number): { qSource: number; qDiluent: number } {
  positive('total flow', qTotal);
  positive('source fraction', xSource);
  if (!(xTarget >= 0) || xTarget > xSource) {
    throw new BlendError('parent-too-weak', `the source (${xSource}) cannot give ${xTarget}`);
  }
  const qSource = (qTotal * xTarget) / xSource;
  return { qSource, qDiluent: qTotal - qSource };
}

// ---------------------------------------------------------------------------------------------------------------
// Multi-step premix

export interface PremixThresholds {
  /** A step smaller than this partial pressure (bar) is too small to set; default 0.5. */
  readonly minStepBar?: number;
  /** A step lighter than this mass (g) is too small to weigh; default 1. */
  readonly minMassG?: number;
  /** Final pressure of the premix cylinder (same mode as the product); default the product's. */
  readonly premixPressureBar?: number;
  /** Water volume of the premix cylinder, L; default the product's. */
  readonly premixVolumeL?: number;
}

export interface PremixProposal {
  /** The direct calculation, for reference. */
  readonly direct: ManometricResult;
  /** Components whose direct step was too small, with the premix fraction chosen. */
  readonly premixes: readonly { gas: string; fraction: number; plan: ManometricResult }[];
  /** The product filled from the premixes (null when no premix is needed). */
  readonly product: ManometricResult | null;
}

function stepTooSmall(r: ManometricResult, parent: string, t: Required<Pick<PremixThresholds, 'minStepBar' | 'minMassG'>>): boolean {
  const i = r.steps.findIndex((s) => s.parent === parent);
  const before = i > 0 ? r.steps[i - 1].cumulativePressureBar : 0;
  return r.steps[i].cumulativePressureBar - before < t.minStepBar || r.steps[i].massG < t.minMassG;
}

/**
 * For each target component whose direct step is under the thresholds, a premix of that component in the balance
 * gas: the largest decade fraction (10 %, 1 %, 0.1 % …) whose step in the product (about x_c/f of the final
 * pressure) is at or above the thresholds; then both fills: the premix cylinder and the product from the premix.
 */
export function proposePremix(input: ManometricInput, thresholds: PremixThresholds = {}): PremixProposal {
  const t = { minStepBar: thresholds.minStepBar ?? 0.5, minMassG: thresholds.minMassG ?? 1 };
  const direct = manometric(input);
  const premixes: { gas: string; fraction: number; plan: ManometricResult }[] = [];
  let parents = [...input.parents];
  let order = input.order ?? input.parents.map((p) => p.id);
  const balanceParent = input.parents.find((p) => p.delivers === input.balance);
  for (const c of input.components) {
    const parent = input.parents.find((p) => p.delivers === c.gas);
    if (parent === undefined || balanceParent === undefined || !stepTooSmall(direct, parent.id, t)) {
      continue;
    }
    const x = toFraction(c.value, c.unit);
    const purity = parent.composition[c.gas] ?? 0;
    let found: { fraction: number; plan: ManometricResult; parent: ParentGas } | null = null;
    for (let f = 0.1; f > x && f >= 1e-9; f /= 10) {
      const fraction = Number(f.toPrecision(1));
      if (fraction >= purity) {
        continue;
      }
      const plan = manometric({
        ...input,
        volumeL: thresholds.premixVolumeL ?? input.volumeL,
        pressureBar: thresholds.premixPressureBar ?? input.pressureBar,
        components: [{ gas: c.gas, value: fraction }],
        parents: [parent, balanceParent],
        order: [parent.id, balanceParent.id],
      });
      const pre = premix(`${c.gas} ${fraction * 100} % in ${input.balance}`, plan.composition, c.gas);
      const trial = manometric({
        ...input,
        parents: parents.map((p) => (p.id === parent.id ? pre : p)),
        order: order.map((id) => (id === parent.id ? pre.id : id)),
      });
      if (!stepTooSmall(trial, pre.id, t) && !stepTooSmall(plan, parent.id, t)) {
        found = { fraction, plan, parent: pre };
        break;
      }
    }
    if (found !== null) {
      const pre = found.parent;
      premixes.push({ gas: c.gas, fraction: found.fraction, plan: found.plan });
      parents = parents.map((p) => (p.id === parent.id ? pre : p));
      order = order.map((id) => (id === parent.id ? pre.id : id));
    }
  }
  return { direct, premixes, product: premixes.length > 0 ? manometric({ ...input, parents, order }) : null };
}
