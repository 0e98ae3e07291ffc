import { gasLimits } from '@smartdata/domain';
import { ATM_BAR, bestUnit, formatNumber, fromFraction, toFraction } from './format';
import type { BlendMethod, FractionUnit, PlanParent, PlanRequest, PressureMode } from '../api/types';

// ---------------------------------------------------------------------------------------------
// The calculator form

export interface ImpurityRow {
  gas?: string;
  ppm?: number;
}

export interface CompositionRow {
  gas?: string;
  value?: number;
  unit?: FractionUnit;
}

/** How one parent gas is described: a pure gas with purity and impurities, or a certified premix. */
export interface ParentRow {
  kind: 'pure' | 'premix';
  /** Purity in %, e.g. 99.999. */
  purityPercent?: number;
  impurities?: ImpurityRow[];
  composition?: CompositionRow[];
}

export interface TargetRow extends ParentRow {
  gas?: string;
  value?: number;
  unit?: FractionUnit;
}

export interface BlendFormValues {
  method: BlendMethod;
  volumeL?: number;
  pressureBar?: number;
  pressureMode: PressureMode;
  referenceTemperatureC?: number;
  fillTemperatureC?: number;
  workingPressureBar?: number | null;
  targets: TargetRow[];
  balance?: string;
  balanceParent: ParentRow;
}

export const defaultParent = (): ParentRow => ({ kind: 'pure', purityPercent: 100, impurities: [], composition: [] });

export const defaultBlendValues = (): BlendFormValues => ({
  method: 'manometric',
  volumeL: 50,
  pressureBar: 150,
  pressureMode: 'gauge',
  referenceTemperatureC: 15,
  fillTemperatureC: 15,
  workingPressureBar: 200,
  targets: [{ gas: undefined, value: undefined, unit: '%', ...defaultParent() }],
  balance: 'N2',
  balanceParent: defaultParent(),
});

/** A problem of the form, as a text key of the gas namespace with its values. */
export interface FormProblem {
  key: string;
  values?: Record<string, string | number>;
}

/** The parent keys in the default fill order: the targets as listed, then the balance gas. */
export function parentKeys(values: Pick<BlendFormValues, 'targets' | 'balance'>): string[] {
  const keys = values.targets.map((row) => row.gas).filter((gas): gas is string => Boolean(gas));
  if (values.balance) {
    keys.push(values.balance);
  }
  return keys;
}

/** Keeps the user's fill order for keys still present and appends new ones (targets before the balance). */
export function reconcileOrder(order: readonly string[], keys: readonly string[]): string[] {
  const present = order.filter((key, index) => keys.includes(key) && order.indexOf(key) === index);
  return [...present, ...keys.filter((key) => !present.includes(key))];
}

