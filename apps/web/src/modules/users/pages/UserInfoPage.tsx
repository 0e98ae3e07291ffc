import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/shared/components/PageHeader';
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { MyCompaniesCard } from '../components/MyCompaniesCard';
import { MyInvitationsCard } from '../components/MyInvitationsCard';
import { ProfileCard } from '../components/ProfileCard';
import { WechatBindingCard } from '../components/WechatBindingCard';
import { WechatSettingCard } from '../components/WechatSettingCard';
import { SmsSettingCard } from '@/modules/sms/components/SmsSettingCard';
import { useSessionStore } from '@/shared/session/sessionStore';
import '../users.css';

/**
 * /user/userinfo (no permission needed): the user's own profile, avatar, language and password,
 * invitations to answer, the companies to switch between, the WeChat binding, and for platform
 * administrators the platform's WeChat sign-in setting (docs/auth.md) and SMS provider (docs/sms.md).
 */
export function UserInfoPage() {
  const { t } = useTranslation('users');
  const isPlatformAdmin = useSessionStore((state) => state.user?.isPlatformAdmin ?? false);
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
          <WechatBindingCard />
          {isPlatformAdmin && <WechatSettingCard />}
          {isPlatformAdmin && <SmsSettingCard />}
        </div>
      </div>
    </div>
  );
}
