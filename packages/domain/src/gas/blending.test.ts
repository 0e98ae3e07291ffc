import { describe, expect, it } from 'vitest';
import {
  ATM_BAR,
  BlendError,
  componentMolarMass,
  dilutedFraction,
  dilutionFlows,
  gravimetricComposition,
  manometric,
  premix,
  proposePremix,
  pureGas,
  toAbsoluteBar,
  toFraction,
  type ManometricInput,
  type WeighedParent,
} from './blending';
import { compressibility, R_GERG } from './gerg2008';

function rel(a: number, b: number): number {
  return Math.abs(a - b) / Math.abs(b);
}

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof BlendError) {
      expect(e).toBeInstanceOf(RangeError);
      return e.reason;
    }
    throw e;
  }
  return 'none';
}

const CO2_IN_N2: ManometricInput = {
  volumeL: 50,
  pressureBar: 150,
  pressureMode: 'gauge',
  fillTemperatureC: 15,
  referenceTemperatureC: 15,
  components: [{ gas: 'CO2', value: 10, unit: '%' }],
  balance: 'N2',
  parents: [pureGas('CO2'), pureGas('N2')],
};

describe('units', () => {
  it('%, ppm, ppb and gauge/absolute', () => {
    expect(toFraction(10, '%')).toBeCloseTo(0.1, 15);
    expect(toFraction(100, 'ppm')).toBeCloseTo(1e-4, 18);
    expect(toFraction(50, 'ppb')).toBeCloseTo(5e-8, 20);
    expect(toAbsoluteBar(150, 'gauge')).toBeCloseTo(151.01325, 12);
    expect(toAbsoluteBar(150, 'absolute')).toBe(150);
    expect(refusal(() => toFraction(-1, '%'))).toBe('fraction-invalid');
  });
});

