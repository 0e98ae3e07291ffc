import { useTranslation } from 'react-i18next';
import { ProductMark } from '@/shared/components/ProductMark';
import { useLogout } from '../api/logout';
import { UserNoticeModal } from './UserNoticeModal';

/** Shown by the guard while the signed-in user has not agreed to the current notice. */
export function UserNoticeGate() {
  const { t } = useTranslation('product');
  const logout = useLogout();
  return (
    <div className="sd-notice-backdrop">
      <div className="sd-notice-backdrop__brand" aria-hidden="true">
        <ProductMark size={28} />
        <span>{t('title')}</span>
      </div>
      <UserNoticeModal onDecline={() => void logout()} />
    </div>
  );
}
