import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@/app/router/routeTable';

/** /404: unknown paths and pages the user may not open (spec §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="sd-fullscreen-center sd-not-found">
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.description')}
        extra={[
          <Button key="home" type="primary" onClick={() => void navigate(HOME_PATH)}>
            {t('notFound.backHome')}
          </Button>,
          <Button key="back" onClick={() => void navigate(-1)}>
            {t('notFound.back')}
          </Button>,
        ]}
      />
    </div>
  );
}
