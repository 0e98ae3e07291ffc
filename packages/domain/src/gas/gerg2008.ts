/**
 * GERG-2008 (ISO 20765-2) equation of state for gas mixtures — the residual part needed for the
 * compressibility factor, the pressure from (T, ρ, x) and the density from (T, p, x). Pure and synchronous,
 * no dependencies.
 *
 * Equation: O. Kunz and W. Wagner, J. Chem. Eng. Data 57 (2012) 3032–3091. The structure (reducing
 * functions, residual Helmholtz energy as pure-fluid terms plus binary departure functions, the density
 * solver's Newton step on ln v with restarts) follows NIST's public-domain reference implementation
 * usnistgov/AGA8 (AGA8CODE/C/GERG2008.cpp by E. W. Lemmon et al.); this is an independent TypeScript
 * transcription of the published equation, checked against that code's test point (see gerg2008.test.ts).
 *
 * Units as in the AGA8 code: T in K, molar density ρ in mol/L, pressure in kPa (kPa·L = J), molar mass in
 * g/mol. The ideal-gas part (caloric properties) is not implemented: it is not needed for Z, p or ρ.
 */
import { BINARY_REDUCING, DEPARTURE_MODELS, DEPARTURE_PAIRS, PURE_FLUIDS } from './gerg2008.coefficients';

/** Molar gas constant used by GERG-2008, J/(mol·K). */
export const R_GERG = 8.314472;

/** The 21 GERG-2008 components, in the equation's order. */
export const GERG_COMPONENTS = [
  'CH4', 'N2', 'CO2', 'C2H6', 'C3H8', 'iC4H10', 'nC4H10', 'iC5H12', 'nC5H12', 'nC6H14', 'nC7H16',
  'nC8H18', 'nC9H20', 'nC10H22', 'H2', 'O2', 'CO', 'H2O', 'H2S', 'He', 'Ar',
] as const;
export type GergComponent = (typeof GERG_COMPONENTS)[number];

/** Amount (mole) fractions by component; absent components are 0. The fractions must sum to 1. */
export type GergComposition = Partial<Record<GergComponent, number>>;

const NC = GERG_COMPONENTS.length;
const EPS = 1e-15;
const SUM_TOLERANCE = 1e-9;

export function isGergComponent(id: string): id is GergComponent {
  return (GERG_COMPONENTS as readonly string[]).includes(id);
}

/** Composition as a 21-long array in equation order; throws on an unknown component, a negative fraction or a sum ≠ 1. */
export function compositionVector(x: GergComposition): Float64Array {
  const v = new Float64Array(NC);
  let sum = 0;
  for (const [id, value] of Object.entries(x)) {
    if (!isGergComponent(id)) {
      throw new RangeError(`GERG-2008: unknown component ${id}`);
    }
    if (value === undefined) {
      continue;
    }
    if (!Number.isFinite(value) || value < 0) {
      throw new RangeError(`GERG-2008: fraction of ${id} must be a number ≥ 0 (got ${value})`);
    }
    v[GERG_COMPONENTS.indexOf(id)] = value;
    sum += value;
  }
  if (Math.abs(sum - 1) > SUM_TOLERANCE) {
    throw new RangeError(`GERG-2008: fractions must sum to 1 (sum ${sum})`);
  }
  return v;
}

/** Molar mass of the mixture, g/mol. */
export function molarMass(x: GergComposition): number {
  const v = compositionVector(x);
  let m = 0;
  for (let i = 0; i < NC; i++) {
    m += v[i] * PURE_FLUIDS[i].molarMass;
  }
  return m;
}

// Binary reducing parameters as full matrices (symmetric use: i < j only).
const BETA_V: number[][] = square(1);
const GAMMA_V: number[][] = square(1);
const BETA_T: number[][] = square(1);
const GAMMA_T: number[][] = square(1);
for (const [i, j, bv, gv, bt, gt] of BINARY_REDUCING) {
  BETA_V[i][j] = bv;
  GAMMA_V[i][j] = gv;
  BETA_T[i][j] = bt;
  GAMMA_T[i][j] = gt;
}

function square(fill: number): number[][] {
  return Array.from({ length: NC }, () => new Array<number>(NC).fill(fill));
}

