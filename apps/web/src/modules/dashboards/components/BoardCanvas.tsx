import type { CSSProperties, ReactNode } from 'react';
import { dashboardLimits, type DashboardDetail, type WidgetView } from '@smartdata/domain';
import { useElementSize } from '@/shared/hooks/useElementSize';
import { WidgetBody } from './WidgetBody';
import { fillGrid } from '../lib/fillGrid';
import { stackBelowPx, stackGrid } from '../lib/stackGrid';
import { useFitLines } from '../lib/useFitLines';

/** The lines of a widget that shrink to fit it (useFitLines). */
const fittedLines = '.sd-widget__value, .sd-chart__number';

/** A widget's frame: its title and body. */
export function WidgetFrame({ widget, refreshMs, extra }: { widget: WidgetView; refreshMs: number; extra?: ReactNode }) {
  const fit = useFitLines(fittedLines);
  return (
    <section className={`sd-widget sd-widget--${widget.kind}`} aria-label={widget.title || widget.kind} data-widget-id={widget.id}>
      {(widget.title || extra) && (
        <header className="sd-widget__header">
          <h2 className="sd-widget__title">{widget.title}</h2>
          {extra}
        </header>
      )}
      <div className="sd-widget__body" ref={fit}>
        <WidgetBody widget={widget} refreshMs={refreshMs} />
      </div>
    </section>
  );
}

/** Scale that fits a width × height canvas into its container (big-screen boards). */
export function useFitScale(width: number, height: number) {
  const box = useElementSize();
  const scale = box.width > 0 && box.height > 0 ? Math.min(box.width / width, box.height / height) : 1;
  return { ref: box.ref, scale };
}

/**
 * A board as viewers see it: a grid board as rows of 12 columns, a big-screen board as its fixed
 * canvas scaled to fit the space it is given (GridCanvas for a grid board).
 */
export function BoardCanvas({ board, fill = false }: { board: DashboardDetail; fill?: boolean }) {
  const refreshMs = board.refreshMinutes * 60_000;
  const fit = useFitScale(board.width, board.height);
  if (board.boardType === 'bigScreen') {
    return (
      <div className="sd-board-fit" ref={fit.ref}>
        <div className="sd-board-canvas" style={{ width: board.width, height: board.height, transform: `scale(${fit.scale})` }}>
          {board.widgets.map((widget) => (
            <div key={widget.id} className="sd-board-canvas__item" style={{ left: widget.layout.x, top: widget.layout.y, width: widget.layout.w, height: widget.layout.h }}>
              <WidgetFrame widget={widget} refreshMs={refreshMs} />
            </div>
          ))}
        </div>
      </div>
    );
  }
  return <GridCanvas board={board} fill={fill} refreshMs={refreshMs} />;
}

/**
 * A grid board: rows as laid out in the editor; full-screen pages (.sd-screen, `fill`) stretch the
 * part of the board that holds widgets over the whole screen, so a kiosk never scrolls nor leaves
 * a half empty. Narrower than `stackBelowPx` (a phone) the widgets stack on two columns
 * (`stackGrid`), and the page scrolls.
 */
function GridCanvas({ board, fill, refreshMs }: { board: DashboardDetail; fill: boolean; refreshMs: number }) {
  const box = useElementSize();
  const layouts = board.widgets.map((w) => w.layout);
  const stacked = box.width > 0 && box.width < stackBelowPx;
  const filled = stacked ? stackGrid(layouts) : fill ? fillGrid(layouts) : null;
  const rows = filled ? filled.rows : Math.max(1, ...layouts.map((l) => l.y + l.h));
  const style = {
    gridTemplateColumns: `repeat(${filled ? filled.columns : dashboardLimits.gridColumns}, minmax(0, 1fr))`,
    '--sd-row-height': `${dashboardLimits.gridRowHeightPx}px`,
    '--sd-grid-rows': rows,
  } as CSSProperties;
  return (
    <div ref={box.ref} className={`sd-board-grid${fill ? ' sd-board-grid--fill' : ''}${stacked ? ' sd-board-grid--stacked' : ''}`} style={style}>
      {board.widgets.map((widget, index) => {
        const cell = filled?.cells[index] ?? { column: widget.layout.x + 1, row: widget.layout.y + 1, w: widget.layout.w, h: widget.layout.h };
        return (
          <div
            key={widget.id}
            className="sd-board-grid__item"
            style={{ gridColumn: `${cell.column} / span ${cell.w}`, gridRow: `${cell.row} / span ${cell.h}` }}
          >
            <WidgetFrame widget={widget} refreshMs={refreshMs} />
          </div>
        );
      })}
    </div>
  );
}
