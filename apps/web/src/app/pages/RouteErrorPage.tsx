import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { StatusPanel } from '@/shared/components/StatusPanel';

/** A page failed to render or its chunk failed to load (e.g. after a deployment). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <StatusPanel
      title={t('errorBoundary.title')}
      description={detail ?? t('errorBoundary.description')}
      actions={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errorBoundary.reload')}
        </Button>
      }
    />
  );
}
