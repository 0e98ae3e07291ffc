import type { BlendInput, GasCalculateRequest, GasCalculateResponse, GasComponentResult, GasCompositionRequest } from '@smartdata/domain';
import {
  BlendError,
  gravimetricComposition,
  isKnownGas,
  manometric,
  premix,
  proposePremix,
  pureGas,
  safetyChecks,
  type ManometricInput,
  type ManometricResult,
  type ParentGas,
  type PremixProposal,
  type SafetyFinding,
  type WeighedParent,
} from '@smartdata/domain/gas';
import { gasLimits } from '@smartdata/domain';
import { gasField, GasRefused } from './gasRefused';

/**
 * The calculations behind the gas calls, with every input rule checked before the domain runs, so
 * that a refusal names its reason: `fraction-sum`, `negative-value`, `unknown-gas`, `gas-repeated`,
 * `input-invalid`, the domain's BlendError reasons, `out-of-range` (the equation of state found no
 * gas state). Pure (no I/O).
 */

const SUM_TOLERANCE = 1e-6;

function known(gas: string): string {
  if (!isKnownGas(gas)) {
    throw new GasRefused('unknown-gas', gas);
  }
  return gas;
}

/**
 * `field` is a request field (`gasField`: named in the caller's language) or, for a fraction, the
 * gas's formula; `detail` stays the technical English of the API's `data.detail`.
 */
function nonNegative(field: string, value: number, detail = field): number {
  if (value < 0) {
    throw new GasRefused('negative-value', `${detail} = ${value}`, `gas.refused.negative|${field}|${value}`);
  }
  return value;
}

function within(field: string, detail: string, value: number, min: number, max: number): void {
  nonNegative(field, value, detail);
  if (!Number.isFinite(value) || value <= min || value > max) {
    throw new GasRefused('input-invalid', `${detail} must be > ${min} and ≤ ${max} (got ${value})`, `gas.refused.range|${field}|${min}|${max}|${value}`);
  }
}

function noRepeats(gases: readonly string[]): void {
  const seen = new Set<string>();
  for (const gas of gases) {
    if (seen.has(gas)) {
      throw new GasRefused('gas-repeated', gas);
    }
    seen.add(gas);
  }
}

function sumsToOne(what: string, fractions: readonly number[]): void {
  const sum = fractions.reduce((s, f) => s + f, 0);
  if (Math.abs(sum - 1) > SUM_TOLERANCE) {
    throw new GasRefused('fraction-sum', `${what}: Σ = ${sum}`);
  }
}

/** Runs a domain calculation, turning its refusals into GasRefused. */
export function domain<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof BlendError) {
      const detail = error.message.slice(error.reason.length + 2);
      throw new GasRefused(error.reason === 'component-not-covered' ? 'unknown-gas' : error.reason, detail);
    }
    if (error instanceof RangeError) {
      throw new GasRefused('out-of-range', error.message);
    }
    throw error;
  }
}

function temperature(what: string, value: number): void {
  if (!Number.isFinite(value) || value < gasLimits.temperatureCMin || value > gasLimits.temperatureCMax) {
    throw new GasRefused(
      'input-invalid',
      `${what} must be from ${gasLimits.temperatureCMin} to ${gasLimits.temperatureCMax} °C (got ${value})`,
      `gas.refused.temperature|${gasField(what)}|${gasLimits.temperatureCMin}|${gasLimits.temperatureCMax}|${value}`,
    );
  }
}

function cylinder(volumeL: number, pressureBar: number): void {
  within(gasField('volumeL'), 'volumeL', volumeL, 0, gasLimits.volumeLMax);
  within(gasField('pressureBar'), 'pressureBar', pressureBar, 0, gasLimits.pressureBarMax);
}

/**
 * POST /general/gas/calculate (the contract). The parents are the pure gases. If the balance
 * gas is listed among the components, all fractions (balance included) must sum to 1 (± 1e-6); if it
 * is not, it takes 1 − Σ and Σ ≥ 1 is refused (`fraction-sum`). `order` lists gases of the mixture
 * (each once); gases it leaves out follow in the order of `components`, the balance last.
 */
