import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { dashboardLimits, isDataWidget, newWidgetId, widgetsProblem, type DashboardDetail, type WidgetKind, type WidgetLayout, type WidgetView } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { useBoardQuery, useSaveBoardMutation } from '../api/boards';
import { placeWidget } from './placeWidget';
import { dashboardText } from './texts';
import { useBoardLive } from './useBoardLive';

/** Default size of a new widget, in grid units (a canvas scales them). */
const defaultSize: Record<WidgetKind, [number, number]> = {
  chart: [6, 6],
  savedChart: [6, 6],
  numberCard: [3, 3],
  gauge: [3, 5],
  table: [6, 6],
  text: [4, 2],
  image: [3, 4],
  clock: [3, 2],
  deviceStatus: [4, 6],
  alarmList: [4, 6],
};

export interface BoardSettings {
  refreshMinutes: number;
  width: number;
  height: number;
}

/**
 * The editing state of a board: its widgets and settings as loaded, changed locally, saved as a
 * whole (saveDashboard). The layout rules (inside the board, at most 60 widgets) are checked
 * before sending, with the server's words.
 */
export function useBoardEditor(boardId: number) {
  const { t } = useTranslation(['dashboards', 'texts']);
  const { message } = App.useApp();
  const locale = useLocale();
  const board = useBoardQuery(boardId);
  const save = useSaveBoardMutation();
  const [widgets, setWidgets] = useState<WidgetView[]>([]);
  const [settings, setSettings] = useState<BoardSettings>({ refreshMinutes: 5, width: 1920, height: 1080 });
  const [dirty, setDirty] = useState(false);
  const [loadedAt, setLoadedAt] = useState(0);
  // The items the board's widgets read stream their new records in while it is edited.
  useBoardLive(widgets.flatMap((w) => (w.access === 'ok' && w.binding ? [w.binding.itemId] : [])));

  useEffect(() => {
    if (board.data && board.dataUpdatedAt !== loadedAt && !dirty) {
      setWidgets(board.data.widgets);
      setSettings({ refreshMinutes: board.data.refreshMinutes, width: board.data.width, height: board.data.height });
      setLoadedAt(board.dataUpdatedAt);
    }
  }, [board.data, board.dataUpdatedAt, loadedAt, dirty]);

  const change = useCallback((next: (current: WidgetView[]) => WidgetView[]) => {
    setWidgets(next);
    setDirty(true);
  }, []);

  const addWidget = (kind: WidgetKind, detail: DashboardDetail) => {
    const [w, h] = defaultSize[kind];
    change((current) => {
      const placed = current.map((widget) => widget.layout);
      let layout: WidgetLayout;
      if (detail.boardType === 'grid') {
        const bottom = placed.reduce((max, box) => Math.max(max, box.y + box.h), 0);
        layout = { ...(placeWidget(placed, w, h, dashboardLimits.gridColumns) ?? { x: 0, y: bottom }), w, h };
      } else {
        const cell = settings.width / dashboardLimits.gridColumns;
        const size = { w: Math.round(w * cell), h: h * 45 };
        // A full canvas: cascade from the top left, as before, for the user to move it.
        const offset = (current.length % 10) * 24;
        const spot = placeWidget(placed, size.w, size.h, settings.width, settings.height) ?? { x: Math.min(offset, settings.width - size.w), y: Math.min(offset, settings.height - size.h) };
        layout = { ...spot, ...size };
      }
      return [
        ...current,
        { id: newWidgetId(), kind, title: t(`kind.${kind}`), layout, binding: null, options: {}, access: isDataWidget(kind) || kind === 'savedChart' ? 'unbound' : 'ok', item: null },
      ];
    });
  };

  const saveBoard = async (): Promise<boolean> => {
    if (!board.data) {
      return false;
    }
    const plain = widgets.map(({ access: _access, item: _item, ...widget }) => widget);
    const problem = widgetsProblem(plain, { boardType: board.data.boardType, ...settings });
    if (problem) {
      void message.error(dashboardText(problem, locale));
      return false;
    }
    try {
      await save.mutateAsync({ id: boardId, boardType: board.data.boardType, ...settings, widgets: plain });
      setDirty(false);
      void message.success(t('texts:operationSuccess'));
      return true;
    } catch {
      return false;
    }
  };

  return { board, widgets, settings, dirty, saving: save.isPending, change, setSettings: (next: BoardSettings) => (setSettings(next), setDirty(true)), addWidget, saveBoard };
}
