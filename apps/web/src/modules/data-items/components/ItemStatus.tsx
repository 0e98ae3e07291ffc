import { Button, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '@/shared/api/ApiError';
import { PageSpin } from '@/shared/components/PageSpin';

/** What a data item page shows while its item loads, or when it cannot be opened (no access, deleted). */
export function ItemStatus({ error }: { error: unknown }) {
  const { t } = useTranslation('data-items');
  const navigate = useNavigate();
  if (!error) {
    return <PageSpin />;
  }
  const code = error instanceof ApiError ? error.code : null;
  return (
    <Card>
      <Empty description={code === 40300 ? t('status.denied') : code === 40400 ? t('status.notFound') : t('status.failed')}>
        <Button onClick={() => void navigate('/smartdata/datacapsule')}>{t('actions.backToCabin')}</Button>
      </Empty>
    </Card>
  );
}
