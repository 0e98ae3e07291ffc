import FormulaParser from 'fast-formula-parser';
import { cellPosition, cellRefOf, reportLimits, type ComputedCell, type TemplateCell, type TemplateMerge } from '@smartdata/domain';
import { cellText, type SheetCell, type SheetModel } from '@server/platform/sheets';

/**
 * A template's cells computed for a period (docs/reports.md "Formulas"): bound cells take the values
 * read for the period, text cells their text, formula cells are evaluated by fast-formula-parser
 * (MIT; Excel's grammar and ~280 functions) over the other cells, recursively, a cycle giving
 * `#CYCLE!`. A number stays a number.
 */
type Value = string | number | null;
type Evaluated = { value: Value; error?: string };

const defaultWidth = 12;

function isFormulaError(value: unknown): value is { error: string } {
  return typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';
}

/** Evaluates a formula once without data: null when it parses, else the error text (e.g. an unknown function). */
export function formulaProblem(formula: string): string | null {
  const parser = new FormulaParser({ onCell: () => 0, onRange: (ref) => Array.from({ length: ref.to.row - ref.from.row + 1 }, () => Array.from({ length: ref.to.col - ref.from.col + 1 }, () => 0)) });
  try {
    parser.parse(formula.replace(/^=/, ''), { sheet: 'Sheet1', row: 1, col: 1 });
    return null;
  } catch (error) {
    return isFormulaError(error) ? error.error : 'formula';
  }
}

export function computeCells(cells: readonly TemplateCell[], bound: ReadonlyMap<string, number | null>): ComputedCell[] {
  const byRef = new Map(cells.map((cell) => [cell.ref, cell]));
  const done = new Map<string, Evaluated>();
  const visiting = new Set<string>();

  const valueAt = (ref: string): Evaluated => {
    const known = done.get(ref);
    if (known) {
      return known;
    }
    const cell = byRef.get(ref);
    let result: Evaluated;
    if (!cell) {
      result = { value: null };
    } else if (cell.bind) {
      result = { value: bound.get(ref) ?? null };
    } else if (cell.formula) {
      if (visiting.has(ref)) {
        return { value: null, error: '#CYCLE!' };
      }
      visiting.add(ref);
      result = evaluate(cell.formula, ref);
      visiting.delete(ref);
    } else {
      const text = cell.text ?? '';
      result = { value: text === '' ? null : text };
    }
    done.set(ref, result);
    return result;
  };

  // A cell holding an error passes it on (as Excel does: =B1+1 of a #DIV/0! is #DIV/0!).
  const plain = (row: number, col: number): string | number | null | InstanceType<typeof FormulaParser.FormulaError> => {
    if (col < 1 || col > reportLimits.columns || row < 1 || row > reportLimits.rows) {
      return null;
    }
    const at = valueAt(cellRefOf(row - 1, col - 1));
    return at.error ? new FormulaParser.FormulaError(at.error) : at.value;
  };

  const parser = new FormulaParser({
    onCell: ({ row, col }) => plain(row, col),
    onRange: (range) => {
      const rows: ReturnType<typeof plain>[][] = [];
      for (let r = range.from.row; r <= Math.min(range.to.row, reportLimits.rows); r++) {
        const line: ReturnType<typeof plain>[] = [];
        for (let c = range.from.col; c <= Math.min(range.to.col, reportLimits.columns); c++) {
          line.push(plain(r, c));
        }
        rows.push(line);
      }
      return rows;
    },
  });

  function evaluate(formula: string, ref: string): Evaluated {
    const { row, col } = cellPosition(ref);
    try {
      const out = parser.parse(formula.replace(/^=/, ''), { sheet: 'Sheet1', row: row + 1, col: col + 1 });
      if (isFormulaError(out)) {
        return { value: null, error: out.error };
      }
      if (typeof out === 'number') {
        return Number.isFinite(out) ? { value: out } : { value: null, error: '#NUM!' };
      }
      if (typeof out === 'boolean') {
        return { value: out ? 'TRUE' : 'FALSE' };
      }
      if (typeof out === 'string') {
        return { value: out };
      }
      if (Array.isArray(out)) {
        const first = (out as unknown[][])[0]?.[0];
        return typeof first === 'number' || typeof first === 'string' ? { value: first } : { value: null };
      }
      return { value: null };
    } catch (error) {
      return { value: null, error: isFormulaError(error) ? error.error : '#ERROR!' };
    }
  }

  return cells.map((cell) => {
    const result = valueAt(cell.ref);
    const text = result.error ?? cellText({ value: result.value, format: cell.format });
    return { ref: cell.ref, value: result.value, text, ...(result.error ? { error: result.error } : {}) };
  });
}

/** The used size of a layout: the furthest cell or merge, and at least the widths given. */
export function usedSize(cells: readonly { ref: string }[], merges: readonly TemplateMerge[], columnWidths: readonly number[]): { rows: number; columns: number } {
  let rows = 0;
  let columns = columnWidths.length;
  for (const ref of [...cells.map((c) => c.ref), ...merges.map((m) => m.to)]) {
    const p = cellPosition(ref);
    rows = Math.max(rows, p.row + 1);
    columns = Math.max(columns, p.col + 1);
  }
  return { rows, columns };
}

/** The computed report as a sheet for platform/sheets (XLSX keeps the formulas with their results). */
export function reportSheetModel(input: { title: string; footer: string; cells: readonly TemplateCell[]; computed: readonly ComputedCell[]; merges: readonly TemplateMerge[]; columnWidths: readonly number[] }): SheetModel {
  const { rows, columns } = usedSize(input.cells, input.merges, input.columnWidths);
  const grid: (SheetCell | null)[][] = Array.from({ length: rows }, () => Array.from({ length: columns }, () => null));
  const computed = new Map(input.computed.map((c) => [c.ref, c]));
  for (const cell of input.cells) {
    const { row, col } = cellPosition(cell.ref);
    const result = computed.get(cell.ref);
    const value: Value = result?.error ?? result?.value ?? null;
    grid[row][col] = {
      value,
      ...(cell.format ? { format: cell.format } : {}),
      ...(cell.bold ? { bold: true } : {}),
      ...(cell.color ? { color: cell.color } : {}),
      ...(cell.fill ? { fill: cell.fill } : {}),
      ...(cell.align ? { align: cell.align } : {}),
      ...(cell.formula ? { formula: cell.formula.replace(/^=/, '') } : {}),
      ...(result?.error ? { error: result.error } : {}),
    };
  }
  return {
    title: input.title,
    columns: Array.from({ length: columns }, (_, c) => ({ width: input.columnWidths[c] ?? defaultWidth })),
    rows: grid,
    merges: [...input.merges],
    footer: input.footer,
  };
}
