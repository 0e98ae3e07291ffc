import { useState } from 'react';
import type { ZodType } from 'zod';

/** A whole form's check: the request to send, or the problem to show (already in the user's language). */
export type CheckedRequest<R> = { ok: true; request: R } | { ok: false; problem: string | null };

/**
 * A form the domain checks as a whole when it is saved (rules across fields that antd's per-field
 * rules cannot say): `submit` sends the request when the check holds, else keeps the problem for
 * FormProblem until the next try.
 */
export function useCheckedSubmit<R>(onSubmit: (request: R) => void) {
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (checked: CheckedRequest<R>) => {
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    onSubmit(checked.request);
  };
  return { problem, submit };
}

/**
 * A request checked with the domain's schema, then with its rules across fields (the domain's
 * `*Problems`, the server's own): the first problem, put in words by `text`.
 */
export function checkRequest<T>(schema: ZodType<T>, problems: (request: T) => string | null, request: unknown, text: (key: string) => string | null): CheckedRequest<T> {
  const parsed = schema.safeParse(request);
  const key = parsed.success ? problems(parsed.data) : (parsed.error.issues[0]?.message ?? 'validation.invalid');
  return parsed.success && !key ? { ok: true, request: parsed.data } : { ok: false, problem: text(key ?? 'validation.invalid') };
}
