import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '@/modules/auth/api/logout';
import { isPermitted } from '@/app/router/routeAccess';
import { USER_INFO_PATH } from '@/app/router/routeTable';
import { appRoutes } from '@/app/router/routes';
import { useMenuCodes } from '@/app/router/useMenuCodes';
import { useSessionStore } from '@/shared/session/sessionStore';
import { initialOf } from '@/shared/utils/companyLogo';

const userInfoRoute = appRoutes.find((route) => route.def.path === USER_INFO_PATH);

/** Avatar and name with personal center and logout. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const codes = useMenuCodes();
  const user = useSessionStore((state) => state.user);
  const name = user?.name || user?.userName || '';

  // Personal center exists once its module registers /user/userinfo.
  const hasUserInfo = userInfoRoute?.def.element !== undefined && isPermitted(userInfoRoute, codes);
  const items: MenuProps['items'] = [
    ...(hasUserInfo ? [{ key: 'personal', icon: <UserOutlined />, label: t('layout.personalCenter') }, { type: 'divider' as const }] : []),
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') },
  ];

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
