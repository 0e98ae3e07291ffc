import { z } from 'zod';

/** A number as text: what a query string carries (`?id=12`, `?at=1.5e3`). */
const numericText = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/**
 * A number from a JSON body or a query string: a number, or text holding one, then `schema`.
 * Nothing else is turned into a number — `z.coerce.number()` read JSON `true` as 1 (an id!), `null`
 * and `""` as 0 and `[7]` as 7 (issue 12). `I` is the input type callers may send.
 */
export function numeric<I = number | string, S extends z.ZodType<number> = z.ZodType<number>>(schema: S): z.ZodPipe<z.ZodTransform<unknown, I>, S> {
  return z.preprocess((value) => (typeof value === 'string' && numericText.test(value) ? Number(value) : value), schema) as unknown as z.ZodPipe<
    z.ZodTransform<unknown, I>,
    S
  >;
}
