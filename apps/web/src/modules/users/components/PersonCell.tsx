import { Avatar, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { initialOf } from '@/shared/utils/companyLogo';

const palette = ['#1677ff', '#13a8a8', '#722ed1', '#d46b08', '#389e0d', '#c41d7f'];

function colorOf(key: string): string {
  let hash = 0;
  for (const char of key) {
    hash = (hash * 31 + char.charCodeAt(0)) | 0;
  }
  return palette[Math.abs(hash) % palette.length];
}

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
      <Avatar size={32} style={{ backgroundColor: colorOf(userName) }} aria-hidden="true">
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
