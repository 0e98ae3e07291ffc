import { describe, expect, it } from 'vitest';
import { RawJson, stringifyWithRaw } from './rawJson';

describe('stringifyWithRaw', () => {
  it('puts raw JSON texts in place and leaves everything else as JSON.stringify does', () => {
    const value = { code: 0, data: { series: [{ name: 'T "1"', points: new RawJson('[[1,2.5],[3,-4]]') }, { name: '\u0001x:0', points: new RawJson('[]') }] } };
    const text = stringifyWithRaw(value);
    expect(JSON.parse(text)).toEqual({ code: 0, data: { series: [{ name: 'T "1"', points: [[1, 2.5], [3, -4]] }, { name: '\u0001x:0', points: [] }] } });
    expect(stringifyWithRaw({ a: [1, 'b'] })).toBe(JSON.stringify({ a: [1, 'b'] }));
  });
});
