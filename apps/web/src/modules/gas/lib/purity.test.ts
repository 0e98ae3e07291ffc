import { describe, expect, it } from 'vitest';
import { gradeImpurityBudgetPpm, gradeMinPurity, purityFigures } from './purity';

describe('high-purity grades', () => {
  it('reads the grade name as nines and a last digit', () => {
    expect(gradeMinPurity('N5.0')).toBeCloseTo(0.99999, 12);
    expect(gradeMinPurity('N4.5')).toBeCloseTo(0.99995, 12);
    expect(gradeMinPurity('N6.0')).toBeCloseTo(0.999999, 12);
    expect(gradeMinPurity('5.0')).toBeNull();
    expect(gradeImpurityBudgetPpm('N5.0')).toBe(10);
  });

  it('counts "< LOD" as 0 for the purity and at its limit for the lower bound; judges each impurity', () => {
    const specs = [
      { gas: 'O2', maxPpm: 2 },
      { gas: 'H2O', maxPpm: 3 },
      { gas: 'CO', maxPpm: 1 },
    ];
    const figures = purityFigures('N5.0', specs, [
      { gas: 'O2', valuePpm: 1.2, lodPpm: 0.1, belowLod: false },
      { gas: 'H2O', valuePpm: 2, lodPpm: 0.5, belowLod: false },
      { gas: 'CO', valuePpm: null, lodPpm: 0.2, belowLod: true },
    ]);
    expect(figures.purityPercent).toBeCloseTo(100 - 3.2e-4, 10);
    expect(figures.lowerBoundPercent).toBeCloseTo(100 - 3.4e-4, 10);
    expect(figures.pass).toBe(true);
    const over = purityFigures('N5.0', specs, [{ gas: 'O2', valuePpm: 2.5, lodPpm: 0.1, belowLod: false }]);
    expect(over).toMatchObject({ impuritiesPass: false, pass: false });
    const impure = purityFigures('N5.0', [{ gas: 'O2', maxPpm: 20 }], [{ gas: 'O2', valuePpm: 15, lodPpm: 0.1, belowLod: false }]);
    expect(impure).toMatchObject({ impuritiesPass: true, pass: false });
  });
});
