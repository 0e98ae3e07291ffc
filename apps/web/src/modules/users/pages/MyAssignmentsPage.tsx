import { Button, Card, Empty, Table, Tag, type TableColumnsType } from 'antd';
import { AlertOutlined, ScheduleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AssignmentItem } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useMyAssignmentsQuery } from '../api/getMyAssignments';
import '../users.css';

/**
 * /user/myassignmentanze (pc_my_assignment): tasks and alarms assigned to the current user. The
 * task and alarm modules fill the list; until then it is empty and says what will appear.
 */
export function MyAssignmentsPage() {
  const { t } = useTranslation('users');
  const assignments = useMyAssignmentsQuery();

  const columns: TableColumnsType<AssignmentItem> = [
    {
      title: t('assignments.columns.kind'),
      dataIndex: 'kind',
      key: 'kind',
      width: 110,
      render: (kind: AssignmentItem['kind']) =>
        kind === 'alarm' ? (
          <Tag color="red" icon={<AlertOutlined />}>
            {t('assignments.kind.alarm')}
          </Tag>
        ) : (
          <Tag color="blue" icon={<ScheduleOutlined />}>
            {t('assignments.kind.task')}
          </Tag>
        ),
    },
    {
      title: t('assignments.columns.title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string, item) => (item.link ? <Link to={item.link}>{title}</Link> : title),
    },
    { title: t('assignments.columns.status'), dataIndex: 'status', key: 'status', width: 140 },
    { title: t('assignments.columns.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 180, className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
  ];

  return (
    <div className="sd-page">
      <PageHeader title={t('assignments.title')} description={t('assignments.description')} />
      <Card>
        <Table<AssignmentItem>
          rowKey={(item) => `${item.kind}:${String(item.id)}`}
          columns={columns}
          dataSource={assignments.data?.list}
          loading={assignments.isPending}
          pagination={(assignments.data?.total ?? 0) > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          scroll={{ x: 640 }}
          locale={{
            emptyText: assignments.isError ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('loadFailed')}>
                <Button onClick={() => void assignments.refetch()}>{t('retry')}</Button>
              </Empty>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('assignments.empty')}>
                <p className="sd-page__empty-hint">{t('assignments.emptyHint')}</p>
              </Empty>
            ),
          }}
        />
      </Card>
    </div>
  );
}
