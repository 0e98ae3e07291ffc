import { useState } from 'react';
import { Button, Empty, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { GridLayout, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { dashboardLimits, type WidgetView } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { EditableWidget } from '../components/EditableWidget';
import { EditorToolbar } from '../components/EditorToolbar';
import { EditingWidgetSettings } from '../components/WidgetSettingsDrawer';
import { useElementSize } from '@/shared/hooks/useElementSize';
import { useBoardEditor } from '../lib/useBoardEditor';
import { dashboardPaths } from '../lib/paths';
import { BoardLoadState } from '../components/BoardLoadState';
import '../dashboards.css';

/** /smartdata/dashboard3/EditBoard/:boardId/:boardName/:id — the grid editor (drag by the header, resize at the corner). */
export function EditBoardPage() {
  const { t } = useTranslation('dashboards');
  const navigate = useNavigate();
  const boardId = Number(useParams().boardId);
  const editor = useBoardEditor(boardId);
  const [editing, setEditing] = useState<WidgetView | null>(null);
  const container = useElementSize();

  if (editor.board.isPending || editor.board.isError) {
    return <BoardLoadState query={editor.board} />;
  }
  const board = editor.board.data;
  const layout: Layout = editor.widgets.map((w) => ({ i: w.id, x: w.layout.x, y: w.layout.y, w: w.layout.w, h: w.layout.h, minW: 1, minH: 1 }));
  const handleLayout = (next: Layout) => {
    const byId = new Map(next.map((item) => [item.i, item]));
    const changed = editor.widgets.some((w) => {
      const item = byId.get(w.id);
      return item && (item.x !== w.layout.x || item.y !== w.layout.y || item.w !== w.layout.w || item.h !== w.layout.h);
    });
    if (changed) {
      editor.change((current) =>
        current.map((w) => {
          const item = byId.get(w.id);
          return item ? { ...w, layout: { x: item.x, y: item.y, w: item.w, h: item.h } } : w;
        }),
      );
    }
  };
  const preview = async () => {
    if (!editor.dirty || (await editor.saveBoard())) {
      void navigate(dashboardPaths.view(boardId));
    }
  };

  return (
    <div className="sd-page sd-board-page">
      <PageHeader
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => void navigate(dashboardPaths.list)} aria-label={t('actions.back')} />
            {t('editor.title', { name: board.name })}
          </Space>
        }
        description={t('editor.gridHint')}
        actions={
          <EditorToolbar
            dirty={editor.dirty}
            saving={editor.saving}
            refreshMinutes={editor.settings.refreshMinutes}
            onRefreshChange={(refreshMinutes) => editor.setSettings({ ...editor.settings, refreshMinutes })}
            onAdd={(kind) => editor.addWidget(kind, board)}
            onSave={() => void editor.saveBoard()}
            onPreview={() => void preview()}
          />
        }
      />
      <div ref={container.ref} className="sd-board-editor">
        {editor.widgets.length === 0 && <Empty className="sd-board-empty" description={t('editor.empty')} />}
        {container.width > 0 && (
          <GridLayout
            width={container.width - 8}
            layout={layout}
            gridConfig={{ cols: dashboardLimits.gridColumns, rowHeight: dashboardLimits.gridRowHeightPx, margin: [10, 10], maxRows: dashboardLimits.gridRowsMax }}
            dragConfig={{ handle: '.sd-widget__drag', cancel: '.sd-widget__tools' }}
            onLayoutChange={handleLayout}
          >
            {editor.widgets.map((widget) => (
              <div key={widget.id}>
                <EditableWidget
                  widget={widget}
                  refreshMs={editor.settings.refreshMinutes * 60_000}
                  onSettings={() => setEditing(widget)}
                  onDelete={() => editor.change((current) => current.filter((w) => w.id !== widget.id))}
                />
              </div>
            ))}
          </GridLayout>
        )}
      </div>
      <EditingWidgetSettings widget={editing} onChange={editor.change} onClose={() => setEditing(null)} />
    </div>
  );
}
