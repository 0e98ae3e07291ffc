// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { checkRequest, useCheckedSubmit } from './useCheckedSubmit';

const range = z.object({ min: z.number({ message: 'validation.min' }), max: z.number() });
const rangeProblems = (request: z.infer<typeof range>) => (request.max <= request.min ? 'validation.maxAboveMin' : null);
const words: Record<string, string> = { 'validation.min': '请填写下限', 'validation.maxAboveMin': '上限须大于下限' };

describe('checkRequest', () => {
  it('passes a request the schema and the cross-field rules accept', () => {
    expect(checkRequest(range, rangeProblems, { min: 1, max: 5 }, (key) => words[key] ?? null)).toEqual({ ok: true, request: { min: 1, max: 5 } });
  });

  it("names the schema's problem first, then the cross-field one, in the caller's words", () => {
    expect(checkRequest(range, rangeProblems, { max: 5 }, (key) => words[key] ?? null)).toEqual({ ok: false, problem: '请填写下限' });
    expect(checkRequest(range, rangeProblems, { min: 5, max: 5 }, (key) => words[key] ?? null)).toEqual({ ok: false, problem: '上限须大于下限' });
  });
});

describe('useCheckedSubmit', () => {
  it('keeps the problem until a try that holds, which is sent and clears it', () => {
    const onSubmit = vi.fn();
    const { result } = renderHook(() => useCheckedSubmit<{ min: number }>(onSubmit));
    act(() => result.current.submit({ ok: false, problem: '上限须大于下限' }));
    expect(result.current.problem).toBe('上限须大于下限');
    expect(onSubmit).not.toHaveBeenCalled();
    act(() => result.current.submit({ ok: true, request: { min: 1 } }));
    expect(result.current.problem).toBeNull();
    expect(onSubmit).toHaveBeenCalledWith({ min: 1 });
  });
});
