import { describe, expect, it } from 'vitest';
import { blendProblems, defaultBlendValues, fromPlanRequest, moveInOrder, overWorkingPressure, reconcileOrder, toPlanRequest, type BlendFormValues } from './blendForm';
import { formatFraction, formatWithUncertainty, toFraction } from './format';

const known = new Set(['N2', 'O2', 'CO2', 'CO', 'CH4', 'Ar']);

function blend(overrides: Partial<BlendFormValues> = {}): BlendFormValues {
  return {
    ...defaultBlendValues(),
    targets: [
      { gas: 'CO2', value: 10, unit: '%', kind: 'pure', purityPercent: 99.995, impurities: [{ gas: 'N2', ppm: 50 }] },
      { gas: 'O2', value: 5, unit: '%', kind: 'pure', purityPercent: 100, impurities: [] },
    ],
    balance: 'N2',
    ...overrides,
  };
}

const keys = (values: BlendFormValues) => blendProblems(values, known).map((p) => p.key.replace('form.problems.', ''));

describe('the blending form rules (the server refuses the same with 50001)', () => {
  it('passes a 10 % CO2 + 5 % O2 in N2 blend', () => {
    expect(keys(blend())).toEqual([]);
  });

  it('refuses targets summing to 100 % or more, the balance as a target, a gas twice, an unknown gas', () => {
    expect(keys(blend({ targets: [{ gas: 'CO2', value: 60, unit: '%', kind: 'pure' }, { gas: 'O2', value: 400000, unit: 'ppm', kind: 'pure' }] }))).toEqual(['sumTooHigh']);
    expect(keys(blend({ targets: [{ gas: 'N2', value: 1, unit: '%', kind: 'pure' }] }))).toEqual(['targetIsBalance']);
    expect(keys(blend({ targets: [{ gas: 'CO2', value: 1, unit: '%', kind: 'pure' }, { gas: 'CO2', value: 2, unit: '%', kind: 'pure' }] }))).toEqual(['targetTwice']);
    expect(keys(blend({ targets: [{ gas: 'SF6', value: 1, unit: 'ppm', kind: 'pure' }] }))).toEqual(['unknownGas']);
  });

  it('refuses a zero volume or pressure, a missing balance, an empty target', () => {
    expect(keys(blend({ volumeL: 0, pressureBar: -1 }))).toEqual(['volume', 'pressure']);
    expect(keys(blend({ balance: undefined }))).toEqual(['balanceMissing']);
    expect(keys(blend({ targets: [{ gas: 'CO2', kind: 'pure' }] }))).toEqual(['targetIncomplete']);
  });

  it('checks the parents: purity + impurities ≤ 100 %, a premix summing to 100 % and holding its gas', () => {
    expect(keys(blend({ targets: [{ gas: 'CO2', value: 10, unit: '%', kind: 'pure', purityPercent: 99.99, impurities: [{ gas: 'N2', ppm: 200 }] }] }))).toEqual(['purityOverfull']);
    const premix = (composition: BlendFormValues['targets'][number]['composition']) => blend({ targets: [{ gas: 'CO', value: 100, unit: 'ppm', kind: 'premix', composition }] });
    expect(keys(premix([{ gas: 'CO', value: 1, unit: '%' }, { gas: 'N2', value: 99, unit: '%' }]))).toEqual([]);
    expect(keys(premix([{ gas: 'CO', value: 1, unit: '%' }, { gas: 'N2', value: 98, unit: '%' }]))).toEqual(['premixSum']);
    expect(keys(premix([{ gas: 'N2', value: 100, unit: '%' }]))).toEqual(['premixLacksGas']);
    expect(keys(premix([]))).toEqual(['premixEmpty']);
  });

  it('flags a fill above the working pressure', () => {
    expect(overWorkingPressure({ pressureBar: 150, workingPressureBar: 200 })).toBe(false);
    expect(overWorkingPressure({ pressureBar: 210, workingPressureBar: 200 })).toBe(true);
    expect(overWorkingPressure({ pressureBar: 210, workingPressureBar: null })).toBe(false);
  });
});

describe('the plan request', () => {
  it('keys parents by the gas they deliver, fractions from %, ppm and the fill order the user set', () => {
    const request = toPlanRequest(blend(), ['N2', 'CO2']);
    expect(request.order).toEqual(['N2', 'CO2', 'O2']);
    expect(request.parents).toEqual([
      { key: 'CO2', kind: 'pure', gas: 'CO2', purity: 0.99995, impurities: [{ gas: 'N2', fraction: 50e-6 }], delivers: 'CO2' },
      { key: 'O2', kind: 'pure', gas: 'O2', purity: 1, impurities: [], delivers: 'O2' },
      { key: 'N2', kind: 'pure', gas: 'N2', purity: 1, impurities: [], delivers: 'N2' },
    ]);
    expect(request).toMatchObject({ method: 'manometric', volumeL: 50, pressureBar: 150, pressureMode: 'gauge', workingPressureBar: 200, balance: 'N2' });
    expect(request.targets).toEqual([
      { gas: 'CO2', value: 10, unit: '%' },
      { gas: 'O2', value: 5, unit: '%' },
    ]);
  });

  it('comes back to the same form from a stored request', () => {
    const request = toPlanRequest(blend(), []);
    const { values, order } = fromPlanRequest(request);
    expect(toPlanRequest(values, order)).toEqual(request);
  });
});

describe('fill order and formatting helpers', () => {
  it('keeps the user order, drops gone keys, appends new ones; moves by one', () => {
    expect(reconcileOrder(['N2', 'CO2', 'X'], ['CO2', 'O2', 'N2'])).toEqual(['N2', 'CO2', 'O2']);
    expect(moveInOrder(['A', 'B', 'C'], 'C', -1)).toEqual(['A', 'C', 'B']);
    expect(moveInOrder(['A', 'B', 'C'], 'A', -1)).toEqual(['A', 'B', 'C']);
  });

  it('shows fractions in the unit that reads best, with U in the same unit', () => {
    expect(toFraction(100, 'ppm')).toBeCloseTo(1e-4, 15);
    expect(formatFraction(0.1)).toBe('10 %');
    expect(formatFraction(1e-4)).toBe('100 ppm');
    expect(formatFraction(5e-9)).toBe('5 ppb');
    expect(formatWithUncertainty(0.0660539, 1.264e-5)).toBe('6.60539 % ± 0.0013 %');
  });
});
