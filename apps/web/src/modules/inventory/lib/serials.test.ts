import { describe, expect, it } from 'vitest';
import { parseSerials, serialScanProblem } from './serials';

describe('parseSerials', () => {
  it('splits on lines, spaces and commas, drops repeats (any case) and keeps the first spelling', () => {
    const scan = parseSerials('SN-0001\nSN-0002, SN-0003  sn-0001\r\nSN-0002，SN_0004');
    expect(scan.valid).toEqual(['SN-0001', 'SN-0002', 'SN-0003', 'SN_0004']);
    expect(scan.repeated).toBe(2);
    expect(scan.invalid).toEqual([]);
  });

  it('lists entries that are no serial by the domain rule (4–32 letters, digits, _ or -)', () => {
    const scan = parseSerials('abc\nGOOD1\na/b\n' + 'X'.repeat(33));
    expect(scan.valid).toEqual(['GOOD1']);
    expect(scan.invalid).toEqual(['abc', 'a/b', 'X'.repeat(33)]);
  });

  it('answers nothing for an empty box', () => {
    expect(parseSerials('  \n ,')).toEqual({ valid: [], invalid: [], repeated: 0 });
    expect(parseSerials(undefined)).toEqual({ valid: [], invalid: [], repeated: 0 });
  });
});

describe('serialScanProblem', () => {
  it('refuses invalid entries first, then an empty scan, then more than is left', () => {
    expect(serialScanProblem(parseSerials('a/b GOOD1'))?.key).toBe('serials.invalid');
    expect(serialScanProblem(parseSerials(''))?.key).toBe('serials.required');
    expect(serialScanProblem(parseSerials(''), { required: false })).toBeNull();
    expect(serialScanProblem(parseSerials('AAAA BBBB CCCC'), { left: 2 })).toEqual({ key: 'serials.tooMany', values: { count: 3, left: 2 } });
    expect(serialScanProblem(parseSerials('AAAA BBBB'), { left: 2 })).toBeNull();
  });
});
