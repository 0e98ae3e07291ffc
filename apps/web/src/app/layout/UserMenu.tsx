import { App, Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { CheckOutlined, DownOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '@/modules/auth/api/logout';
import { isPermitted } from '@/shared/routing/routeAccess';
import { USER_INFO_PATH } from '@/app/router/routeTable';
import { appRoutes } from '@/app/router/routes';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useSessionStore } from '@/shared/session/sessionStore';
import { initialOf } from '@/shared/utils/companyLogo';
import { useSwitchCompany } from '@/modules/users/hooks/useSwitchCompany';

const userInfoRoute = appRoutes.find((route) => route.def.path === USER_INFO_PATH);
const SWITCH_PREFIX = 'company:';

/** Avatar and name with personal center, company switch (when the user has several) and logout. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const logout = useLogout();
  const codes = useMenuCodes();
  const switchCompany = useSwitchCompany();
  const user = useSessionStore((state) => state.user);
  const name = user?.name || user?.userName || '';
  const companies = user?.companies ?? [];
  const currentCompanyId = user?.companyId === null || user?.companyId === undefined ? null : String(user.companyId);

  // Personal center exists once its module registers /user/userinfo.
  const hasUserInfo = userInfoRoute?.def.element !== undefined && isPermitted(userInfoRoute, codes);
  const items: MenuProps['items'] = [
    ...(hasUserInfo ? [{ key: 'personal', icon: <UserOutlined />, label: t('layout.personalCenter') }] : []),
    ...(companies.length > 1
      ? [
          {
            key: 'switch',
            icon: <SwapOutlined />,
            label: t('layout.switchCompany'),
            children: companies.map((company) => {
              const current = String(company.companyId) === currentCompanyId;
              return {
                key: `${SWITCH_PREFIX}${String(company.companyId)}`,
                disabled: current,
                icon: current ? <CheckOutlined aria-label={t('layout.currentCompany')} /> : <span className="sd-user-menu__no-check" />,
                label: company.displayName,
              };
            }),
          },
        ]
      : []),
    ...(hasUserInfo || companies.length > 1 ? [{ type: 'divider' as const }] : []),
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') },
  ];

  const handleSwitch = (companyId: string) => {
    const target = companies.find((company) => String(company.companyId) === companyId);
    if (!target) {
      return;
    }
    modal.confirm({
      title: t('layout.switchCompanyConfirm', { name: target.displayName }),
      content: t('layout.switchCompanyHint'),
      okText: t('layout.switchCompanyOk'),
      onOk: () => switchCompany.mutateAsync(target.companyId).catch(() => undefined),
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'personal') {
            void navigate(USER_INFO_PATH);
          } else if (key === 'logout') {
            void logout();
          } else if (key.startsWith(SWITCH_PREFIX)) {
            handleSwitch(key.slice(SWITCH_PREFIX.length));
          }
        },
      }}
    >
      <Button type="text" className="sd-navbar__user" aria-label={`${t('layout.userMenu')}: ${name}`}>
        <Avatar size={28} src={user?.headImgUrl || undefined} className="sd-navbar__avatar" alt="">
          {initialOf(name)}
        </Avatar>
        {!compact && <span className="sd-navbar__user-name">{name}</span>}
        <DownOutlined className="sd-navbar__caret" aria-hidden="true" />
      </Button>
    </Dropdown>
  );
}
