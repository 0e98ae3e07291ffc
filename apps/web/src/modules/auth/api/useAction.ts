import { useCallback, useRef, useState } from 'react';

export interface Action<A, R> {
  /** Runs the call; a failure rejects (the API client has already shown its notification). */
  run: (argument: A) => Promise<R>;
  /** Runs the call and ignores a failure. */
  start: (argument: A) => void;
  isPending: boolean;
}

/**
 * One call of the sign-in page with its pending state. The sign-in page does without TanStack
 * Query, which stays in the console's chunks (README, "Sign-in bundle"); its calls cache nothing.
 */
export function useAction<A, R>(call: (argument: A) => Promise<R>): Action<A, R> {
  const [pending, setPending] = useState(0);
  const callRef = useRef(call);
  callRef.current = call;

  const run = useCallback(async (argument: A) => {
    setPending((count) => count + 1);
    try {
      return await callRef.current(argument);
    } finally {
      setPending((count) => count - 1);
    }
  }, []);

  const start = useCallback(
    (argument: A) => {
      run(argument).catch(() => undefined);
    },
    [run],
  );

  return { run, start, isPending: pending > 0 };
}
