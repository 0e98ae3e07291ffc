// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAction } from './useAction';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useAction (the sign-in page calls)', () => {
  it('is pending while a call runs and answers its result', async () => {
    const call = deferred<string>();
    const { result } = renderHook(() => useAction((name: string) => call.promise.then((value) => `${value} ${name}`)));
    expect(result.current.isPending).toBe(false);
    let answer: Promise<string> = Promise.resolve('');
    act(() => {
      answer = result.current.run('admin');
    });
    expect(result.current.isPending).toBe(true);
    await act(async () => {
      call.resolve('hello');
      await answer;
    });
    expect(await answer).toBe('hello admin');
    expect(result.current.isPending).toBe(false);
  });

  it('stops being pending when a call fails; start ignores the failure, run passes it on', async () => {
    const first = deferred<void>();
    const second = deferred<void>();
    const calls = [first.promise, second.promise];
    const { result } = renderHook(() => useAction(() => calls.shift() ?? Promise.resolve()));
    let failed: Promise<void> = Promise.resolve();
    act(() => {
      result.current.start(undefined);
      failed = result.current.run(undefined);
    });
    expect(result.current.isPending).toBe(true);
    await act(async () => {
      first.reject(new Error('refused'));
      await Promise.resolve();
    });
    expect(result.current.isPending).toBe(true);
    await act(async () => {
      second.reject(new Error('refused'));
      await failed.catch(() => undefined);
    });
    await expect(failed).rejects.toThrow('refused');
    expect(result.current.isPending).toBe(false);
  });
});