describe('manometric (partial pressure) method', () => {
  it('at 0.01 bar the GERG result equals the ideal-gas result (n = pV/RT, stop pressures = cumulative share × p)', () => {
    const r = manometric({
      volumeL: 10,
      pressureBar: 0.01,
      pressureMode: 'absolute',
      fillTemperatureC: 20,
      referenceTemperatureC: 20,
      components: [{ gas: 'O2', value: 21, unit: '%' }, { gas: 'Ar', value: 1, unit: '%' }],
      balance: 'N2',
      parents: [pureGas('O2'), pureGas('Ar'), pureGas('N2')],
    });
    // Hand: n = 1 kPa × 10 L / (8.314472 × 293.15 K) = 0.0041029… mol.
    expect(rel(r.totalMolIdeal, 10 / (8.314472 * 293.15))).toBeLessThan(1e-12);
    expect(rel(r.totalMol, r.totalMolIdeal)).toBeLessThan(1e-5);
    expect(r.steps.map((s) => s.idealCumulativePressureBar)).toEqual([0.0021, 0.0022, 0.01].map((p) => expect.closeTo(p, 12)));
    for (const s of r.steps) {
      expect(Math.abs(s.differencePercent)).toBeLessThan(1e-3);
    }
  });

  it('10 % CO2 in N2, 50 L, 150 bar gauge at 15 °C: CO2 stop 13.195 bar g (ideal 14.088 bar g, real −5.9 %)', () => {
    const r = manometric(CO2_IN_N2);
    // Final state 151.01325 bar abs, 288.15 K: Z = 0.97348, n = 323.747 mol (ideal 315.160 mol, +2.72 %).
    expect(r.z).toBeCloseTo(0.973479, 5);
    expect(r.totalMol).toBeCloseTo(323.747, 3);
    expect(r.totalMolIdeal).toBeCloseTo((15101.325 * 50) / (8.314472 * 288.15), 9);
    expect(r.totalDifferencePercent).toBeCloseTo(2.724, 3);
    const [co2, n2] = r.steps;
    expect(co2.mol).toBeCloseTo(32.3747, 4);
    expect(co2.massG).toBeCloseTo(1424.79, 2);
    expect(n2.massG).toBeCloseTo(8162.32, 2);
    // Hand check of the stop pressure: p = ρ·R·T·Z(T, ρ, CO2) with ρ = 32.3747 mol / 50 L.
    const rho = co2.mol / 50;
    const hand = (rho * R_GERG * 288.15 * compressibility(288.15, rho, { CO2: 1 })) / 100;
    expect(co2.cumulativePressureBar).toBeCloseTo(hand, 10);
    expect(co2.cumulativePressureBar).toBeCloseTo(14.2083, 4);
    expect(co2.cumulativePressureBarGauge).toBeCloseTo(13.1950, 4);
    expect(co2.z).toBeCloseTo(0.91591, 5);
    expect(co2.idealCumulativePressureBar).toBeCloseTo(15.101325, 9);
    expect(co2.idealCumulativePressureBarGauge).toBeCloseTo(15.101325 - ATM_BAR, 9);
    expect(co2.differencePercent).toBeCloseTo(-5.914, 3);
    expect(n2.cumulativePressureBarGauge).toBeCloseTo(150, 8);
    // The same cylinder at other temperatures (same moles and volume), bar gauge.
    const warm = Object.fromEntries(r.atTemperatures.map((a) => [a.temperatureC, a.pressureBarGauge]));
    expect(warm[15]).toBeCloseTo(150, 8);
    expect(warm[0]).toBeCloseTo(138.537, 3);
    expect(warm[50]).toBeCloseTo(176.559, 3);
  });

  it('fill order changes the stop pressures, not the amounts', () => {
    const a = manometric(CO2_IN_N2);
    const b = manometric({ ...CO2_IN_N2, order: ['N2', 'CO2'] });
    expect(b.steps[0].parent).toBe('N2');
    expect(b.steps[0].mol).toBeCloseTo(a.steps[1].mol, 9);
    // 291.37 mol of N2 alone at 15 °C in 50 L: ideal 139.6 bar, Z(N2) = 1.01208 → 141.30 bar abs.
    expect(b.steps[0].idealCumulativePressureBar).toBeCloseTo(0.9 * 151.01325, 9);
    expect(b.steps[0].cumulativePressureBar).toBeCloseTo(141.302, 3);
    expect(b.steps[0].z).toBeCloseTo(1.01208, 5);
    expect(b.steps[1].cumulativePressureBarGauge).toBeCloseTo(150, 8);
  });

  it('parent impurities are counted: 1 % O2 in N2 with 5 ppm O2 in the N2', () => {
    const r = manometric({
      ...CO2_IN_N2,
      components: [{ gas: 'O2', value: 1, unit: '%' }],
      parents: [pureGas('O2'), pureGas('N2', 0.999995, { O2: 5e-6 })],
    });
    expect(r.composition.O2).toBeCloseTo(0.01, 15);
    // y_O2 + y_N2 = 1, y_O2 + 5e-6·y_N2 = 0.01 → y_N2 = 0.99/(1 − 5e-6).
    expect(r.steps[1].mol / r.totalMol).toBeCloseTo(0.99 / (1 - 5e-6), 12);
  });

  it('refuses with a reason key', () => {
    const base = CO2_IN_N2;
    expect(refusal(() => manometric({ ...base, components: [{ gas: 'CO2', value: 100, unit: '%' }] }))).toBe('fractions-exceed-balance');
    expect(
      refusal(() =>
        manometric({ ...base, components: [{ gas: 'CO2', value: 1, unit: '%' }], parents: [premix('CO2 0.5 %', { CO2: 0.005, N2: 0.995 }, 'CO2'), pureGas('N2')] }),
      ),
    ).toBe('parent-too-weak');
    expect(refusal(() => manometric({ ...base, components: [{ gas: 'XY2', value: 1, unit: 'ppm' }] }))).toBe('component-not-covered');
    expect(refusal(() => manometric({ ...base, parents: [pureGas('N2')] }))).toBe('parent-missing');
    expect(refusal(() => pureGas('CO2', 0.995))).toBe('parent-composition-incomplete');
    expect(refusal(() => manometric({ ...base, order: ['CO2'] }))).toBe('input-invalid');
  });
});

