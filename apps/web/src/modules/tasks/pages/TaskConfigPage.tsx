import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Space, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { CaretRightOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { AnalysisView, RunState, RunView } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { useLocale } from '@/shared/i18n/useLocale';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAnalysesQuery, useUpdateAnalysisMutation } from '../api/analyses';
import { useRunNowMutation, useRunsQuery, type RunResult } from '../api/runs';
import { AnalysisFormModal } from '../components/AnalysisFormModal';
import { RunResultModal } from '../components/RunResultModal';
import { RunStateTag } from '../components/RunStateTag';
import { ScheduleText } from '../components/ScheduleText';
import { useAnalysisNames } from '../components/useAnalysisNames';
import { analysisFormValues, analysisRequestOf } from '../lib/analysisForm';
import { fieldRefText, sourceKey, sourceText } from '../lib/display';
import { methodText, runKindText, taskText } from '../lib/texts';
import { BackButton, PageSkeleton } from '../components/PageParts';
import '../tasks.css';

const LIST_PATH = '/taskmanagement/taskdefine';

/**
 * /taskmanagement/taskdefine/taskconfig/{taskId} (sa_task_define): one smart analysis on a page —
 * its settings (edited in the analysis dialog), preview and run now, and its runs.
 */
export function TaskConfigPage() {
  const { t } = useTranslation('tasks');
  const { taskId } = useParams();
  const analyses = useAnalysesQuery();
  const analysis = analyses.data?.find((a) => a.id === Number(taskId));
  const back = <BackButton to={LIST_PATH} label={t('config.back')} />;
  if (analyses.isPending) {
    return <PageSkeleton />;
  }
  if (!analysis) {
    return (
      <div className="sd-page">
        <PageHeader title={t('config.title')} actions={back} />
        <Alert type="warning" showIcon title={t('config.notFound')} />
      </div>
    );
  }
  return <AnalysisConfig analysis={analysis} back={back} />;
}

function AnalysisConfig({ analysis, back }: { analysis: AnalysisView; back: React.ReactNode }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const timeZone = useCompanyTimeZone();
  const names = useAnalysisNames([analysis]);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const runs = useRunsQuery({ taskId: analysis.id, taskType: 'analysis', ...page });
  const runNow = useRunNowMutation();
  const updateAnalysis = useUpdateAnalysisMutation();
  const { save } = useListActions();
  const [editing, setEditing] = useState(false);
  const [running, setRunning] = useState<boolean | null>(null);
  const [shown, setShown] = useState<{ dryRun: boolean; result: RunResult } | null>(null);

  const handleRun = async (dryRun: boolean) => {
    setRunning(dryRun);
    try {
      setShown({ dryRun, result: await runNow.mutateAsync({ id: analysis.id, dryRun }) });
    } catch {
      // Shown by the API client.
    } finally {
      setRunning(null);
    }
  };

  const columns: TableColumnsType<RunView> = [
    { title: t('columns.scheduledFor'), dataIndex: 'scheduledFor', key: 'scheduledFor', width: 170, render: (time: number) => formatDateTime(time) },
    { title: t('log.columns.kind'), dataIndex: 'kind', key: 'kind', width: 110, render: (kind: RunView['kind'] | undefined, run) => (kind ? runKindText(run, locale, t) : '—') },
    { title: t('columns.endedAt'), dataIndex: 'endedAt', key: 'endedAt', width: 170, render: (time: number | null) => formatDateTime(time) },
    { title: t('columns.state'), dataIndex: 'state', key: 'state', width: 100, render: (state: RunState) => <RunStateTag state={state} /> },
    {
      title: t('columns.result'),
      key: 'result',
      render: (_value, run) =>
        run.error ? <Typography.Text type={run.state === 'skipped' ? 'secondary' : 'danger'}>{taskText(run.error, locale)}</Typography.Text> : run.value !== null ? <strong>{run.value}</strong> : '—',
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={analysis.name}
        description={t('config.description')}
        actions={
          <Space wrap>
            {back}
            <Button icon={<EyeOutlined />} loading={running === true} disabled={running !== null} onClick={() => void handleRun(true)}>
              {t('actions.preview')}
            </Button>
            <Button icon={<CaretRightOutlined />} loading={running === false} disabled={running !== null} onClick={() => void handleRun(false)}>
              {t('actions.runNow')}
            </Button>
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('actions.edit')}
            </Button>
          </Space>
        }
      />
      <Card title={t('config.settings')} className="sd-task-config__card">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('columns.enabled')}>
            <Switch
              size="small"
              checked={analysis.enabled}
              aria-label={t('define.toggle', { name: analysis.name })}
              onChange={(enabled) => void updateAnalysis.mutateAsync({ id: analysis.id, ...analysisRequestOf(analysisFormValues(analysis, timeZone), timeZone), enabled }).catch(() => undefined)}
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.type')}>{taskText(`task.analysisType.${analysis.type}`, locale)}</Descriptions.Item>
          <Descriptions.Item label={t('columns.method')}>{methodText(analysis.method, locale)}</Descriptions.Item>
          <Descriptions.Item label={t('columns.schedule')}>
            <ScheduleText schedule={analysis.schedule} nextRun={analysis.nextRun} enabled={analysis.enabled} />
          </Descriptions.Item>
          <Descriptions.Item label={t('form.sources')}>
            <div className="sd-task-cell">
              {[analysis.source, ...analysis.sources].map((ref) => (
                <span key={sourceKey(ref)}>{sourceText(ref, names)}</span>
              ))}
              {analysis.sources.length > 0 && analysis.aggregate && <span className="sd-muted">{t(`aggregate.${analysis.aggregate}`)}</span>}
            </div>
          </Descriptions.Item>
          <Descriptions.Item label={t('form.targetField')}>{fieldRefText(analysis.target, names)}</Descriptions.Item>
          <Descriptions.Item label={t('form.decimals')}>{analysis.decimals}</Descriptions.Item>
          {analysis.range && <Descriptions.Item label={t('form.range')}>{`${formatDateTime(analysis.range.from)} – ${formatDateTime(analysis.range.to)}`}</Descriptions.Item>}
          <Descriptions.Item label={t('form.missedRuns')}>{t(`missed.${analysis.missedRuns}`)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('config.runs')}>
        <Table<RunView>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={runs.data?.list ?? []}
          loading={runs.isFetching && runs.isPending}
          scroll={{ x: 800 }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: runs.data?.total ?? 0,
            hideOnSinglePage: true,
            showTotal: (count) => t('log.total', { count }),
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
          locale={{ emptyText: runs.isPending ? ' ' : t('config.noRuns') }}
        />
      </Card>
      {editing && (
        <AnalysisFormModal
          title={t('form.editTitle', { name: analysis.name })}
          initialValues={analysisFormValues(analysis, timeZone)}
          saving={updateAnalysis.isPending}
          onSubmit={(request) => void save(() => updateAnalysis.mutateAsync({ id: analysis.id, ...request }), () => setEditing(false))}
          onCancel={() => setEditing(false)}
        />
      )}
      {shown && <RunResultModal name={analysis.name} dryRun={shown.dryRun} result={shown.result} targetText={fieldRefText(analysis.target, names)} onClose={() => setShown(null)} />}
    </div>
  );
}
