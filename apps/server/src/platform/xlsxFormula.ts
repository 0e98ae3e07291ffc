import type { CellValue } from 'exceljs';

/**
 * An XLSX formula cell whose value cannot be read: saved without its cached result (openpyxl,
 * pandas and other writers that do not calculate save only the formula) or resulting in an error
 * (`#DIV/0!`). An import makes such a cell a row error naming it (`import.formulaWithoutValue`,
 * `import.formulaError`), never an empty value.
 */
export interface UnreadableCell {
  unreadable: 'formulaWithoutValue' | 'formulaError';
  /** The cell's address, e.g. `C4`. */
  ref: string;
  /** The formula, or the error value it resulted in. */
  text: string;
}

/** A formula cell's cached result, or why it cannot be read; undefined for a cell that holds no formula. */
export function formulaValue(value: CellValue, ref: string): { result: CellValue } | UnreadableCell | undefined {
  if (value === null || typeof value !== 'object' || value instanceof Date || !('formula' in value || 'sharedFormula' in value)) {
    return undefined;
  }
  const formula = value as { formula?: string; sharedFormula?: string; result?: CellValue };
  const result = formula.result;
  if (result === undefined || result === null) {
    return { unreadable: 'formulaWithoutValue', ref, text: `=${formula.formula ?? formula.sharedFormula ?? ''}` };
  }
  if (typeof result === 'object' && 'error' in result) {
    return { unreadable: 'formulaError', ref, text: String(result.error) };
  }
  return { result };
}

/** The row error text of an unreadable cell (a server-text key with its arguments). */
export const unreadableCellText = (cell: UnreadableCell): string => `import.${cell.unreadable}|${cell.ref}|${cell.text.replaceAll('|', '¦')}`;