/** Moves `key` one place earlier (−1) or later (+1) in the fill order. */
export function moveInOrder(order: readonly string[], key: string, by: -1 | 1): string[] {
  const index = order.indexOf(key);
  const to = index + by;
  if (index < 0 || to < 0 || to >= order.length) {
    return [...order];
  }
  const next = [...order];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

function parentProblems(parent: ParentRow, gas: string, problems: FormProblem[]): void {
  if (parent.kind === 'pure') {
    const purity = parent.purityPercent ?? 100;
    if (!(purity > 0 && purity <= 100)) {
      problems.push({ key: 'form.problems.purityRange', values: { gas } });
      return;
    }
    const impurities = parent.impurities ?? [];
    const seen = new Set<string>([gas]);
    let sum = purity / 100;
    for (const row of impurities) {
      if (!row.gas || row.ppm === undefined || row.ppm === null) {
        problems.push({ key: 'form.problems.impurityIncomplete', values: { gas } });
        continue;
      }
      if (row.ppm < 0) {
        problems.push({ key: 'form.problems.negative', values: { gas: row.gas } });
      }
      if (seen.has(row.gas)) {
        problems.push({ key: 'form.problems.impurityTwice', values: { gas, impurity: row.gas } });
      }
      seen.add(row.gas);
      sum += row.ppm / 1e6;
    }
    if (sum > 1 + 1e-9) {
      problems.push({ key: 'form.problems.purityOverfull', values: { gas } });
    }
    return;
  }
  const composition = parent.composition ?? [];
  if (composition.length === 0) {
    problems.push({ key: 'form.problems.premixEmpty', values: { gas } });
    return;
  }
  let sum = 0;
  let holdsGas = false;
  for (const row of composition) {
    if (!row.gas || row.value === undefined || row.value === null) {
      problems.push({ key: 'form.problems.compositionIncomplete', values: { gas } });
      continue;
    }
    if (row.value < 0) {
      problems.push({ key: 'form.problems.negative', values: { gas: row.gas } });
    }
    holdsGas ||= row.gas === gas && row.value > 0;
    sum += toFraction(row.value, row.unit ?? '%');
  }
  if (Math.abs(sum - 1) > 1e-6) {
    problems.push({ key: 'form.problems.premixSum', values: { gas, sum: formatNumber(sum * 100, 8) } });
  }
  if (!holdsGas) {
    problems.push({ key: 'form.problems.premixLacksGas', values: { gas } });
  }
}

/**
 * The rules the server applies to a plan (50001: a fraction sum ≥ 1, a negative value, an
 * unknown gas, purity tables over 100 %, a premix not summing to 100 %, volume and pressure > 0),
 * checked here before sending. `known` is the gases the server offers (getGases); empty = not
 * loaded yet, unchecked.
 */
export function blendProblems(values: BlendFormValues, known: ReadonlySet<string> = new Set()): FormProblem[] {
  const problems: FormProblem[] = [];
  if (!(Number(values.volumeL) > 0 && Number(values.volumeL) <= gasLimits.volumeLMax)) {
    problems.push({ key: 'form.problems.volume', values: { max: gasLimits.volumeLMax } });
  }
  if (!(Number(values.pressureBar) > 0 && Number(values.pressureBar) <= gasLimits.pressureBarMax)) {
    problems.push({ key: 'form.problems.pressure', values: { max: gasLimits.pressureBarMax } });
  }
  for (const temperature of [values.referenceTemperatureC, values.fillTemperatureC]) {
    if (temperature !== undefined && temperature !== null && (temperature < gasLimits.temperatureCMin || temperature > gasLimits.temperatureCMax)) {
      problems.push({ key: 'form.problems.temperature', values: { min: gasLimits.temperatureCMin, max: gasLimits.temperatureCMax } });
      break;
    }
  }
  const balance = values.balance;
  if (!balance) {
    problems.push({ key: 'form.problems.balanceMissing' });
  } else if (known.size > 0 && !known.has(balance)) {
    problems.push({ key: 'form.problems.unknownGas', values: { gas: balance } });
  }
  if (values.targets.length === 0) {
    problems.push({ key: 'form.problems.noTargets' });
  }
  const seen = new Set<string>();
  let sum = 0;
  values.targets.forEach((row, index) => {
    if (!row.gas || row.value === undefined || row.value === null) {
      problems.push({ key: 'form.problems.targetIncomplete', values: { index: index + 1 } });
      return;
    }
    if (known.size > 0 && !known.has(row.gas)) {
      problems.push({ key: 'form.problems.unknownGas', values: { gas: row.gas } });
    }
    if (row.gas === balance) {
      problems.push({ key: 'form.problems.targetIsBalance', values: { gas: row.gas } });
    }
    if (seen.has(row.gas)) {
      problems.push({ key: 'form.problems.targetTwice', values: { gas: row.gas } });
    }
    seen.add(row.gas);
    if (!(row.value > 0)) {
      problems.push({ key: 'form.problems.targetPositive', values: { gas: row.gas } });
    }
    sum += toFraction(row.value, row.unit ?? '%');
    parentProblems(row, row.gas, problems);
  });
  if (sum >= 1) {
    problems.push({ key: 'form.problems.sumTooHigh', values: { sum: formatNumber(sum * 100, 8) } });
  }
  if (balance) {
    parentProblems(values.balanceParent, balance, problems);
  }
  return problems;
}

/** The final pressure as absolute bar. */
export function absoluteBar(pressure: number, mode: PressureMode): number {
  return mode === 'gauge' ? pressure + ATM_BAR : pressure;
}

/** The fill above the cylinder's working pressure (both in the form's pressure mode): a warning the form shows before the server does. */
export function overWorkingPressure(values: Pick<BlendFormValues, 'pressureBar' | 'workingPressureBar'>): boolean {
  return values.workingPressureBar !== undefined && values.workingPressureBar !== null && values.pressureBar !== undefined && values.pressureBar > values.workingPressureBar;
}

function toParent(row: ParentRow, gas: string): PlanParent {
  if (row.kind === 'premix') {
    return {
      key: gas,
      kind: 'premix',
      composition: (row.composition ?? []).filter((c) => c.gas && c.value !== undefined).map((c) => ({ gas: c.gas!, fraction: toFraction(c.value!, c.unit ?? '%') })),
      delivers: gas,
    };
  }
  return {
    key: gas,
    kind: 'pure',
    gas,
    purity: (row.purityPercent ?? 100) / 100,
    impurities: (row.impurities ?? []).filter((i) => i.gas && i.ppm !== undefined).map((i) => ({ gas: i.gas!, fraction: i.ppm! / 1e6 })),
    delivers: gas,
  };
}

/** The plan request (`POST /gas/plan`, `addOrder`) of a checked form; the parents are keyed by the gas they deliver. */
export function toPlanRequest(values: BlendFormValues, order: readonly string[]): PlanRequest {
  const balance = values.balance ?? '';
  const targets = values.targets.filter((row) => row.gas && row.value !== undefined);
  return {
    method: values.method,
    volumeL: Number(values.volumeL),
    pressureBar: Number(values.pressureBar),
    pressureMode: values.pressureMode,
    referenceTemperatureC: Number(values.referenceTemperatureC ?? 15),
    fillTemperatureC: Number(values.fillTemperatureC ?? values.referenceTemperatureC ?? 15),
    ...(values.workingPressureBar !== undefined && values.workingPressureBar !== null ? { workingPressureBar: Number(values.workingPressureBar) } : {}),
    targets: targets.map((row) => ({ gas: row.gas!, value: Number(row.value), unit: row.unit ?? '%' })),
    balance,
    parents: [...targets.map((row) => toParent(row, row.gas!)), toParent(values.balanceParent, balance)],
    order: reconcileOrder(order, parentKeys(values)),
  };
}

/** The form values of a stored plan request (to edit a draft order or recalculate it). */
export function fromPlanRequest(request: PlanRequest): { values: BlendFormValues; order: string[] } {
  const parentRow = (gas: string): ParentRow => {
    const parent = request.parents.find((p) => p.delivers === gas);
    if (!parent) {
      return defaultParent();
    }
    if (parent.kind === 'premix') {
      return {
        kind: 'premix',
        composition: (parent.composition ?? []).map((c) => {
          const unit = bestUnit(c.fraction);
          return { gas: c.gas, value: Number(formatNumber(fromFraction(c.fraction, unit), 10)), unit };
        }),
      };
    }
    return {
      kind: 'pure',
      purityPercent: Number(formatNumber((parent.purity ?? 1) * 100, 10)),
      impurities: (parent.impurities ?? []).map((i) => ({ gas: i.gas, ppm: Number(formatNumber(i.fraction * 1e6, 10)) })),
    };
  };
  return {
    values: {
      method: request.method,
      volumeL: request.volumeL,
      pressureBar: request.pressureBar,
      pressureMode: request.pressureMode,
      referenceTemperatureC: request.referenceTemperatureC,
      fillTemperatureC: request.fillTemperatureC,
      workingPressureBar: request.workingPressureBar ?? null,
      targets: request.targets.map((target) => ({ ...target, ...parentRow(target.gas) })),
      balance: request.balance,
      balanceParent: parentRow(request.balance),
    },
    order: [...request.order],
  };
}
