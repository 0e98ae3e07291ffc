import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

export function HomeSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="sd-home__skeleton" role="status" aria-label={t('loading')}>
      <div className="sd-home__top">
        <Card>
          <Skeleton avatar active paragraph={{ rows: 2 }} />
        </Card>
        <Card>
          <Skeleton active paragraph={{ rows: 2 }} />
        </Card>
      </div>
      <div className="sd-home__main">
        <Card>
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
        <Card>
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        </Card>
      </div>
    </div>
  );
}
