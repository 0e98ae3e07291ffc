import { useMemo } from 'react';
import { Button, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { runStates, taskPermission, taskTypes, type RunState, type RunView, type TaskType } from '@smartdata/domain';
import { FilterSelect } from '@/shared/components/list/FilterSelect';
import { ListCard } from '@/shared/components/list/ListCard';
import { stateTagColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useLocale } from '@/shared/i18n/useLocale';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useAnalysesQuery } from '../api/analyses';
import type { RunListParams } from '../api/keys';
import { useRunsQuery } from '../api/runs';
import { RunStateTag } from '../components/RunStateTag';
import { runDuration } from '../lib/display';
import { runKindText, taskText } from '../lib/texts';
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
  const paged = usePagedList<Filters>(20);
  const filters = paged.filters;
  const runs = useRunsQuery({ ...filters, pageNum: paged.pageNum, pageSize: paged.pageSize });
  // Task names come from the analysis list (sa_task_define or sa_task_log may read it: silent when refused).
  const analyses = useAnalysesQuery({ silent: true, enabled: codes.has(taskPermission.define) || codes.has(taskPermission.log) });
  const names = useMemo(() => new Map((analyses.data ?? []).map((a) => [a.id, a.name])), [analyses.data]);

  const columns: TableColumnsType<RunView> = [
    {
      title: t('log.columns.taskType'),
      dataIndex: 'taskType',
      key: 'taskType',
      width: 120,
      render: (type: TaskType | undefined, run) => (
        <div className="sd-task-cell">
          <span>{taskText(`task.type.${type ?? 'analysis'}`, locale)}</span>
          {run.kind && <span className="sd-muted">{runKindText(run, locale, t)}</span>}
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
    timeColumn(t('columns.scheduledFor'), 'scheduledFor'),
    timeColumn(t('columns.startedAt'), 'startedAt'),
    timeColumn(t('columns.endedAt'), 'endedAt'),
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
    stateTagColumn(t('columns.state'), 'state', RunStateTag, { width: 100 }),
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
      <ListCard<RunView> columns={columns} query={runs} paged={paged} scrollX={1100}
        loading={runs.isFetching && runs.isPending}
        texts={{ total: (count) => t('log.total', { count }), empty: t('log.empty'), hint: t('log.emptyHint'), noMatch: t('log.emptyFiltered') }}
        filters={
            <div className="sd-page__toolbar sd-task-filters">
              <FilterSelect<TaskType>
                label={t('log.filterType')}
                placeholder={t('log.allTypes')}
                className="sd-task-filters__state"
                value={filters.taskType}
                onChange={(value) => paged.filter({ taskType: value, taskId: value === 'analysis' || value === undefined ? filters.taskId : undefined })}
                options={taskTypes.map((type) => ({ value: type, label: taskText(`task.type.${type}`, locale) }))}
              />
              <FilterSelect<number>
                search
                disabled={filters.taskType !== undefined && filters.taskType !== 'analysis'}
                label={t('log.filterTask')}
                placeholder={t('log.allTasks')}
                className="sd-task-filters__task"
                value={filters.taskId}
                loading={analyses.isPending && analyses.fetchStatus !== 'idle'}
                onChange={(taskId) => paged.filter({ taskId })}
                options={(analyses.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              />
              <FilterSelect<RunState> label={t('log.filterState')} placeholder={t('log.allStates')} className="sd-task-filters__state" value={filters.state} onChange={(state) => paged.filter({ state })} options={runStates.map((state) => ({ value: state, label: taskText(`task.run.${state}`, locale) }))} />
            </div>
        }
      />
    </div>
  );
}