/** Reducing temperature Tr (K) and density ρr (mol/L) of a mixture (Kunz & Wagner eqs 7.9, 7.10). */
export function reducingFunctions(x: GergComposition): { tr: number; rhor: number } {
  return reducing(compositionVector(x));
}

function reducing(x: Float64Array): { tr: number; rhor: number } {
  let vr = 0;
  let tr = 0;
  for (let i = 0; i < NC; i++) {
    const xi = x[i];
    if (xi <= EPS) {
      continue;
    }
    const fi = PURE_FLUIDS[i];
    vr += (xi * xi) / fi.rhoc;
    tr += xi * xi * fi.tc;
    for (let j = i + 1; j < NC; j++) {
      const xj = x[j];
      if (xj <= EPS) {
        continue;
      }
      const fj = PURE_FLUIDS[j];
      const bv = BETA_V[i][j];
      const bt = BETA_T[i][j];
      const vc = Math.pow(Math.cbrt(1 / fi.rhoc) + Math.cbrt(1 / fj.rhoc), 3) / 8;
      const tc = Math.sqrt(fi.tc * fj.tc);
      const xx = 2 * xi * xj * (xi + xj);
      vr += (xx * bv * GAMMA_V[i][j] * vc) / (bv * bv * xi + xj);
      tr += (xx * bt * GAMMA_T[i][j] * tc) / (bt * bt * xi + xj);
    }
  }
  return { tr, rhor: 1 / vr };
}

/** Residual Helmholtz energy αr and its reduced density derivatives δ·∂αr/∂δ and δ²·∂²αr/∂δ². */
export interface ResidualHelmholtz {
  readonly ar: number;
  readonly deltaArDelta: number;
  readonly delta2ArDelta2: number;
}

function residual(t: number, rho: number, x: Float64Array): ResidualHelmholtz {
  const { tr, rhor } = reducing(x);
  const delta = rho / rhor;
  const tau = tr / t;
  const lnTau = Math.log(tau);
  let a = 0;
  let a1 = 0;
  let a2 = 0;
  // Pure-fluid contributions Σ xi·αr_oi(δ, τ)
  for (let i = 0; i < NC; i++) {
    const xi = x[i];
    if (xi <= EPS) {
      continue;
    }
    const f = PURE_FLUIDS[i];
    for (let k = 0; k < f.n.length; k++) {
      const d = f.d[k];
      let term = xi * f.n[k] * Math.pow(delta, d) * Math.exp(f.t[k] * lnTau);
      if (k < f.kPol) {
        a += term;
        a1 += term * d;
        a2 += term * d * (d - 1);
      } else {
        const c = f.c[k];
        const dc = Math.pow(delta, c);
        term *= Math.exp(-dc);
        const q = d - c * dc;
        a += term;
        a1 += term * q;
        a2 += term * (q * (q - 1) - c * c * dc);
      }
    }
  }
  // Binary departure contributions Σ xi·xj·Fij·αr_ij(δ, τ)
  for (const [i, j, model, fij] of DEPARTURE_PAIRS) {
    const xx = x[i] * x[j] * fij;
    if (x[i] <= EPS || x[j] <= EPS || xx === 0) {
      continue;
    }
    const m = DEPARTURE_MODELS[model];
    for (let k = 0; k < m.n.length; k++) {
      const d = m.d[k];
      let term = xx * m.n[k] * Math.pow(delta, d) * Math.exp(m.t[k] * lnTau);
      if (k < m.kPol) {
        a += term;
        a1 += term * d;
        a2 += term * d * (d - 1);
      } else {
        const eta = m.eta[k];
        const beta = m.beta[k];
        term *= Math.exp(-eta * (delta - m.epsilon[k]) ** 2 - beta * (delta - m.gamma[k]));
        const q = d - 2 * eta * delta * (delta - m.epsilon[k]) - beta * delta;
        a += term;
        a1 += term * q;
        a2 += term * (q * q - d - 2 * eta * delta * delta);
      }
    }
  }
  return { ar: a, deltaArDelta: a1, delta2ArDelta2: a2 };
}

/** αr and its density derivatives at T (K), ρ (mol/L). */
export function residualHelmholtz(t: number, rho: number, x: GergComposition): ResidualHelmholtz {
  return residual(t, rho, compositionVector(x));
}

