import { useEffect } from 'react';
import { Button, Space } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BoardView } from '../components/BoardView';
import { dashboardPaths } from '../lib/paths';
import '../dashboards.css';

/** /showdashboard/:boardId — a board full screen, without the console (Escape goes back). */
export function FullscreenDashboardPage() {
  const { t } = useTranslation('dashboards');
  const boardId = Number(useParams().boardId);
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        void navigate(dashboardPaths.view(boardId));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [boardId, navigate]);
  return (
    <main className="sd-screen">
      <BoardView
        boardId={boardId}
        fill
        header={(name, live) => (
          <header className="sd-screen__bar">
            <h1 className="sd-screen__title">{name}</h1>
            <Space>
              {live}
              <Button size="small" type="text" className="sd-screen__close" icon={<CloseOutlined />} onClick={() => void navigate(dashboardPaths.view(boardId))} aria-label={t('actions.exitFullscreen')}>
                {t('actions.exitFullscreen')}
              </Button>
            </Space>
          </header>
        )}
      />
    </main>
  );
}
