import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authKeys } from '@/modules/auth/api/keys';
import { loadSession } from '@/modules/auth/api/getCurrentUser';
import { useLogout } from '@/modules/auth/api/logout';
import { PageSpin } from '@/shared/components/PageSpin';
import { StatusPanel } from '@/shared/components/StatusPanel';

/** Loads the user and generates the session's routes; offers a retry when the call fails. */
export function SessionLoader() {
  const { t } = useTranslation(['auth', 'common']);
  const logout = useLogout();
  const session = useQuery({
    queryKey: authKeys.currentUser(),
    queryFn: ({ signal }) => loadSession(signal),
    gcTime: 0,
  });

  if (session.isError) {
    return (
      <StatusPanel
        title={t('common:errorBoundary.title')}
        description={session.error.message}
        actions={
          <>
            <Button type="primary" onClick={() => void session.refetch()}>
              {t('common:errorBoundary.reload')}
            </Button>
            <Button onClick={() => void logout()}>{t('common:layout.logout')}</Button>
          </>
        }
      />
    );
  }
  return <PageSpin fullscreen tip={t('session.loading')} />;
}