export interface PressureResult {
  /** Pressure, kPa. */
  readonly p: number;
  /** Compressibility factor Z = p/(ρRT). */
  readonly z: number;
  /** ∂p/∂ρ at constant T, kPa/(mol/L). */
  readonly dpdrho: number;
}

function pressureOf(t: number, rho: number, x: Float64Array): PressureResult {
  const r = residual(t, rho, x);
  const z = 1 + r.deltaArDelta;
  return {
    p: rho * R_GERG * t * z,
    z,
    dpdrho: R_GERG * t * (1 + 2 * r.deltaArDelta + r.delta2ArDelta2),
  };
}

/** Pressure (kPa), Z and ∂p/∂ρ from temperature T (K), molar density ρ (mol/L) and composition. */
export function pressure(t: number, rho: number, x: GergComposition): PressureResult {
  checkTemperature(t);
  if (!(rho >= 0) || !Number.isFinite(rho)) {
    throw new RangeError(`GERG-2008: density must be ≥ 0 mol/L (got ${rho})`);
  }
  return pressureOf(t, rho, compositionVector(x));
}

/** Compressibility factor Z(T, ρ, x). */
export function compressibility(t: number, rho: number, x: GergComposition): number {
  return pressure(t, rho, x).z;
}

export interface DensityResult {
  /** Molar density, mol/L. */
  readonly rho: number;
  /** Compressibility factor at the solution. */
  readonly z: number;
  /** Newton iterations used (over all restarts). */
  readonly iterations: number;
}

/**
 * Molar density (mol/L) from T (K), p (kPa) and composition: Newton iteration on ln v against ln p from the
 * ideal-gas estimate (gas root), restarted from liquid-like densities (3, 2.5, 2 × the pseudo-critical density,
 * as the AGA8 reference code does) when the iteration leaves the physical range or a state with ∂p/∂ρ ≤ 0.
 * Throws when no root with ∂p/∂ρ > 0 is found. No phase-boundary check: near or inside the two-phase region
 * the result may be metastable — the caller checks dew points separately.
 */
export function density(t: number, p: number, x: GergComposition): DensityResult {
  checkTemperature(t);
  if (!(p >= 0) || !Number.isFinite(p)) {
    throw new RangeError(`GERG-2008: pressure must be ≥ 0 kPa (got ${p})`);
  }
  const v = compositionVector(x);
  if (p < EPS) {
    return { rho: 0, z: 1, iterations: 0 };
  }
  let vc = 0;
  for (let i = 0; i < NC; i++) {
    vc += v[i] / PURE_FLUIDS[i].rhoc;
  }
  const rhoC = 1 / vc;
  const lnP = Math.log(p);
  const starts = [p / (R_GERG * t), 3 * rhoC, 2.5 * rhoC, 2 * rhoC];
  let iterations = 0;
  for (const start of starts) {
    let lnV = -Math.log(start);
    for (let it = 1; it <= 30; it++) {
      iterations++;
      if (lnV < -7 || lnV > 100) {
        break;
      }
      const rho = Math.exp(-lnV);
      const s = pressureOf(t, rho, v);
      if (s.dpdrho < EPS || s.p < EPS) {
        // Unstable or negative-pressure state: walk away from it in ln v.
        let step = rho > rhoC ? -0.1 : 0.1;
        if (it > 5) {
          step /= 2;
        }
        if (it > 10) {
          step /= 5;
        }
        lnV += step;
        continue;
      }
      const dpdlnV = -rho * s.dpdrho;
      const dLnV = ((Math.log(s.p) - lnP) * s.p) / dpdlnV;
      lnV -= dLnV;
      if (Math.abs(dLnV) < 1e-10) {
        const root = Math.exp(-lnV);
        const check = pressureOf(t, root, v);
        if (check.dpdrho > 0) {
          return { rho: root, z: check.z, iterations };
        }
        break;
      }
    }
  }
  throw new RangeError(`GERG-2008: density did not converge at T = ${t} K, p = ${p} kPa`);
}

function checkTemperature(t: number): void {
  if (!(t > 0) || !Number.isFinite(t)) {
    throw new RangeError(`GERG-2008: temperature must be > 0 K (got ${t})`);
  }
}
