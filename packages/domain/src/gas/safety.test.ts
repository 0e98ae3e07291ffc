import { describe, expect, it } from 'vitest';
import { manometric, pureGas, type ManometricInput } from './blending';
import { GASES, gasInfo, secondVirialB, vapourPressureBar, virialDensity, virialPressure } from './gases';
import { density } from './gerg2008';
import { lelShare, safetyChecks } from './safety';

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

const cylinder = (components: ManometricInput['components'], balance: string, extra: Partial<ManometricInput> = {}): ManometricInput => {
  const gases = [...components.map((c) => c.gas), balance];
  return {
    volumeL: 50,
    pressureBar: 150,
    pressureMode: 'gauge',
    fillTemperatureC: 15,
    referenceTemperatureC: 15,
    components,
    balance,
    parents: gases.map((g) => pureGas(g)),
    ...extra,
  };
};

const check = (input: ManometricInput, workingPressureBar?: number) =>
  safetyChecks({ result: manometric(input), parents: input.parents, fillTemperatureC: input.fillTemperatureC, workingPressureBar });

describe('gas table', () => {
  it('covers the GERG-2008 components with their molar masses and the fallback gases with theirs', () => {
    expect(GASES.filter((g) => g.gerg)).toHaveLength(21);
    expect(gasInfo('N2')?.molarMass).toBeCloseTo(28.0135, 3);
    expect(gasInfo('SF6')).toMatchObject({ gerg: false, molarMass: 146.0554 });
    // ISO 10156 LELs named in the issue.
    expect(['H2', 'CH4', 'CO', 'C2H6', 'C3H8'].map((g) => gasInfo(g)?.lelPercent)).toEqual([4.0, 4.4, 10.9, 2.4, 1.7]);
    expect(GASES.filter((g) => g.oxidizer).map((g) => g.gas)).toEqual(['O2', 'NO', 'N2O']);
  });
});

describe('vapour pressure (Lee–Kesler; water: Buck)', () => {
  it('matches reference saturation pressures within the stated tolerances', () => {
    // NIST Webbook (Span–Wagner, Lemmon et al.) values at 15 °C; tolerance 2 % (iC4H10 2.5 %).
    const at15 = (g: string) => vapourPressureBar(g, 288.15) as number;
    expect(rel(at15('CO2'), 50.86)).toBeLessThan(0.01); // 50.73
    expect(rel(at15('C3H8'), 7.31)).toBeLessThan(0.02);
    expect(rel(at15('nC4H10'), 1.76)).toBeLessThan(0.02);
    expect(rel(at15('iC4H10'), 2.56)).toBeLessThan(0.025);
    expect(rel(at15('C2H6'), 33.9)).toBeLessThan(0.02);
    expect(rel(at15('NH3'), 7.28)).toBeLessThan(0.02);
    // Water at 20 °C: 23.39 hPa (IAPWS) within 0.2 %.
    expect(rel(vapourPressureBar('H2O', 293.15) as number, 0.02339)).toBeLessThan(0.002);
    // Above the critical temperature nothing liquefies.
    expect(vapourPressureBar('N2', 288.15)).toBeNull();
    expect(vapourPressureBar('CO2', 310)).toBeNull();
  });
});

describe('second-virial estimate (Tsonopoulos) for gases outside GERG-2008', () => {
  it('gives B(300 K) near the literature values (±10 %)', () => {
    // Dymond & Smith / Poling et al.: SF6 −275, Xe −130, C2H4 −139, N2O −130, CO2 −122 cm³/mol.
    expect(rel(secondVirialB(300, { SF6: 1 }), -275)).toBeLessThan(0.1);
    expect(rel(secondVirialB(300, { Xe: 1 }), -130)).toBeLessThan(0.1);
    expect(rel(secondVirialB(300, { C2H4: 1 }), -139)).toBeLessThan(0.1);
    expect(rel(secondVirialB(300, { N2O: 1 }), -130)).toBeLessThan(0.1);
    expect(rel(secondVirialB(300, { CO2: 1 }), -122)).toBeLessThan(0.1);
  });

  it('agrees with GERG-2008 at moderate pressure (CO2, 10 bar, 15 °C: Z within 0.5 %) and round-trips', () => {
    const v = virialDensity(288.15, 1000, { CO2: 1 });
    expect(rel(v.z, density(288.15, 1000, { CO2: 1 }).z)).toBeLessThan(0.005);
    expect(rel(virialPressure(288.15, v.rho, { CO2: 1 }).p, 1000)).toBeLessThan(1e-12);
  });

  it('is what a blend with SF6 uses, labelled model virial, with the ideal result beside it', () => {
    const input = cylinder([{ gas: 'SF6', value: 1, unit: '%' }], 'N2', { pressureBar: 20 });
    const r = manometric(input);
    expect(r.model).toBe('virial');
    expect(r.totalMol).toBeGreaterThan(r.totalMolIdeal); // Z < 1 for N2 with a little SF6 at 21 bar
    expect(rel(r.z, 1 + (secondVirialB(288.15, r.composition) / 1000) * 2101.325 / (8.314472 * 288.15))).toBeLessThan(1e-12);
    expect(manometric(cylinder([{ gas: 'CO2', value: 10, unit: '%' }], 'N2')).model).toBe('gerg2008');
    expect(check(input).map((f) => f.code)).toEqual(['virialEstimate']);
  });
});

