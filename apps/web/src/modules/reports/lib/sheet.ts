import { cellPosition, cellRefOf, isMeterBinding, type TemplateCell, type TemplateMerge } from '@smartdata/domain';

/** Pure helpers of the sheet pages (grid size, merges, what a cell shows in the editor). */

export const DEFAULT_WIDTH = 12;
/** Excel character units → pixels on screen. */
export const widthPx = (width: number | undefined) => Math.round((width ?? DEFAULT_WIDTH) * 8 + 10);
export const columnLetter = (col: number) => String.fromCharCode(65 + col);

export interface MergeBox {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

/** Merges as boxes, and every covered (not top-left) position. */
export function mergeMap(merges: readonly TemplateMerge[]): { topLeft: Map<string, MergeBox>; covered: Set<string> } {
  const topLeft = new Map<string, MergeBox>();
  const covered = new Set<string>();
  for (const merge of merges) {
    const a = cellPosition(merge.from);
    const b = cellPosition(merge.to);
    const box = { row: a.row, col: a.col, rows: b.row - a.row + 1, cols: b.col - a.col + 1 };
    topLeft.set(merge.from, box);
    for (let r = box.row; r < box.row + box.rows; r++) {
      for (let c = box.col; c < box.col + box.cols; c++) {
        if (r !== box.row || c !== box.col) {
          covered.add(cellRefOf(r, c));
        }
      }
    }
  }
  return { topLeft, covered };
}

/** The size the grid shows: the used area plus a margin, at least `min` (the editor's 12 rows × 6 columns). */
export function gridSize(cells: readonly { ref: string }[], merges: readonly TemplateMerge[], widths: readonly number[], margin = 2, min = { rows: 12, columns: 6 }): { rows: number; columns: number } {
  let rows = 0;
  let columns = widths.length;
  for (const ref of [...cells.map((c) => c.ref), ...merges.map((m) => m.to)]) {
    const p = cellPosition(ref);
    rows = Math.max(rows, p.row + 1);
    columns = Math.max(columns, p.col + 1);
  }
  return { rows: Math.min(200, Math.max(min.rows, rows + margin)), columns: Math.min(26, Math.max(min.columns, columns + margin)) };
}

/** The names a sheet shows for its bindings' ids and keys. */
export interface SheetNames {
  item: (id: number) => string;
  /** The field's name (its key until the item's fields are known; a word for none chosen yet). */
  field: (itemId: number, fieldName: string) => string;
  meter: (id: number) => string;
  aggregate: (a: string) => string;
}

/** What a template cell shows in the editor: its text, `=formula`, or a binding's summary with the field's name. */
export function cellSource(cell: TemplateCell | undefined, names: SheetNames): string {
  if (!cell) {
    return '';
  }
  if (cell.formula) {
    return `=${cell.formula}`;
  }
  if (cell.bind) {
    return isMeterBinding(cell.bind) ? `⚡ ${names.meter(cell.bind.meterId)}` : `{${names.item(cell.bind.itemId)}.${names.field(cell.bind.itemId, cell.bind.fieldName)} · ${names.aggregate(cell.bind.aggregate)}}`;
  }
  return cell.text ?? '';
}

/** The cell after typing `input` in the formula bar: `=…` is a formula, anything else text (a binding is kept only when the input is unchanged). */
export function withInput(cell: TemplateCell, input: string): TemplateCell {
  const { text: _text, formula: _formula, bind: _bind, ...style } = cell;
  void _text;
  void _formula;
  void _bind;
  if (input.startsWith('=')) {
    return { ...style, formula: input.slice(1) };
  }
  return input === '' ? style : { ...style, text: input };
}

/** A cell with no content and no style is not stored. */
export function isEmptyCell(cell: TemplateCell): boolean {
  return !cell.text && !cell.formula && !cell.bind && !cell.format && !cell.bold && !cell.color && !cell.fill && !cell.align;
}

/** Moves a ref by rows/columns within A1:Z200. */
export function moveRef(ref: string, dRow: number, dCol: number, size: { rows: number; columns: number }): string {
  const p = cellPosition(ref);
  return cellRefOf(Math.min(size.rows - 1, Math.max(0, p.row + dRow)), Math.min(size.columns - 1, Math.max(0, p.col + dCol)));
}