describe('gravimetric (ISO 6142-1)', () => {
  it('round trip: masses from a 3-component target, composition from those masses = target', () => {
    const r = manometric({
      ...CO2_IN_N2,
      components: [{ gas: 'CO2', value: 10, unit: '%' }, { gas: 'O2', value: 5000, unit: 'ppm' }],
      parents: [pureGas('CO2'), pureGas('O2'), pureGas('N2')],
    });
    const weighed: WeighedParent[] = r.steps.map((s) => ({ composition: [{ gas: s.delivers, fraction: 1 }], massG: s.massG }));
    const x = Object.fromEntries(gravimetricComposition(weighed).map((c) => [c.gas, c.fraction]));
    expect(x.CO2).toBeCloseTo(0.1, 13);
    expect(x.O2).toBeCloseTo(0.005, 13);
    expect(x.N2).toBeCloseTo(0.895, 13);
  });

  it('uncertainty by hand: 100 g CO2 (u 0.01 g) + 900 g N2 (u 0.02 g), pure parents', () => {
    const m1 = 100;
    const m2 = 900;
    const M1 = 44.0095;
    const M2 = 28.0134;
    const n1 = m1 / M1; // 2.272236 mol
    const n2 = m2 / M2; // 32.127482 mol
    const N = n1 + n2;
    const x1 = n1 / N; // 0.0660539
    // ∂x1/∂m1 = (1 − x1)/(M1·N), ∂x1/∂m2 = (0 − x1)/(M2·N)
    // = hypot(0.93395/(44.0095·34.39972)·0.01, 0.066054/(28.0134·34.39972)·0.02) = hypot(6.169e-6, 1.371e-6) = 6.320e-6
    const u = Math.hypot(((1 - x1) / (M1 * N)) * 0.01, (x1 / (M2 * N)) * 0.02);
    const out = gravimetricComposition([
      { composition: [{ gas: 'CO2', fraction: 1 }], massG: m1, uMassG: 0.01 },
      { composition: [{ gas: 'N2', fraction: 1 }], massG: m2, uMassG: 0.02 },
    ]);
    const co2 = out.find((c) => c.gas === 'CO2');
    expect(co2?.fraction).toBeCloseTo(0.0660539, 7);
    expect(co2?.u).toBeCloseTo(u, 15);
    expect(co2?.u).toBeCloseTo(6.320e-6, 9);
    expect(co2?.U).toBeCloseTo(2 * u, 15);
    // Binary: u(x_N2) = u(x_CO2).
    expect(out.find((c) => c.gas === 'N2')?.u).toBeCloseTo(u, 15);
  });

  it('impurities and purity uncertainties: the analytic derivatives match central differences', () => {
    const parents: WeighedParent[] = [
      { composition: [{ gas: 'CO', fraction: 0.9997, u: 1e-4 }, { gas: 'N2', fraction: 2e-4, u: 5e-5 }, { gas: 'CO2', fraction: 1e-4, u: 3e-5 }], massG: 12.3, uMassG: 0.003 },
      { composition: [{ gas: 'N2', fraction: 0.999998, u: 1e-6 }, { gas: 'O2', fraction: 2e-6, u: 1e-6 }], massG: 850, uMassG: 0.02 },
    ];
    const out = gravimetricComposition(parents);
    expect(out.map((c) => c.gas).sort()).toEqual(['CO', 'CO2', 'N2', 'O2']);
    const x = (ps: WeighedParent[], gas: string): number => gravimetricComposition(ps).find((c) => c.gas === gas)?.fraction ?? 0;
    for (const gas of ['CO', 'O2', 'CO2']) {
      let u2 = 0;
      parents.forEach((p, a) => {
        const h = 1e-3;
        const dm = (x(parents.map((q, b) => (b === a ? { ...q, massG: q.massG + h } : q)), gas) - x(parents.map((q, b) => (b === a ? { ...q, massG: q.massG - h } : q)), gas)) / (2 * h);
        u2 += (dm * (p.uMassG ?? 0)) ** 2;
        // The matrix (index 0, the largest) is 1 − Σ the others: bumping an impurity takes the
        // same amount from it, and the matrix's own stated u is not an independent input.
        p.composition.forEach((c, k) => {
          if (k === 0) {
            return;
          }
          const hx = 1e-8;
          const bump = (s: number): WeighedParent[] =>
            parents.map((q, b) => (b === a ? { ...q, composition: q.composition.map((cc, kk) => (kk === k ? { ...cc, fraction: cc.fraction + s } : kk === 0 ? { ...cc, fraction: cc.fraction - s } : cc)) } : q));
          const dx = (x(bump(hx), gas) - x(bump(-hx), gas)) / (2 * hx);
          u2 += (dx * (c.u ?? 0)) ** 2;
        });
      });
      expect(rel(out.find((c) => c.gas === gas)?.u ?? 0, Math.sqrt(u2))).toBeLessThan(1e-4);
    }
  });
});

