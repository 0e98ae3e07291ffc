// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useInvalidatingMutation } from './useInvalidatingMutation';

afterEach(cleanup);

/** A client with a list under ['groups', …] and one of another module, both fresh. */
function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(['groups', 'list', { pageNum: 1 }], { list: [], total: 0 });
  queryClient.setQueryData(['tags', 'list'], []);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { queryClient, wrapper, stale };
}

describe('useInvalidatingMutation', () => {
  it('runs the call with the variables and answers what it answered', async () => {
    const { wrapper } = setup();
    const call = vi.fn(async (name: string) => ({ id: 7, name }));
    const { result } = renderHook(() => useInvalidatingMutation(call, ['groups']), { wrapper });
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync('一组');
    });
    expect(call).toHaveBeenCalledWith('一组', expect.anything());
    expect(answer).toEqual({ id: 7, name: '一组' });
  });

  it('marks the module’s queries stale after a change that took, and only those', async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useInvalidatingMutation(async () => null, ['groups']), { wrapper });
    await act(async () => {
      await result.current.mutateAsync(undefined);
    });
    expect(stale(['groups', 'list', { pageNum: 1 }])).toBe(true);
    expect(stale(['tags', 'list'])).toBe(false);
  });

  it('leaves the lists as they are after a refusal by default', async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useInvalidatingMutation(async () => Promise.reject(new Error('40900')), ['groups']), { wrapper });
    await act(async () => {
      await result.current.mutateAsync(undefined).catch(() => undefined);
    });
    expect(stale(['groups', 'list', { pageNum: 1 }])).toBe(false);
  });

  it("refreshes after a refusal too with 'settled' (the row may be gone already)", async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useInvalidatingMutation(async () => Promise.reject(new Error('40400')), ['groups'], 'settled'), { wrapper });
    await act(async () => {
      await result.current.mutateAsync(undefined).catch(() => undefined);
    });
    expect(stale(['groups', 'list', { pageNum: 1 }])).toBe(true);
  });
});
