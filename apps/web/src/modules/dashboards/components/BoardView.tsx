import { Button, Empty, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/ApiError';
import { useBoardQuery } from '../api/boards';
import { useBoardLive } from '../lib/useBoardLive';
import { BoardCanvas } from './BoardCanvas';

/** The live state shown beside a board's name. */
export function LiveTag({ state }: { state: ReturnType<typeof useBoardLive> }) {
  const { t } = useTranslation('dashboards');
  if (state === 'off') {
    return null;
  }
  return (
    <Tag color={state === 'live' ? 'green' : state === 'connecting' ? 'blue' : 'default'} data-testid="live-state">
      {t(`live.${state}`)}
    </Tag>
  );
}

/**
 * Loads a board and shows it live: one WebSocket for the items its readable widgets are bound to,
 * and the board's refresh interval for everything else. `header` renders above it; `fill` (the
 * full-screen pages) stretches a grid board over the whole screen.
 */
export function BoardView({ boardId, header, fill = false }: { boardId: number; header?: (name: string, live: React.ReactNode) => React.ReactNode; fill?: boolean }) {
  const { t } = useTranslation('dashboards');
  const board = useBoardQuery(boardId);
  const itemIds = (board.data?.widgets ?? []).flatMap((w) => (w.access === 'ok' && w.binding ? [w.binding.itemId] : []));
  const live = useBoardLive(itemIds);
  if (board.isPending) {
    return <Spin className="sd-board-spin" />;
  }
  if (board.isError) {
    const code = board.error instanceof ApiError ? board.error.code : 0;
    return (
      <Empty
        className="sd-board-empty"
        description={code === 40300 ? t('view.noAccess') : code === 40400 ? t('view.notFound') : t('view.loadFailed')}
      >
        <Button onClick={() => void board.refetch()}>{t('actions.retry')}</Button>
      </Empty>
    );
  }
  return (
    <>
      {header?.(board.data.name, <LiveTag state={live} />)}
      {board.data.widgets.length === 0 ? <Empty className="sd-board-empty" description={t('view.noWidgets')} /> : <BoardCanvas board={board.data} fill={fill} />}
    </>
  );
}
