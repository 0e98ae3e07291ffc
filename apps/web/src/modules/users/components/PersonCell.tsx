import { Avatar, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { avatarColorOf, initialOf } from '@/shared/utils/companyLogo';

interface PersonCellProps {
  name: string;
  userName: string;
  isSelf?: boolean;
}

/** A person in a table: initial avatar, display name, @user name, and "me" for the current user. */
export function PersonCell({ name, userName, isSelf = false }: PersonCellProps) {
  const { t } = useTranslation('users');
  return (
    <span className="sd-person">
      <Avatar size={32} style={{ backgroundColor: avatarColorOf(userName) }} aria-hidden="true">
        {initialOf(name || userName)}
      </Avatar>
      <span className="sd-person__text">
        <span className="sd-person__name">
          {name || userName}
          {isSelf && (
            <Tag color="blue" className="sd-person__me">
              {t('me')}
            </Tag>
          )}
        </span>
        <span className="sd-person__user-name">@{userName}</span>
      </span>
    </span>
  );
}