describe('safety checks', () => {
  it('a flammable with an oxidizer: error from 50 % of the LEL, warning from 25 %, nothing below or without oxidizer', () => {
    expect(lelShare({ H2: 0.02, N2: 0.98 })).toBeCloseTo(0.5, 12);
    const h2InAir = check(cylinder([{ gas: 'H2', value: 2.5, unit: '%' }, { gas: 'O2', value: 21, unit: '%' }], 'N2'));
    expect(h2InAir).toEqual([expect.objectContaining({ code: 'flammableWithOxidizer', severity: 'error', gas: 'H2', params: ['H2', 62.5, 'O2', 50] })]);
    const ch4 = check(cylinder([{ gas: 'CH4', value: 1.5, unit: '%' }, { gas: 'O2', value: 21, unit: '%' }], 'N2'));
    expect(ch4.map((f) => [f.code, f.severity])).toEqual([['flammableWithOxidizerNear', 'warning']]);
    expect(check(cylinder([{ gas: 'CH4', value: 1, unit: '%' }, { gas: 'O2', value: 21, unit: '%' }], 'N2'))).toEqual([]); // 22.7 % LEL
    expect(check(cylinder([{ gas: 'H2', value: 10, unit: '%' }], 'N2'))).toEqual([]); // no oxidizer
    // Le Chatelier: 1 % H2 (25 %) + 0.5 % C3H8 (29 %) in air.
    const both = check(cylinder([{ gas: 'H2', value: 1, unit: '%' }, { gas: 'C3H8', value: 0.5, unit: '%' }, { gas: 'O2', value: 20, unit: '%' }], 'N2'));
    expect(both[0]).toMatchObject({ code: 'flammableWithOxidizer', params: ['H2, C3H8', 54.4, 'O2', 50] });
  });

  it('liquefaction: a component above its vapour pressure at the fill temperature', () => {
    // Pure CO2 to 60 bar absolute at 15 °C: above 50.7 bar, it liquefies.
    const co2 = check(cylinder([], 'CO2', { pressureBar: 60, pressureMode: 'absolute' }));
    expect(co2.map((f) => f.code)).toContain('liquefies');
    // 40 % CO2 in N2 at 150 bar g, CO2 filled first: it stands alone at its stop pressure (> 50.7 bar).
    const first = check(cylinder([{ gas: 'CO2', value: 40, unit: '%' }], 'N2'));
    expect(first.find((f) => f.code === 'liquefies')).toMatchObject({ gas: 'CO2', params: ['CO2', expect.any(Number), 50.7, 15] });
    // 10 % CO2 first: 14.2 bar, fine. Propane 5 % in N2 at 150 bar g: C3H8 first at about 7.6 bar > 7.35 bar.
    expect(check(cylinder([{ gas: 'CO2', value: 10, unit: '%' }], 'N2'))).toEqual([]);
    const propane = check(cylinder([{ gas: 'C3H8', value: 5, unit: '%' }], 'N2'));
    expect(propane.map((f) => f.code)).toEqual(['liquefies']);
    // Filled last, its partial pressure stays 3 % of the total: fine at 15 °C and at 0 °C.
    const last = cylinder([{ gas: 'C3H8', value: 3, unit: '%' }], 'N2');
    expect(check({ ...last, order: ['N2', 'C3H8'] })).toEqual([]);
  });

  it('cooling: a warning when the filled cylinder at 0 °C would hold a component above its vapour pressure', () => {
    // 4.5 % C3H8 filled last at 15 °C: partial pressure about 6.8 bar; at 0 °C it is above 4.7 bar.
    const input = cylinder([{ gas: 'C3H8', value: 4.5, unit: '%' }], 'N2');
    const findings = check({ ...input, order: ['N2', 'C3H8'] });
    expect(findings.map((f) => [f.code, f.severity])).toEqual([['liquefiesCold', 'warning']]);
  });

  it('the working pressure: settled at 15 °C above it is an error; a hot fill above it a warning', () => {
    const input = cylinder([{ gas: 'CO2', value: 10, unit: '%' }], 'N2');
    expect(check(input, 200)).toEqual([]);
    expect(check(input, 140)).toEqual([expect.objectContaining({ code: 'aboveWorkingPressure', severity: 'error', params: [150, 140] })]);
    const hot = check({ ...input, fillTemperatureC: 40 }, 155);
    expect(hot).toEqual([expect.objectContaining({ code: 'hotFillAboveWorkingPressure', severity: 'warning' })]);
  });
});
