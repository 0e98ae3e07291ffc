import type { CSSProperties, KeyboardEvent, Ref } from 'react';
import { cellRefOf, type TemplateCell, type TemplateMerge } from '@smartdata/domain';
import { columnLetter, mergeMap, widthPx } from '../lib/sheet';

interface SheetGridProps {
  rows: number;
  columns: number;
  widths: readonly number[];
  merges: readonly TemplateMerge[];
  /** Styles of the cells, by ref. */
  styles: ReadonlyMap<string, TemplateCell>;
  /** What each cell shows. */
  textOf: (ref: string) => string;
  /** Cells whose text is an error (shown in red). */
  errorOf?: (ref: string) => boolean;
  /** Numbers are right-aligned unless the cell says otherwise. */
  numericOf?: (ref: string) => boolean;
  selected?: string | null;
  onSelect?: (ref: string) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  ariaLabel: string;
  containerRef?: Ref<HTMLDivElement>;
}

/**
 * A sheet as a table with column letters and row numbers: merges as spans, column widths, bold,
 * colours and alignment as the exports show them. With `onSelect` it is the editor's grid (one
 * focusable element; arrows and Enter handled by the page).
 */
export function SheetGrid({ rows, columns, widths, merges, styles, textOf, errorOf, numericOf, selected, onSelect, onKeyDown, ariaLabel, containerRef }: SheetGridProps) {
  const { topLeft, covered } = mergeMap(merges);
  const interactive = !!onSelect;
  return (
    <div
      ref={containerRef}
      className={`sd-sheet${interactive ? ' sd-sheet--editing' : ''}`}
      role={interactive ? 'grid' : 'table'}
      aria-label={ariaLabel}
      tabIndex={interactive ? 0 : undefined}
      onKeyDown={onKeyDown}
      aria-activedescendant={interactive && selected ? `sd-cell-${selected}` : undefined}
    >
      <table style={{ width: 40 + Array.from({ length: columns }, (_, c) => widthPx(widths[c])).reduce((a, b) => a + b, 0) }}>
        <colgroup>
          <col style={{ width: 40 }} />
          {Array.from({ length: columns }, (_, c) => (
            <col key={c} style={{ width: widthPx(widths[c]) }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th className="sd-sheet__corner" aria-hidden />
            {Array.from({ length: columns }, (_, c) => (
              <th key={c} scope="col" className="sd-sheet__head">
                {columnLetter(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, r) => (
            <tr key={r}>
              <th scope="row" className="sd-sheet__head">
                {r + 1}
              </th>
              {Array.from({ length: columns }, (_, c) => {
                const ref = cellRefOf(r, c);
                if (covered.has(ref)) {
                  return null;
                }
                const box = topLeft.get(ref);
                const style = styles.get(ref);
                const text = textOf(ref);
                const css: CSSProperties = {
                  fontWeight: style?.bold ? 600 : undefined,
                  color: errorOf?.(ref) ? '#cf1322' : style?.color,
                  background: style?.fill,
                  textAlign: style?.align ?? (numericOf?.(ref) ? 'right' : undefined),
                };
                return (
                  <td
                    key={c}
                    id={`sd-cell-${ref}`}
                    role={interactive ? 'gridcell' : undefined}
                    aria-selected={interactive ? selected === ref : undefined}
                    data-ref={ref}
                    colSpan={box?.cols}
                    rowSpan={box?.rows}
                    className={selected === ref ? 'sd-sheet__cell is-selected' : 'sd-sheet__cell'}
                    style={css}
                    title={text === '' ? undefined : text}
                    onClick={onSelect ? () => onSelect(ref) : undefined}
                  >
                    {text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