export function calculate(request: GasCalculateRequest): GasCalculateResponse {
  cylinder(request.volumeL, request.pressureBar);
  temperature('temperatureC', request.temperatureC);
  known(request.balance);
  for (const c of request.components) {
    known(c.gas);
    nonNegative(gasField('fraction', c.gas), c.fraction, c.gas);
  }
  noRepeats(request.components.map((c) => c.gas));
  const fractions = request.components.map((c) => c.fraction);
  const balanceListed = request.components.some((c) => c.gas === request.balance);
  if (balanceListed) {
    sumsToOne('components', fractions);
  } else {
    const sum = fractions.reduce((s, f) => s + f, 0);
    if (sum >= 1) {
      throw new GasRefused('fraction-sum', `components without the balance ${request.balance}: Σ = ${sum} ≥ 1`);
    }
  }
  const targets = request.components.filter((c) => c.gas !== request.balance);
  const gases = [...targets.map((c) => c.gas), request.balance];
  const order = request.order ?? [];
  order.forEach(known);
  noRepeats(order);
  for (const gas of order) {
    if (!gases.includes(gas)) {
      throw new GasRefused('input-invalid', `order: ${gas} is not in the mixture`, `gas.refused.orderNotInMixture|${gas}`);
    }
  }
  const fillOrder = [...order, ...gases.filter((g) => !order.includes(g))];
  const result = domain(() =>
    manometric({
      volumeL: request.volumeL,
      pressureBar: request.pressureBar,
      pressureMode: 'absolute',
      fillTemperatureC: request.temperatureC,
      referenceTemperatureC: request.temperatureC,
      components: targets.map((c) => ({ gas: c.gas, value: c.fraction, unit: 'fraction' })),
      balance: request.balance,
      parents: gases.map((g) => pureGas(g)),
      order: fillOrder,
    }),
  );
  return {
    totalMol: result.totalMol,
    totalMolIdeal: result.totalMolIdeal,
    z: result.z,
    model: result.model,
    steps: result.steps.map((s) => ({ gas: s.parent, massG: s.massG, cumulativePressureBar: s.cumulativePressureBar, idealCumulativePressureBar: s.idealCumulativePressureBar })),
  };
}

function compositionLines(what: string, lines: readonly { gas: string; fraction: number; u?: number }[]): { gas: string; fraction: number; u: number }[] {
  for (const line of lines) {
    known(line.gas);
    nonNegative(gasField('fraction', line.gas), line.fraction, `${what} ${line.gas}`);
    nonNegative(gasField('u', line.gas), line.u ?? 0, `${what} u(${line.gas})`);
  }
  noRepeats(lines.map((l) => l.gas));
  sumsToOne(what, lines.map((l) => l.fraction));
  return lines.map((l) => ({ gas: l.gas, fraction: l.fraction, u: l.u ?? 0 }));
}

/** POST /general/gas/composition (the contract): ISO 6142-1 from the weighed masses. */
export function composition(request: GasCompositionRequest): { components: GasComponentResult[] } {
  const parents: WeighedParent[] = request.parents.map((p, index) => {
    const what = `parent ${index + 1}`;
    if ((p.gas === undefined) === (p.composition === undefined)) {
      throw new GasRefused('input-invalid', `${what}: give either gas or composition`, `gas.refused.gasOrComposition|${what}`);
    }
    nonNegative(gasField('massG', what), p.massG, `${what} massG`);
    nonNegative(gasField('uMassG', what), p.uMassG ?? 0, `${what} uMassG`);
    within(gasField('massG', what), `${what} massG`, p.massG, 0, 1e7);
    const lines = p.gas !== undefined ? [{ gas: known(p.gas), fraction: 1, u: 0 }] : compositionLines(what, p.composition ?? []);
    return { composition: lines, massG: p.massG, uMassG: p.uMassG ?? 0 };
  });
  return { components: domain(() => gravimetricComposition(parents)) };
}

