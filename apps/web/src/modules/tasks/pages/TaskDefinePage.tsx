import { useState } from 'react';
import { Typography, type TableColumnsType } from 'antd';
import { CaretRightOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnalysisView, AddAnalysisRequest } from '@smartdata/domain';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, switchColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useEditDialog } from '@/shared/hooks/useEditDialog';
import { useLocale } from '@/shared/i18n/useLocale';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAddAnalysisMutation, useAnalysesQuery, useDeleteAnalysisMutation, useUpdateAnalysisMutation } from '../api/analyses';
import { useRunNowMutation, type RunResult } from '../api/runs';
import { AnalysisFormModal } from '../components/AnalysisFormModal';
import { RunResultModal } from '../components/RunResultModal';
import { RunStateTag } from '../components/RunStateTag';
import { ScheduleText } from '../components/ScheduleText';
import { useAnalysisNames } from '../components/useAnalysisNames';
import { analysisFormValues, analysisRequestOf, newAnalysisValues } from '../lib/analysisForm';
import { fieldRefText, phoneColumns, sourceKey, sourceText } from '../lib/display';
import { methodText, taskText } from '../lib/texts';
import '../tasks.css';

interface Shown {
  analysis: AnalysisView;
  dryRun: boolean;
  result: RunResult;
}

/**
 * /taskmanagement/taskdefine: the smart analyses (sa_task_define), added and edited in a dialog;
 * each can be previewed (a dry run: the value it would write) or run now.
 */
export function TaskDefinePage() {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const timeZone = useCompanyTimeZone();
  const analyses = useAnalysesQuery();
  const [shown, setShown] = useState<Shown | null>(null);
  const [running, setRunning] = useState<{ id: number; dryRun: boolean } | null>(null);
  const addAnalysis = useAddAnalysisMutation();
  const updateAnalysis = useUpdateAnalysisMutation();
  const deleteAnalysis = useDeleteAnalysisMutation();
  const runNow = useRunNowMutation();
  const dialog = useEditDialog(addAnalysis, updateAnalysis, (analysis: AnalysisView, request: AddAnalysisRequest) => ({ id: analysis.id, ...request }));
  const names = useAnalysisNames(analyses.data ?? []);

  const handleToggle = (analysis: AnalysisView, enabled: boolean) => {
    void updateAnalysis.mutateAsync({ id: analysis.id, ...analysisRequestOf(analysisFormValues(analysis, timeZone), timeZone), enabled }).catch(() => undefined);
  };

  const handleRun = async (analysis: AnalysisView, dryRun: boolean) => {
    setRunning({ id: analysis.id, dryRun });
    try {
      const result = await runNow.mutateAsync({ id: analysis.id, dryRun });
      setShown({ analysis, dryRun, result });
    } catch {
      // Shown by the API client.
    } finally {
      setRunning(null);
    }
  };

  const columns: TableColumnsType<AnalysisView> = [
    {
      title: t('columns.name'),
      dataIndex: 'name',
      key: 'name',
      width: 150,
      render: (name: string, analysis) => (
        <Link to={`/taskmanagement/taskdefine/taskconfig/${analysis.id}`}>
          <strong>{name}</strong>
        </Link>
      ),
    },
    {
      // The type (spec §3: data item or meter) under the method, so that the table fits 1440 px (issue 31.14).
      title: t('columns.typeMethod'),
      dataIndex: 'method',
      key: 'method',
      width: 150,
      render: (method: string, analysis) => (
        <div className="sd-task-cell">
          <span>{methodText(method, locale)}</span>
          <span className="sd-muted">{taskText(`task.analysisType.${analysis.type}`, locale)}</span>
        </div>
      ),
    },
    {
      title: t('columns.flow'),
      key: 'flow',
      width: 200,
      render: (_value, analysis) => (
        <div className="sd-task-cell">
          {[analysis.source, ...analysis.sources].map((ref) => (
            <span key={sourceKey(ref)}>{sourceText(ref, names)}</span>
          ))}
          {analysis.sources.length > 0 && analysis.aggregate && <span className="sd-muted">{t(`aggregate.${analysis.aggregate}`)}</span>}
          <span className="sd-task-target">→ {fieldRefText(analysis.target, names)}</span>
        </div>
      ),
    },
    { title: t('columns.schedule'), key: 'schedule', width: 180, render: (_value, analysis) => <ScheduleText schedule={analysis.schedule} nextRun={analysis.nextRun} enabled={analysis.enabled} /> },
    switchColumn(t('columns.enabled'), 'enabled', { onChange: handleToggle, label: (analysis) => t('define.toggle', { name: analysis.name }) }, { width: 80 }),
    {
      title: t('columns.lastRun'),
      key: 'lastRun',
      width: 170,
      render: (_value, analysis) =>
        analysis.lastRun ? (
          <div className="sd-task-cell sd-task-last-run">
            <span>
              <RunStateTag state={analysis.lastRun.state} />
              {analysis.lastRun.value !== null && <strong>{analysis.lastRun.value}</strong>}
            </span>
            <span className="sd-muted">{formatDateTime(analysis.lastRun.endedAt)}</span>
          </div>
        ) : (
          <Typography.Text type="secondary">{t('define.noRun')}</Typography.Text>
        ),
    },
    actionsColumn(
      t('columns.actions'),
      (analysis) => [
        {
          key: 'preview',
          label: t('actions.preview'),
          icon: <EyeOutlined />,
          loading: running?.id === analysis.id && running.dryRun,
          disabled: running !== null,
          onClick: () => void handleRun(analysis, true),
          ariaLabel: t('actions.previewNamed', { name: analysis.name }),
        },
        {
          key: 'run',
          label: t('actions.runNow'),
          icon: <CaretRightOutlined />,
          loading: running?.id === analysis.id && !running.dryRun,
          disabled: running !== null,
          onClick: () => void handleRun(analysis, false),
          ariaLabel: t('actions.runNowNamed', { name: analysis.name }),
        },
        { kind: 'edit', name: analysis.name, onClick: () => dialog.edit(analysis) },
        {
          kind: 'delete',
          name: analysis.name,
          confirm: { title: t('deleteTask.title', { name: analysis.name }), content: t('deleteTask.content'), onDelete: () => deleteAnalysis.mutateAsync(analysis.id) },
        },
      ],
      { width: 180, fixed: 'right', wrap: true },
    ),
  ];

  const editing = dialog.row;
  return (
    <div className="sd-page">
      <PageHeader title={t('define.title')} description={t('define.description')} actions={<AddButton label={t('actions.add')} onClick={dialog.create} />} />
      <ListCard<AnalysisView> columns={columns} query={analyses} scrollX={1110} phoneKeys={phoneColumns}
        texts={{ search: t('define.search'), empty: t('define.empty'), noMatch: t('define.emptySearch'), hint: t('define.emptyHint') }}
      />
      {dialog.open && (
        <AnalysisFormModal
          {...dialog.modal}
          title={editing ? t('form.editTitle', { name: editing.name }) : t('form.createTitle')}
          initialValues={editing ? analysisFormValues(editing, timeZone) : newAnalysisValues()}
        />
      )}
      {shown && (
        <RunResultModal name={shown.analysis.name} dryRun={shown.dryRun} result={shown.result} targetText={fieldRefText(shown.analysis.target, names)} onClose={() => setShown(null)} />
      )}
    </div>
  );
}
