import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/shared/components/PageHeader';
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { MyCompaniesCard } from '../components/MyCompaniesCard';
import { MyInvitationsCard } from '../components/MyInvitationsCard';
import { ProfileCard } from '../components/ProfileCard';
import '../users.css';

/**
 * /user/userinfo (no permission needed): the user's own profile, avatar, language and password,
 * invitations to answer and the companies to switch between.
 */
export function UserInfoPage() {
  const { t } = useTranslation('users');
  return (
    <div className="sd-page">
      <PageHeader title={t('profile.pageTitle')} description={t('profile.pageDescription')} />
      <div className="sd-userinfo">
        <div className="sd-userinfo__column">
          <ProfileCard />
          <ChangePasswordCard />
        </div>
        <div className="sd-userinfo__column">
          <MyInvitationsCard />
          <MyCompaniesCard />
        </div>
      </div>
    </div>
  );
}
