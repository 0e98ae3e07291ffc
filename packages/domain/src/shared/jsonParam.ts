import { z } from 'zod';

/** Query parameters that hold JSON (spec §7: array parameters are sent as JSON strings). */
export function jsonParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') {
      return value;
    }
    if (value.trim() === '') {
      return undefined;
    }
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);
}
