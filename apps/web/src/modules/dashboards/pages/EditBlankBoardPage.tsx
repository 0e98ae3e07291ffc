import { useRef, useState } from 'react';
import { App, Button, Empty, InputNumber, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { dashboardLimits, type WidgetLayout, type WidgetView } from '@smartdata/domain';
import { EditableWidget } from '../components/EditableWidget';
import { EditorToolbar } from '../components/EditorToolbar';
import { EditingWidgetSettings } from '../components/WidgetSettingsDrawer';
import { useFitScale } from '../components/BoardCanvas';
import { useBoardEditor } from '../lib/useBoardEditor';
import { dashboardPaths } from '../lib/paths';
import { BoardLoadState } from '../components/BoardLoadState';
import '../dashboards.css';

const snap = 10;
const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

/** Keeps a layout inside the canvas, on a 10 px grid. */
function fit(layout: WidgetLayout, width: number, height: number): WidgetLayout {
  const w = clamp(Math.round(layout.w / snap) * snap, 40, width);
  const h = clamp(Math.round(layout.h / snap) * snap, 40, height);
  return { w, h, x: clamp(Math.round(layout.x / snap) * snap, 0, width - w), y: clamp(Math.round(layout.y / snap) * snap, 0, height - h) };
}

/**
 * /editblankboard/:boardId/:boardName/:boardType — the free canvas of a big-screen board
 * (1920×1080 by default), full screen. Drag a widget by its header, resize it at its corner;
 * with a widget selected, the arrow keys move it by 10 px (Shift: resize).
 */
function EditBlankBoard() {
  const { t } = useTranslation('dashboards');
  const navigate = useNavigate();
  const boardId = Number(useParams().boardId);
  const editor = useBoardEditor(boardId);
  const [editing, setEditing] = useState<WidgetView | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const { width, height } = editor.settings;
  const fitScale = useFitScale(width, height);
  const drag = useRef<{ id: string; mode: 'move' | 'resize'; startX: number; startY: number; origin: WidgetLayout } | null>(null);

  if (editor.board.isPending || editor.board.isError) {
    return <BoardLoadState query={editor.board} />;
  }
  const board = editor.board.data;
  const setLayout = (id: string, layout: WidgetLayout) => editor.change((current) => current.map((w) => (w.id === id ? { ...w, layout: fit(layout, width, height) } : w)));

  const onPointerDown = (event: React.PointerEvent, widget: WidgetView, mode: 'move' | 'resize') => {
    if ((event.target as HTMLElement).closest('.sd-widget__tools')) {
      return;
    }
    event.preventDefault();
    setSelected(widget.id);
    drag.current = { id: widget.id, mode, startX: event.clientX, startY: event.clientY, origin: widget.layout };
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: React.PointerEvent) => {
    const current = drag.current;
    if (!current) {
      return;
    }
    const dx = (event.clientX - current.startX) / fitScale.scale;
    const dy = (event.clientY - current.startY) / fitScale.scale;
    const o = current.origin;
    setLayout(current.id, current.mode === 'move' ? { ...o, x: o.x + dx, y: o.y + dy } : { ...o, w: o.w + dx, h: o.h + dy });
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const widget = editor.widgets.find((w) => w.id === selected);
    const delta = { ArrowLeft: [-snap, 0], ArrowRight: [snap, 0], ArrowUp: [0, -snap], ArrowDown: [0, snap] }[event.key];
    if (!widget || !delta || (event.target as HTMLElement).closest('input, textarea')) {
      return;
    }
    event.preventDefault();
    const [dx, dy] = delta as [number, number];
    const o = widget.layout;
    setLayout(widget.id, event.shiftKey ? { ...o, w: o.w + dx, h: o.h + dy } : { ...o, x: o.x + dx, y: o.y + dy });
  };
  const preview = async () => {
    if (!editor.dirty || (await editor.saveBoard())) {
      void navigate(dashboardPaths.fullscreen(boardId));
    }
  };

  return (
    <main className="sd-canvas-editor" onKeyDown={onKeyDown}>
      <header className="sd-canvas-editor__bar">
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => void navigate(dashboardPaths.list)} aria-label={t('actions.back')} />
          <strong>{t('editor.title', { name: board.name })}</strong>
          <span className="sd-muted">{t('editor.canvasHint')}</span>
        </Space>
        <Space wrap>
          <InputNumber
            aria-label={t('fields.width')}
            size="small"
            min={dashboardLimits.canvasWidthMin}
            max={dashboardLimits.canvasWidthMax}
            value={width}
            addonBefore={t('fields.width')}
            onChange={(value) => value && editor.setSettings({ ...editor.settings, width: value })}
            style={{ width: 150 }}
          />
          <InputNumber
            aria-label={t('fields.height')}
            size="small"
            min={dashboardLimits.canvasHeightMin}
            max={dashboardLimits.canvasHeightMax}
            value={height}
            addonBefore={t('fields.height')}
            onChange={(value) => value && editor.setSettings({ ...editor.settings, height: value })}
            style={{ width: 150 }}
          />
          <EditorToolbar
            dirty={editor.dirty}
            saving={editor.saving}
            refreshMinutes={editor.settings.refreshMinutes}
            onRefreshChange={(refreshMinutes) => editor.setSettings({ ...editor.settings, refreshMinutes })}
            onAdd={(kind) => editor.addWidget(kind, board)}
            onSave={() => void editor.saveBoard()}
            onPreview={() => void preview()}
          />
        </Space>
      </header>
      <div className="sd-board-fit sd-canvas-editor__stage" ref={fitScale.ref}>
        <div className="sd-board-canvas sd-board-canvas--editing" style={{ width, height, transform: `scale(${fitScale.scale})` }} onPointerMove={onPointerMove} onPointerUp={() => (drag.current = null)}>
          {editor.widgets.length === 0 && <Empty className="sd-board-empty" description={t('editor.empty')} />}
          {editor.widgets.map((widget) => (
            <div
              key={widget.id}
              tabIndex={0}
              className={`sd-board-canvas__item${selected === widget.id ? ' is-selected' : ''}`}
              style={{ left: widget.layout.x, top: widget.layout.y, width: widget.layout.w, height: widget.layout.h }}
              onFocus={() => setSelected(widget.id)}
              onPointerDown={(event) => {
                if ((event.target as HTMLElement).closest('.sd-widget__drag')) {
                  onPointerDown(event, widget, 'move');
                }
              }}
            >
              <EditableWidget
                widget={widget}
                refreshMs={editor.settings.refreshMinutes * 60_000}
                onSettings={() => setEditing(widget)}
                onDelete={() => editor.change((current) => current.filter((w) => w.id !== widget.id))}
              />
              <span className="sd-board-canvas__resize" onPointerDown={(event) => onPointerDown(event, widget, 'resize')} aria-hidden="true" />
            </div>
          ))}
        </div>
      </div>
      <EditingWidgetSettings widget={editing} onChange={editor.change} onClose={() => setEditing(null)} />
    </main>
  );
}

/** Full-screen pages render outside the console shell: give them antd's App context of their own. */
export function EditBlankBoardPage() {
  return (
    <App>
      <EditBlankBoard />
    </App>
  );
}