describe('gravimetric composition: a parent is its matrix and what the others leave', () => {
  it('a CO/N2 premix certified with u only on CO, diluted with N2: u(N2) = u(CO), fractions sum to 1', () => {
    const out = gravimetricComposition([
      { composition: [{ gas: 'CO', fraction: 0.01, u: 1e-5 }, { gas: 'N2', fraction: 0.99 }], massG: 86.8 },
      { composition: [{ gas: 'N2', fraction: 1 }], massG: 8000 },
    ]);
    const co = out.find((c) => c.gas === 'CO')!;
    const n2 = out.find((c) => c.gas === 'N2')!;
    expect(co.fraction + n2.fraction).toBeCloseTo(1, 14);
    expect(co.fraction).toBeCloseTo(1.0734e-4, 7);
    // Hand: x_CO = n_A·x_CO,A/N; ∂x_CO/∂x_CO,A with x_N2,A = 1 − x_CO,A is ≈ n_A/N·(1 − x_CO·(M_CO − M_N2)/M_A) ≈ 0.010734.
    expect(rel(co.u, 1.0734e-7)).toBeLessThan(1e-3);
    expect(rel(n2.u, co.u)).toBeLessThan(1e-12);
  });

  it('a pure gas whose purity alone carries a u: the uncertainty goes to its complement', () => {
    const out = gravimetricComposition([
      { composition: [{ gas: 'N2', fraction: 0.9999, u: 2e-5 }, { gas: 'O2', fraction: 1e-4 }], massG: 900 },
      { composition: [{ gas: 'CO2', fraction: 1 }], massG: 100 },
    ]);
    const o2 = out.find((c) => c.gas === 'O2')!;
    const n2 = out.find((c) => c.gas === 'N2')!;
    // O2 comes only from the N2 parent, which gives n_A/N = x_N2 + x_O2 of the product: u(O2) ≈ 2e-5·n_A/N.
    expect(rel(o2.u, 2e-5 * (n2.fraction + o2.fraction))).toBeLessThan(1e-3);
  });
});

describe('dynamic dilution', () => {
  it('x_out = x_src·q_src/(q_src + q_dil) and the flows for a target', () => {
    expect(dilutedFraction(100e-6, 0.1, 0.9)).toBeCloseTo(10e-6, 18);
    const f = dilutionFlows(1000e-6, 50e-6, 2);
    expect(f.qSource).toBeCloseTo(0.1, 14);
    expect(f.qDiluent).toBeCloseTo(1.9, 14);
    expect(dilutedFraction(1000e-6, f.qSource, f.qDiluent)).toBeCloseTo(50e-6, 18);
    expect(refusal(() => dilutionFlows(1e-6, 2e-6, 1))).toBe('parent-too-weak');
  });
});

describe('multi-step premix', () => {
  it('100 ppm CO in N2 (50 L, 150 bar g, 15 °C): the direct CO step is 0.015 bar / 0.87 g, so a 1 % premix first', () => {
    const p = proposePremix({ ...CO2_IN_N2, components: [{ gas: 'CO', value: 100, unit: 'ppm' }], parents: [pureGas('CO'), pureGas('N2')] });
    expect(p.direct.steps[0].cumulativePressureBar).toBeCloseTo(0.01485, 5);
    expect(p.direct.steps[0].massG).toBeCloseTo(0.868, 3);
    expect(p.premixes).toHaveLength(1);
    const [pre] = p.premixes;
    expect(pre.fraction).toBe(0.01);
    // Step 1: the premix cylinder, pure CO to 1.484 bar abs (86.8 g), then N2 to 150 bar g.
    expect(pre.plan.steps[0].cumulativePressureBar).toBeCloseTo(1.4842, 4);
    expect(pre.plan.steps[0].massG).toBeCloseTo(86.82, 2);
    expect(pre.plan.steps[1].cumulativePressureBarGauge).toBeCloseTo(150, 8);
    // Step 2: the product, 1 % premix to 1.484 bar abs (86.8 g), then N2.
    const product = p.product;
    expect(product?.steps[0].parent).toBe('CO 1 % in N2');
    expect(product?.steps[0].cumulativePressureBar).toBeCloseTo(1.4844, 4);
    expect(product?.steps[0].massG).toBeCloseTo(86.82, 2);
    expect(product?.composition.CO).toBeCloseTo(100e-6, 15);
  });

  it('no premix when every step is large enough', () => {
    const p = proposePremix(CO2_IN_N2);
    expect(p.premixes).toHaveLength(0);
    expect(p.product).toBeNull();
  });
});

it('molar masses are the GERG-2008 table values', () => {
  expect(componentMolarMass('CO2')).toBe(44.0095);
});
