// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBusy } from './useBusy';

describe('useBusy', () => {
  it('is busy while the task runs and not after, also when it fails', async () => {
    const { result } = renderHook(() => useBusy());
    let finish!: () => void;
    let running!: Promise<void>;
    act(() => {
      running = result.current[1](() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current[0]).toBe(true);
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current[0]).toBe(false);
    await act(() => result.current[1](() => Promise.reject(new Error('40000'))));
    expect(result.current[0]).toBe(false);
  });
});
