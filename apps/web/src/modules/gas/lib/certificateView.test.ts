import { reportedValue } from './format';
import { describe, expect, it } from 'vitest';
import { certificateComponents, certificateDate, certificateSummary } from './certificateView';
import { refusalText } from './refusal';
import { ApiError } from '@/shared/api/ApiError';

const blend = { components: [{ gas: 'O2', fraction: 0.05, U: 1.8e-6 }, { gas: 'CO2', fraction: 0.1, U: 1.3e-6 }], balance: 'N2', gas: null, grade: null, purityPercent: null };

describe('certificate views', () => {
  it('lists the balance gas last, without a value of its own', () => {
    expect(certificateComponents(blend).map((row) => [row.gas, row.isBalance ?? false])).toEqual([
      ['O2', false],
      ['CO2', false],
      ['N2', true],
    ]);
  });

  it('sums a certificate up in one line: the mixture, or gas, grade and purity', () => {
    expect(certificateSummary(blend)).toBe('O2 5 %, CO2 10 % / N2');
    expect(certificateSummary({ components: [], balance: null, gas: 'N2', grade: 'N5.0', purityPercent: 99.99992 })).toBe('N2 N5.0 99.99992 %');
  });

  it('reads dates stored as text', () => {
    expect(certificateDate('2027-11-29')).toBe('2027-11-29');
    expect(certificateDate(null)).toBe('—');
  });

  it('shows the reason of a refused calculation', () => {
    expect(refusalText(new ApiError(50001, '验证失败', '第 1 个称量质量：原料气标识不能为空'))).toBe('第 1 个称量质量：原料气标识不能为空');
    expect(refusalText(new ApiError(50001, '验证失败', { reason: 'fractions-exceed-balance', message: '目标组分合计超过 100 %' }))).toBe('验证失败 — 目标组分合计超过 100 %');
    expect(refusalText(new Error('x'))).toBeNull();
  });
});

describe('a certified value on the verification page and the certificate detail', () => {
  it('is rounded like the PDF: U to two significant digits, the value to its decimal place', () => {
    expect(reportedValue(0.1009732, 6.9e-6)).toEqual({ value: '10.09732 %', U: '± 0.00069 %' });
    expect(reportedValue(0.0999998, 1.3e-6)).toEqual({ value: '9.99998 %', U: '± 0.00013 %' });
    expect(reportedValue(100.4e-6, 1.26e-6)).toEqual({ value: '100.4 ppm', U: '± 1.3 ppm' });
    expect(reportedValue(0.05, null)).toEqual({ value: '5 %', U: null });
  });
});
