import { useMemo, useState } from 'react';
import { Button, Card, Empty, Select, Table, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { runStates, taskPermission, taskTypes, type RunState, type RunView, type TaskType } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAnalysesQuery } from '../api/analyses';
import type { RunListParams } from '../api/keys';
import { useRunsQuery } from '../api/runs';
import { RunStateTag } from '../components/RunStateTag';
import { runDuration } from '../lib/display';
import { taskText } from '../lib/texts';
import '../tasks.css';

type Filters = Pick<RunListParams, 'taskType' | 'taskId' | 'state'>;

/**
 * /taskmanagement/tasklog: the task log (sa_task_log) — every run, newest first, with its
 * scheduled time, start, end, duration, state and value, or why it failed in the user's language;
 * each with its task's type (analysis, rule, executable, scheduled) and why it ran (schedule, run
 * now, late value, new record); filtered by type, analysis and state, paged.
 */
export function TaskLogPage() {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const codes = useMenuCodes();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const runs = useRunsQuery({ ...filters, ...page });
  // Task names come from the analysis list (sa_task_define or sa_task_log may read it: silent when refused).
  const analyses = useAnalysesQuery({ silent: true, enabled: codes.has(taskPermission.define) || codes.has(taskPermission.log) });
  const names = useMemo(() => new Map((analyses.data ?? []).map((a) => [a.id, a.name])), [analyses.data]);
  const filtered = Object.values(filters).some((value) => value !== undefined);

  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((old) => ({ ...old, [key]: value }));
    setPage((old) => ({ ...old, pageNum: 1 }));
  };

  const columns: TableColumnsType<RunView> = [
    {
      title: t('log.columns.taskType'),
      dataIndex: 'taskType',
      key: 'taskType',
      width: 120,
      render: (type: TaskType | undefined, run) => (
        <div className="sd-task-cell">
          <span>{taskText(`task.type.${type ?? 'analysis'}`, locale)}</span>
          {run.kind && <span className="sd-muted">{taskText(`task.kind.${run.kind}`, locale)}</span>}
        </div>
      ),
    },
    {
      title: t('columns.task'),
      key: 'task',
      width: 170,
      render: (_value, run) => {
        const name = run.taskName || names.get(run.taskId);
        return name ? <strong>{name}</strong> : <Typography.Text type="secondary">{t('log.deletedTask', { id: run.taskId })}</Typography.Text>;
      },
    },
    { title: t('columns.scheduledFor'), dataIndex: 'scheduledFor', key: 'scheduledFor', width: 170, className: 'sd-nowrap', render: (time: number) => formatDateTime(time) },
    { title: t('columns.startedAt'), dataIndex: 'startedAt', key: 'startedAt', width: 170, className: 'sd-nowrap', render: (time: number | null) => formatDateTime(time) },
    { title: t('columns.endedAt'), dataIndex: 'endedAt', key: 'endedAt', width: 170, className: 'sd-nowrap', render: (time: number | null) => formatDateTime(time) },
    {
      title: t('columns.duration'),
      key: 'duration',
      width: 100,
      align: 'right',
      className: 'sd-nowrap',
      render: (_value, run) => {
        const duration = runDuration(run.startedAt, run.endedAt);
        return duration ? t(`duration.${duration.unit}`, { count: duration.count }) : '—';
      },
    },
    { title: t('columns.state'), dataIndex: 'state', key: 'state', width: 100, render: (state: RunState) => <RunStateTag state={state} /> },
    {
      title: t('columns.result'),
      key: 'result',
      render: (_value, run) =>
        run.error ? (
          <Typography.Text type={run.state === 'skipped' ? 'secondary' : 'danger'}>{taskText(run.error, locale)}</Typography.Text>
        ) : run.value !== null ? (
          <strong>{run.value}</strong>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('log.title')}
        description={t('log.description')}
        actions={
          <Button icon={<ReloadOutlined />} loading={runs.isFetching && !runs.isPending} onClick={() => void runs.refetch()}>
            {t('log.refresh')}
          </Button>
        }
      />
      <Card>
        <div className="sd-page__toolbar sd-task-filters">
          <Select
            allowClear
            aria-label={t('log.filterType')}
            placeholder={t('log.allTypes')}
            className="sd-task-filters__state"
            value={filters.taskType}
            onChange={(value?: TaskType) => {
              setFilters((old) => ({ ...old, taskType: value, taskId: value === 'analysis' || value === undefined ? old.taskId : undefined }));
              setPage((old) => ({ ...old, pageNum: 1 }));
            }}
            options={taskTypes.map((type) => ({ value: type, label: taskText(`task.type.${type}`, locale) }))}
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            disabled={filters.taskType !== undefined && filters.taskType !== 'analysis'}
            aria-label={t('log.filterTask')}
            placeholder={t('log.allTasks')}
            className="sd-task-filters__task"
            value={filters.taskId}
            loading={analyses.isPending && analyses.fetchStatus !== 'idle'}
            onChange={(value?: number) => setFilter('taskId', value)}
            options={(analyses.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          />
          <Select
            allowClear
            aria-label={t('log.filterState')}
            placeholder={t('log.allStates')}
            className="sd-task-filters__state"
            value={filters.state}
            onChange={(value?: RunState) => setFilter('state', value)}
            options={runStates.map((state) => ({ value: state, label: taskText(`task.run.${state}`, locale) }))}
          />
        </div>
        <Table<RunView>
          rowKey="id"
          columns={columns}
          dataSource={runs.data?.list ?? []}
          loading={runs.isFetching && runs.isPending}
          scroll={{ x: 1100 }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: runs.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('log.total', { count }),
            onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
          }}
          locale={{
            emptyText: runs.isPending ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('log.emptyFiltered') : t('log.empty')}>
                {!filtered && <p className="sd-page__empty-hint">{t('log.emptyHint')}</p>}
              </Empty>
            ),
          }}
        />
      </Card>
    </div>
  );
}
