import { Button, Space } from 'antd';
import { EditOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/shared/components/PageHeader';
import { useBoardQuery } from '../api/boards';
import { BoardView } from '../components/BoardView';
import { dashboardPaths } from '../lib/paths';
import '../dashboards.css';

/** /smartdata/currentshowdashboard/:boardId — a board inside the console, live. */
export function ShowDashboardPage() {
  const { t } = useTranslation('dashboards');
  const boardId = Number(useParams().boardId);
  const board = useBoardQuery(boardId);
  return (
    <div className="sd-page sd-board-page">
      <BoardView
        boardId={boardId}
        header={(name, live) => (
          <PageHeader
            title={
              <Space>
                {name}
                {live}
              </Space>
            }
            description={board.data ? t('view.refreshEvery', { count: board.data.refreshMinutes }) : undefined}
            actions={
              <Space>
                {board.data && board.data.level !== 'read' && (
                  <Link to={dashboardPaths.edit(board.data)}>
                    <Button icon={<EditOutlined />}>{t('actions.edit')}</Button>
                  </Link>
                )}
                <Link to={dashboardPaths.fullscreen(boardId)}>
                  <Button type="primary" icon={<FullscreenOutlined />}>
                    {t('actions.fullscreen')}
                  </Button>
                </Link>
              </Space>
            }
          />
        )}
      />
    </div>
  );
}
