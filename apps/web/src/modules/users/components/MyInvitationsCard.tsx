import { App, Button, Card, Empty, List, Popconfirm, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvitationItem } from '@smartdata/domain';
import { useSwitchCompany } from '../hooks/useSwitchCompany';
import { CompanyLogo } from '@/shared/components/CompanyLogo';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAgreeInvitationMutation } from '../api/agreeInvitation';
import { useMyInvitationsQuery } from '../api/getMyInvitations';
import { useRefuseInvitationMutation } from '../api/refuseInvitation';

/**
 * Invitations waiting for the user's answer. Agreeing makes them a member of that company (with
 * the roles the invitation named) and offers to switch to it right away.
 */
export function MyInvitationsCard() {
  const { t } = useTranslation(['users', 'texts', 'common']);
  const { message, modal } = App.useApp();
  const invitations = useMyInvitationsQuery();
  const agree = useAgreeInvitationMutation();
  const refuse = useRefuseInvitationMutation();
  const switchCompany = useSwitchCompany();

  const handleAgree = (invitation: InvitationItem) => {
    agree.mutate(invitation.id, {
      onSuccess: ({ companyId }) => {
        void message.success(t('texts:operationSuccess'));
        modal.confirm({
          title: t('myInvitations.joined', { company: invitation.companyName }),
          content: t('myInvitations.switchNow'),
          okText: t('common:layout.switchCompanyOk'),
          cancelText: t('myInvitations.later'),
          onOk: () => switchCompany.mutateAsync(companyId).catch(() => undefined),
        });
      },
    });
  };

  const list = invitations.data ?? [];
  return (
    <Card title={t('myInvitations.title')} className="sd-userinfo__card" extra={list.length > 0 ? <span className="sd-muted">{t('myInvitations.count', { count: list.length })}</span> : null}>
      {invitations.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myInvitations.empty')}>
          <p className="sd-page__empty-hint">{t('myInvitations.emptyHint')}</p>
        </Empty>
      ) : (
        <List<InvitationItem>
          dataSource={list}
          renderItem={(invitation) => (
            <List.Item
              actions={[
                <Button
                  key="agree"
                  type="primary"
                  size="small"
                  loading={agree.isPending && agree.variables === invitation.id}
                  disabled={agree.isPending || refuse.isPending}
                  onClick={() => handleAgree(invitation)}
                >
                  {t('myInvitations.agree')}
                </Button>,
                <Popconfirm
                  key="refuse"
                  title={t('myInvitations.refuseConfirm', { company: invitation.companyName })}
                  okText={t('myInvitations.refuse')}
                  okButtonProps={{ danger: true }}
                  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Popconfirm keeps its OK button loading until the returned promise settles (antd ActionButton)
                  onConfirm={() =>
                    refuse.mutateAsync(invitation.id).then(
                      () => void message.success(t('texts:operationSuccess')),
                      () => undefined,
                    )
                  }
                >
                  <Button size="small" disabled={agree.isPending || refuse.isPending}>
                    {t('myInvitations.refuse')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                avatar={<CompanyLogo name={invitation.companyName} size={36} alt="" />}
                title={invitation.companyName}
                description={t('myInvitations.from', { inviter: invitation.inviterName, time: formatDateTime(invitation.createdAt) })}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
