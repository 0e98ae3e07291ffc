/**
 * Safety checks of a blending plan (issue 20): flammable gases together with an oxidizer, a component above its
 * vapour pressure (it liquefies), a fill above the cylinder's working pressure, and the use of the second-virial
 * estimate outside GERG-2008. Each finding is a code with its parameters and a severity; the server translates
 * them (gasMessages.ts). Pure and synchronous.
 */
import type { ManometricResult, ParentGas } from './blending';
import { gasInfo, vapourPressureBar } from './gases';

export type SafetyCode =
  | 'flammableWithOxidizer'
  | 'flammableWithOxidizerNear'
  | 'liquefies'
  | 'liquefiesCold'
  | 'aboveWorkingPressure'
  | 'hotFillAboveWorkingPressure'
  | 'virialEstimate';

export interface SafetyFinding {
  readonly code: SafetyCode;
  readonly severity: 'error' | 'warning';
  readonly gas?: string;
  /** Figures for the message, in its order (rounded for display). */
  readonly params: readonly (string | number)[];
}

/**
 * Fractions of the lower explosive limit. A mixture with an oxidizer whose flammable content, by Le Chatelier's
 * rule L = Σ x_i / LEL_i, reaches 50 % of the LEL is refused (error): calibration mixtures of flammables in air are
 * made up to 50 % LEL at most (EIGA Doc. 139 / common supplier practice), since during filling the local
 * composition passes through richer mixtures and the fill-pressure tolerance adds to it. From 25 % on the plan gets
 * a warning (the usual first alarm level of gas detectors).
 */
export const LEL_ERROR_FRACTION = 0.5;
export const LEL_WARNING_FRACTION = 0.25;
/** An oxidizer below this amount fraction (a trace impurity) does not make the mixture an oxidizing one. */
export const OXIDIZER_MIN_FRACTION = 1e-3;

export interface SafetyInput {
  readonly result: ManometricResult;
  readonly parents: readonly ParentGas[];
  readonly fillTemperatureC: number;
  /** The cylinder's working (service) pressure, bar gauge at 15 °C, as stamped on it. */
  readonly workingPressureBar?: number;
}

const round = (v: number, digits = 3) => Number(v.toPrecision(digits));

/** Σ x_i/LEL_i over the flammable components (1 = at the LEL by Le Chatelier's rule). */
export function lelShare(composition: Readonly<Record<string, number>>): number {
  let share = 0;
  for (const [gas, x] of Object.entries(composition)) {
    const lel = gasInfo(gas)?.lelPercent;
    if (lel !== undefined && x > 0) {
      share += x / (lel / 100);
    }
  }
  return share;
}

export function safetyChecks(input: SafetyInput): SafetyFinding[] {
  const findings: SafetyFinding[] = [];
  const { result } = input;
  const final = result.composition;

  // 1. Flammable with an oxidizer.
  const oxidizers = Object.entries(final).filter(([gas, x]) => gasInfo(gas)?.oxidizer === true && x >= OXIDIZER_MIN_FRACTION);
  const share = lelShare(final);
  if (oxidizers.length > 0 && share > 0) {
    const flammables = Object.keys(final).filter((gas) => gasInfo(gas)?.flammable === true && final[gas] > 0);
    const params = [flammables.join(', '), round(share * 100), oxidizers.map(([gas]) => gas).join(', ')];
    if (share >= LEL_ERROR_FRACTION) {
      findings.push({ code: 'flammableWithOxidizer', severity: 'error', gas: flammables[0], params: [...params, LEL_ERROR_FRACTION * 100] });
    } else if (share >= LEL_WARNING_FRACTION) {
      findings.push({ code: 'flammableWithOxidizerNear', severity: 'warning', gas: flammables[0], params: [...params, LEL_WARNING_FRACTION * 100] });
    }
  }

  // 2. Liquefaction: after each fill step, each component's partial pressure x_i·p (Dalton) against its vapour
  // pressure at the fill temperature (a component filled first stands alone at its stop pressure).
  const tFill = input.fillTemperatureC + 273.15;
  const parents = new Map(input.parents.map((p) => [p.id, p]));
  const moles = new Map<string, number>();
  const worst = new Map<string, { partial: number; saturation: number }>();
  for (const step of result.steps) {
    const parent = parents.get(step.parent);
    for (const [gas, x] of Object.entries(parent?.composition ?? {})) {
      moles.set(gas, (moles.get(gas) ?? 0) + x * step.mol);
    }
    const total = [...moles.values()].reduce((s, n) => s + n, 0);
    if (total <= 0) {
      continue;
    }
    for (const [gas, n] of moles) {
      const saturation = vapourPressureBar(gas, tFill);
      const partial = (n / total) * step.cumulativePressureBar;
      if (saturation !== null && partial > saturation && partial > (worst.get(gas)?.partial ?? 0)) {
        worst.set(gas, { partial, saturation });
      }
    }
  }
  for (const [gas, w] of worst) {
    findings.push({ code: 'liquefies', severity: 'error', gas, params: [gas, round(w.partial), round(w.saturation), input.fillTemperatureC] });
  }
  // The filled cylinder cooling down (the coldest of the reported temperatures): a warning.
  const coldest = [...result.atTemperatures].sort((a, b) => a.temperatureC - b.temperatureC)[0];
  if (coldest !== undefined) {
    for (const [gas, x] of Object.entries(final)) {
      const saturation = vapourPressureBar(gas, coldest.temperatureC + 273.15);
      const partial = x * coldest.pressureBar;
      if (saturation !== null && partial > saturation && !worst.has(gas)) {
        findings.push({ code: 'liquefiesCold', severity: 'warning', gas, params: [gas, round(partial), round(saturation), coldest.temperatureC] });
      }
    }
  }

  // 3. Working pressure (bar gauge, settled at 15 °C); the hot fill's last stop pressure above it is a warning.
  if (input.workingPressureBar !== undefined) {
    const settled = result.atTemperatures.find((a) => a.temperatureC === 15);
    const settledGauge = settled?.pressureBarGauge ?? (result.steps.at(-1)?.cumulativePressureBarGauge ?? 0);
    const lastStop = result.steps.at(-1)?.cumulativePressureBarGauge ?? 0;
    if (settledGauge > input.workingPressureBar) {
      findings.push({ code: 'aboveWorkingPressure', severity: 'error', params: [round(settledGauge, 4), input.workingPressureBar] });
    } else if (lastStop > input.workingPressureBar) {
      findings.push({ code: 'hotFillAboveWorkingPressure', severity: 'warning', params: [round(lastStop, 4), input.workingPressureBar, input.fillTemperatureC] });
    }
  }

  // 4. Gases outside GERG-2008: the figures are a second-virial estimate.
  if (result.model === 'virial') {
    const outside = Object.keys(final).filter((gas) => gasInfo(gas)?.gerg === false);
    findings.push({ code: 'virialEstimate', severity: 'warning', gas: outside[0], params: [outside.join(', ')] });
  }
  return findings;
}
