import { useState } from 'react';
import { App, Button, Input, Tag, type TableColumnsType } from 'antd';
import { CaretRightOutlined, PauseCircleOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { jobTypes, type JobType, type JobView, type RunView } from '@smartdata/domain';
import { useCompanyListQuery } from '@/modules/companies/api/getCompanyList';
import { FilterSelect } from '@/shared/components/list/FilterSelect';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import { usePauseJobMutation, useResumeJobMutation, useRunJobMutation, useJobsQuery } from '../api/jobs';
import type { JobListParams } from '../api/keys';
import { LastRunCell } from '../components/LastRunCell';
import { RunResultModal } from '../components/RunResultModal';
import { ScheduleText } from '../components/ScheduleText';
import { taskText } from '../lib/texts';
import { phoneColumns } from '../lib/display';
import '../tasks.css';

type Filters = Pick<JobListParams, 'companyId' | 'name' | 'type'>;
const jobKey = (job: Pick<JobView, 'type' | 'id'>) => `${job.type}:${job.id}`;

/**
 * /systemMaintenance/systemquartz (system_quartz, platform administrators): the scheduler's jobs of
 * every company — smart analyses and scheduled tasks — with their schedule, next and last run;
 * paused, resumed and run now after a question. Filtered by company, name and type, paged.
 */
export function SystemQuartzPage() {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const { modal, message } = App.useApp();
  const paged = usePagedList<Filters>(20);
  const filters = paged.filters;
  const jobs = useJobsQuery({ ...filters, pageNum: paged.pageNum, pageSize: paged.pageSize });
  const companies = useCompanyListQuery({ pageNum: 1, pageSize: 500, keyword: '' });
  const pauseJob = usePauseJobMutation();
  const resumeJob = useResumeJobMutation();
  const runJob = useRunJobMutation();
  const [shown, setShown] = useState<{ name: string; run: RunView } | null>(null);
  const typeText = (type: JobType) => taskText(type === 'analysis' ? 'task.type.analysis' : 'task.type.scheduled', locale);

  const confirm = (job: JobView, verb: 'pause' | 'resume' | 'run') =>
    void modal.confirm({
      title: t(`quartz.confirm.${verb}`, { name: job.name }),
      content: t(`quartz.confirm.${verb}Content`, { company: job.companyName }),
      okText: t(`quartz.${verb}`),
      autoFocusButton: 'ok',
      onOk: async () => {
        const request = { type: job.type, id: job.id };
        try {
          if (verb === 'pause') {
            await pauseJob.mutateAsync(request);
          } else if (verb === 'resume') {
            await resumeJob.mutateAsync(request);
          } else {
            const run = await runJob.mutateAsync(request);
            if (run) {
              setShown({ name: job.name, run });
            }
          }
          if (verb !== 'run') {
            void message.success(t(`quartz.done.${verb}`));
          }
        } catch {
          // Shown by the API client.
        }
      },
    });

  const columns: TableColumnsType<JobView> = [
    { title: t('quartz.columns.company'), dataIndex: 'companyName', key: 'company', width: 130 },
    { title: t('quartz.columns.type'), dataIndex: 'type', key: 'type', width: 110, render: (type: JobType) => <Tag color={type === 'analysis' ? 'blue' : 'purple'}>{typeText(type)}</Tag> },
    { title: t('quartz.columns.name'), dataIndex: 'name', key: 'name', width: 150, render: (name: string) => <strong>{name}</strong> },
    { title: t('columns.schedule'), key: 'schedule', width: 170, render: (_value, job) => <ScheduleText schedule={job.schedule} nextRun={null} enabled={false} hideNext /> },
    {
      title: t('quartz.columns.status'),
      dataIndex: 'enabled',
      key: 'status',
      width: 90,
      render: (enabled: boolean) => (enabled ? <Tag color="success">{t('quartz.active')}</Tag> : <Tag>{t('quartz.paused')}</Tag>),
    },
    { title: t('quartz.columns.nextRun'), dataIndex: 'nextRun', key: 'nextRun', width: 165, className: 'sd-nowrap', render: (next: number | null, job) => (job.enabled && next !== null ? formatDateTime(next) : '—') },
    { title: t('columns.lastRun'), key: 'lastRun', width: 150, render: (_value, job) => <LastRunCell run={job.lastRun} /> },
    actionsColumn(
      t('columns.actions'),
      (job) => [
        job.enabled
          ? { key: 'pause', label: t('quartz.pause'), icon: <PauseCircleOutlined />, onClick: () => confirm(job, 'pause'), ariaLabel: t('quartz.pauseNamed', { name: job.name }) }
          : { key: 'resume', label: t('quartz.resume'), icon: <PlayCircleOutlined />, onClick: () => confirm(job, 'resume'), ariaLabel: t('quartz.resumeNamed', { name: job.name }) },
        { key: 'run', label: t('quartz.run'), icon: <CaretRightOutlined />, onClick: () => confirm(job, 'run'), ariaLabel: t('actions.runNowNamed', { name: job.name }) },
      ],
      { width: 130, fixed: 'right', wrap: true },
    ),
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('quartz.title')}
        description={t('quartz.description')}
        actions={
          <Button icon={<ReloadOutlined />} loading={jobs.isFetching && !jobs.isPending} onClick={() => void jobs.refetch()}>
            {t('log.refresh')}
          </Button>
        }
      />
      <ListCard<JobView> rowKey={jobKey} columns={columns} query={jobs} paged={paged} scrollX={1100} phoneKeys={phoneColumns}
        loading={jobs.isFetching && jobs.isPending}
        texts={{ total: (count) => t('log.total', { count }), empty: t('quartz.empty'), noMatch: t('quartz.emptyFiltered') }}
        filters={
            <div className="sd-page__toolbar sd-task-filters">
              <FilterSelect<number>
                search
                label={t('quartz.filterCompany')}
                placeholder={t('quartz.allCompanies')}
                className="sd-task-filters__task"
                value={filters.companyId}
                loading={companies.isPending}
                onChange={(companyId) => paged.filter({ companyId })}
                options={(companies.data?.list ?? []).map((c) => ({ value: Number(c.companyId), label: c.displayName }))}
              />
              <Input.Search allowClear aria-label={t('quartz.filterName')} placeholder={t('quartz.filterName')} className="sd-task-filters__task" onSearch={(value) => paged.filter({ name: value.trim() || undefined })} />
              <FilterSelect<JobType> label={t('quartz.filterType')} placeholder={t('quartz.allTypes')} className="sd-task-filters__state" value={filters.type} onChange={(type) => paged.filter({ type })} options={jobTypes.map((type) => ({ value: type, label: typeText(type) }))} />
            </div>
        }
      />
      {shown && <RunResultModal name={shown.name} dryRun={false} result={shown.run} onClose={() => setShown(null)} />}
    </div>
  );
}
