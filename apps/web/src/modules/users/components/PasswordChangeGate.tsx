import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogout } from '@/modules/auth/api/logout';
import { ProductMark } from '@/shared/components/ProductMark';
import { refreshCurrentUser } from '../api/refreshCurrentUser';
import { ChangePasswordCard } from './ChangePasswordCard';
import '../users.css';

/**
 * Shown by the console guard while the signed-in user must change a password someone else chose
 * (a company administrator created the account): the server refuses other calls until then
 * (docs/security.md). After the change the stored user is reloaded and the console opens.
 */
export function PasswordChangeGate() {
  const { t } = useTranslation(['product', 'common']);
  const logout = useLogout();
  // Its own antd App: the guard shows it outside the console layout that provides one (messages).
  return (
    <App component={false}>
      <div className="sd-notice-backdrop sd-password-gate">
        <div className="sd-notice-backdrop__brand" aria-hidden="true">
          <ProductMark size={28} />
          <span>{t('product:title')}</span>
        </div>
        <div className="sd-password-gate__card">
          <ChangePasswordCard forced onChanged={() => void refreshCurrentUser().catch(() => undefined)} />
          <Button type="link" onClick={() => void logout()}>
            {t('common:layout.logout')}
          </Button>
        </div>
      </div>
    </App>
  );
}
