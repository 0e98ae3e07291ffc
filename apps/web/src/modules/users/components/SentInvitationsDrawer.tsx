import { App, Button, Drawer, Empty, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SentInvitationItem } from '@smartdata/domain';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useCancelInvitationMutation } from '../api/cancelInvitation';
import { useInvitationListQuery } from '../api/getInvitationList';
import { PersonCell } from './PersonCell';

const statusColors: Record<SentInvitationItem['status'], string> = {
  pending: 'processing',
  agreed: 'success',
  refused: 'error',
  cancelled: 'default',
};

/** The invitations the company sent, newest first; pending ones can be withdrawn. */
export function SentInvitationsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['users', 'texts']);
  const { message } = App.useApp();
  const invitations = useInvitationListQuery(open);
  const cancel = useCancelInvitationMutation();

  const columns: TableColumnsType<SentInvitationItem> = [
    { title: t('invitations.columns.invitee'), key: 'invitee', render: (_value, item) => <PersonCell name={item.name} userName={item.userName} /> },
    { title: t('invitations.columns.sentAt'), dataIndex: 'createdAt', key: 'createdAt', className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
    {
      title: t('invitations.columns.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: SentInvitationItem['status']) => <Tag color={statusColors[status]}>{t(`invitations.status.${status}`)}</Tag>,
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_value, item) =>
        item.status === 'pending' ? (
          <Popconfirm
            title={t('invitations.cancelConfirm', { name: item.name || item.userName })}
            okText={t('invitations.cancel')}
            okButtonProps={{ danger: true }}
            // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Popconfirm keeps its OK button loading until the returned promise settles (antd ActionButton)
            onConfirm={() =>
              cancel.mutateAsync(item.id).then(
                () => void message.success(t('texts:operationSuccess')),
                () => undefined,
              )
            }
          >
            <Button type="link" size="small" danger>
              {t('invitations.cancel')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Drawer open={open} onClose={onClose} title={t('invitations.title')} size={640} destroyOnHidden>
      <Table<SentInvitationItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={invitations.data}
        loading={invitations.isPending || cancel.isPending}
        pagination={(invitations.data?.length ?? 0) > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('invitations.empty')}>
              <p className="sd-page__empty-hint">{t('invitations.emptyHint')}</p>
            </Empty>
          ),
        }}
      />
    </Drawer>
  );
}