/** A plan's parents as the domain's parent gases (id = the parent's key). */
export function parentGases(input: BlendInput): ParentGas[] {
  noRepeats(input.parents.map((p) => p.key));
  const deliverable = new Set([...input.targets.map((t) => t.gas), input.balance]);
  return input.parents.map((p) => {
    known(p.delivers);
    if (!deliverable.has(p.delivers)) {
      throw new GasRefused('input-invalid', `parent ${p.key} delivers ${p.delivers}, which is neither a target nor the balance`, `gas.refused.parentDeliversOther|${p.key}|${p.delivers}`);
    }
    if (p.kind === 'pure') {
      if (p.gas === undefined) {
        throw new GasRefused('input-invalid', `parent ${p.key}: the gas is missing`, `gas.refused.parentGasMissing|${p.key}`);
      }
      known(p.gas);
      const purity = nonNegative(gasField('purity', p.key), p.purity ?? 1, `${p.key} purity`);
      if (purity > 1) {
        throw new GasRefused('input-invalid', `${p.key} purity must be ≤ 1 (got ${purity})`, `gas.refused.purity|${gasField('purity', p.key)}|${purity}`);
      }
      const impurities: Record<string, number> = {};
      for (const i of p.impurities ?? []) {
        known(i.gas);
        nonNegative(gasField('fraction', `${p.key} ${i.gas}`), i.fraction, `${p.key} ${i.gas}`);
        nonNegative(gasField('u', `${p.key} ${i.gas}`), i.u ?? 0, `${p.key} u(${i.gas})`);
        impurities[i.gas] = i.fraction;
      }
      noRepeats([p.gas, ...(p.impurities ?? []).map((i) => i.gas)]);
      return { ...domain(() => pureGas(p.gas as string, purity, impurities)), id: p.key, delivers: p.delivers };
    }
    const lines = compositionLines(`parent ${p.key}`, p.composition ?? []);
    return domain(() => premix(p.key, Object.fromEntries(lines.map((l) => [l.gas, l.fraction])), p.delivers));
  });
}

/** The standard uncertainties of a parent's fractions (impurities' and premix components' `u`; the purity's is 0). */
export function parentUncertainties(input: BlendInput, key: string): Record<string, number> {
  const p = input.parents.find((q) => q.key === key);
  const lines = p?.kind === 'pure' ? (p.impurities ?? []) : (p?.composition ?? []);
  return Object.fromEntries(lines.map((l) => [l.gas, l.u ?? 0]));
}

export interface PlanOutcome {
  result: ManometricResult;
  premix: PremixProposal | null;
  findings: SafetyFinding[];
}

/** POST /general/gas/plan: the manometric plan, a premix proposal when a step is too small, the safety findings. */
export function plan(input: BlendInput): PlanOutcome {
  cylinder(input.volumeL, input.pressureBar);
  temperature('referenceTemperatureC', input.referenceTemperatureC);
  temperature('fillTemperatureC', input.fillTemperatureC);
  if (input.workingPressureBar !== undefined) {
    within(gasField('workingPressureBar'), 'workingPressureBar', input.workingPressureBar, 0, gasLimits.pressureBarMax);
  }
  known(input.balance);
  for (const t of input.targets) {
    known(t.gas);
    nonNegative(gasField('fraction', t.gas), t.value, t.gas);
  }
  noRepeats([...input.targets.map((t) => t.gas), input.balance]);
  const parents = parentGases(input);
  const manometricInput: ManometricInput = {
    volumeL: input.volumeL,
    pressureBar: input.pressureBar,
    pressureMode: input.pressureMode,
    fillTemperatureC: input.fillTemperatureC,
    referenceTemperatureC: input.referenceTemperatureC,
    components: input.targets.map((t) => ({ gas: t.gas, value: t.value, unit: t.unit })),
    balance: input.balance,
    parents,
    order: input.order,
  };
  const proposal = domain(() => proposePremix(manometricInput));
  const result = proposal.direct;
  const findings = safetyChecks({ result, parents, fillTemperatureC: input.fillTemperatureC, workingPressureBar: input.workingPressureBar });
  return { result, premix: proposal.premixes.length > 0 ? proposal : null, findings };
}
