import { describe, expect, it } from 'vitest';
import { reportedFraction } from './certificatePdf';

describe('a certified value on the certificate', () => {
  it('is rounded to the decimal place of its U (two significant digits)', () => {
    expect(reportedFraction(0.0999998, 1.3e-6)).toEqual({ value: '9.99998', U: '0.00013', unit: '%' });
    expect(reportedFraction(0.05000012, 1.83e-6)).toEqual({ value: '5.00001', U: '0.00018', unit: '%' });
    expect(reportedFraction(0.1234, 0.0013)).toEqual({ value: '12.34', U: '0.13', unit: '%' });
    expect(reportedFraction(100.4e-6, 1.26e-6)).toEqual({ value: '100.4', U: '1.3', unit: 'µmol/mol' });
  });

  it('keeps five significant digits when there is no uncertainty', () => {
    expect(reportedFraction(0.1, 0)).toEqual({ value: '10.000', U: '', unit: '%' });
  });
});
