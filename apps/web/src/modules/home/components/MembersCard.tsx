import { Avatar, Card, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HomeOverview } from '@smartdata/domain';
import { avatarColorOf, initialOf } from '@/shared/utils/companyLogo';

interface MembersCardProps {
  members: NonNullable<HomeOverview['members']>;
  memberCount: number;
  currentUserId: number | string | null;
}

/** A short list of the company's members. */
export function MembersCard({ members, memberCount, currentUserId }: MembersCardProps) {
  const { t } = useTranslation('home');
  return (
    <Card className="sd-members-card" title={t('members.title')} extra={<span className="sd-muted">{t('members.total', { count: memberCount })}</span>}>
      {members.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('members.empty')} />
      ) : (
        <ul className="sd-members" aria-label={t('members.title')}>
          {members.map((member) => {
            const name = member.name || member.userName;
            return (
              <li key={String(member.userId)} className="sd-members__item">
                <Avatar style={{ backgroundColor: avatarColorOf(member.userName) }} aria-hidden="true">
                  {initialOf(name)}
                </Avatar>
                <div className="sd-members__text">
                  <span className="sd-members__name">
                    {name}
                    {String(member.userId) === String(currentUserId) && (
                      <Tag className="sd-members__you" color="blue">
                        {t('members.you')}
                      </Tag>
                    )}
                  </span>
                  <span className="sd-members__username">@{member.userName}</span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
