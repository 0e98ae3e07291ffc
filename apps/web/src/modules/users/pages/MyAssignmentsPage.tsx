import { Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { AlertOutlined, ScheduleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AssignmentItem } from '@smartdata/domain';
import { ListEmpty } from '@/shared/components/list/ListEmpty';
import { timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { DeliveriesCard } from '@/modules/reports/components/DeliveriesCard';
import { useMyAssignmentsQuery } from '../api/getMyAssignments';
import '../users.css';

const levelColors: Record<number, string> = { 1: 'gold', 2: 'orange', 3: 'red' };

/**
 * /user/myassignmentanze (pc_my_assignment): what is waiting for the current user in the current
 * company (docs/assignments.md) — active unacknowledged alarms they may see, and executable tasks
 * they may run — each with a link to where it is handled.
 */
export function MyAssignmentsPage() {
  const { t } = useTranslation('users');
  const assignments = useMyAssignmentsQuery();
  const codes = useMenuCodes();
  const counts = assignments.data?.counts ?? { alarm: 0, task: 0 };

  const columns: TableColumnsType<AssignmentItem> = [
    {
      title: t('assignments.columns.kind'),
      dataIndex: 'kind',
      key: 'kind',
      width: 100,
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
      render: (title: string, item) => (
        <span className="sd-assignments__title">
          {item.link ? <Link to={item.link}>{title}</Link> : title}
          {item.detail && <Typography.Text type="secondary">{item.detail}</Typography.Text>}
        </span>
      ),
    },
    {
      title: t('assignments.columns.status'),
      dataIndex: 'status',
      key: 'status',
      width: 170,
      render: (status: string, item) => (
        <Space size={4} wrap>
          {item.level !== null && <Tag color={levelColors[item.level] ?? 'default'}>{t('assignments.level', { level: item.level })}</Tag>}
          <span>{t(`assignments.status.${status}`, { defaultValue: status })}</span>
        </Space>
      ),
    },
    timeColumn(t('assignments.columns.createdAt'), 'createdAt'),
    {
      title: t('assignments.columns.action'),
      key: 'action',
      width: 110,
      render: (_value, item) =>
        item.link ? (
          <Link to={item.link} aria-label={`${t(item.kind === 'alarm' ? 'assignments.handle' : 'assignments.run')} ${item.title}`}>
            {t(item.kind === 'alarm' ? 'assignments.handle' : 'assignments.run')}
          </Link>
        ) : null,
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader title={t('assignments.title')} description={t('assignments.description')} />
      <Card>
        <div className="sd-assignments__summary" aria-live="polite">
          <Tag color="red" icon={<AlertOutlined />}>
            {t('assignments.counts.alarm', { count: counts.alarm })}
          </Tag>
          <Tag color="blue" icon={<ScheduleOutlined />}>
            {t('assignments.counts.task', { count: counts.task })}
          </Tag>
        </div>
        <Table<AssignmentItem>
          rowKey={(item) => `${item.kind}:${String(item.id)}`}
          columns={columns}
          dataSource={assignments.data?.list}
          loading={assignments.isPending}
          pagination={(assignments.data?.list.length ?? 0) > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          scroll={{ x: 720 }}
          locale={{
            emptyText: (
              <ListEmpty
                texts={{ empty: t('assignments.empty'), hint: t('assignments.emptyHint'), loadFailed: t('loadFailed') }}
                pending={false}
                failed={assignments.isError}
                filtered={false}
                onRetry={() => void assignments.refetch()}
              />
            ),
          }}
        />
      </Card>
      {/* Delivered scheduled reports (issue 17) of the templates the user may read. */}
      {codes.has('sd_capsule') && <DeliveriesCard />}
    </div>
  );
}
