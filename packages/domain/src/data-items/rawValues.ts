/*
 * How raw values read: emptiness and numbers as the user or a file writes them. Shared by the
 * value, form and forward-condition checks; not part of the package's public surface.
 */

export const isEmpty = (raw: unknown) => raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '') || (Array.isArray(raw) && raw.length === 0);

/** Half away from zero on the decimal digits as written (1.005 → 1.01, not 1.00 as in binary). */
export function roundTo(value: number, places: number): number {
  const text = String(Math.abs(value));
  if (text.includes('e')) {
    // Very large or very small: binary rounding is as good as it gets.
    const factor = 10 ** places;
    return Math.sign(value) * (Math.round(Math.abs(value) * factor) / factor);
  }
  const shifted = Math.round(Number(`${text}e${places}`));
  return Math.sign(value) * Number(`${shifted}e-${places}`) || 0;
}

export function toNumber(raw: unknown): number | null {
  if (typeof raw === 'number') {
    return Number.isFinite(raw) ? raw : null;
  }
  if (typeof raw === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(raw)) {
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  }
  return null;
}
