import type { CSSProperties, ReactNode } from 'react';
import { dashboardLimits, type DashboardDetail, type WidgetView } from '@smartdata/domain';
import { useElementSize } from '@/shared/hooks/useElementSize';
import { WidgetBody } from './WidgetBody';

/** A widget's frame: its title and body. */
export function WidgetFrame({ widget, refreshMs, extra }: { widget: WidgetView; refreshMs: number; extra?: ReactNode }) {
  return (
    <section className={`sd-widget sd-widget--${widget.kind}`} aria-label={widget.title || widget.kind} data-widget-id={widget.id}>
      {(widget.title || extra) && (
        <header className="sd-widget__header">
          <h2 className="sd-widget__title">{widget.title}</h2>
          {extra}
        </header>
      )}
      <div className="sd-widget__body">
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
 * canvas scaled to fit the space it is given.
 */
export function BoardCanvas({ board }: { board: DashboardDetail }) {
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
  // Rows as laid out in the editor; full-screen pages (.sd-screen) share the screen height among
  // the board's rows instead, so a kiosk never needs a scroll bar nobody can use.
  const rows = Math.max(1, ...board.widgets.map((w) => w.layout.y + w.layout.h));
  const style = {
    gridTemplateColumns: `repeat(${dashboardLimits.gridColumns}, minmax(0, 1fr))`,
    '--sd-row-height': `${dashboardLimits.gridRowHeightPx}px`,
    '--sd-grid-rows': rows,
  } as CSSProperties;
  return (
    <div className="sd-board-grid" style={style}>
      {board.widgets.map((widget) => (
        <div
          key={widget.id}
          className="sd-board-grid__item"
          style={{ gridColumn: `${widget.layout.x + 1} / span ${widget.layout.w}`, gridRow: `${widget.layout.y + 1} / span ${widget.layout.h}` }}
        >
          <WidgetFrame widget={widget} refreshMs={refreshMs} />
        </div>
      ))}
    </div>
  );
}
