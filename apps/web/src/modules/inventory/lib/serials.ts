import { serialSchema } from '@smartdata/domain';

/** What a scanned or pasted block of serials holds, checked as the server will check it. */
export interface ScannedSerials {
  /** Valid serials, first spelling kept, in the order scanned. */
  valid: string[];
  /** Entries that are no serial (not 4–32 letters, digits, `_` or `-`). */
  invalid: string[];
  /** How many entries repeated an earlier one (case-insensitive, as SNs are unique). */
  repeated: number;
}

/**
 * Splits what a scanner or a paste put in the box: one serial a line, or separated by spaces or
 * commas (also the full-width comma and the enumeration comma of Chinese input); repeats are
 * dropped, each entry is checked with the domain's `serialSchema`.
 */
export function parseSerials(text: string | undefined | null): ScannedSerials {
  const entries = (text ?? '').split(/[\s,，、;；]+/).filter((entry) => entry !== '');
  const seen = new Set<string>();
  const valid: string[] = [];
  const invalid: string[] = [];
  let repeated = 0;
  for (const entry of entries) {
    const key = entry.toLowerCase();
    if (seen.has(key)) {
      repeated += 1;
      continue;
    }
    seen.add(key);
    if (serialSchema.safeParse(entry).success) {
      valid.push(entry);
    } else {
      invalid.push(entry);
    }
  }
  return { valid, invalid, repeated };
}

/** Why a scan cannot be sent (a key of the inventory texts with its values), or null. */
export function serialScanProblem(scan: ScannedSerials, { left, required = true }: { left?: number; required?: boolean } = {}): { key: string; values: Record<string, unknown> } | null {
  if (scan.invalid.length > 0) {
    // The field lists the entries itself (SerialScanField); the rule's message states the rule.
    return { key: 'serials.invalid', values: { count: scan.invalid.length } };
  }
  if (required && scan.valid.length === 0) {
    return { key: 'serials.required', values: {} };
  }
  if (left !== undefined && scan.valid.length > left) {
    return { key: 'serials.tooMany', values: { count: scan.valid.length, left } };
  }
  return null;
}
