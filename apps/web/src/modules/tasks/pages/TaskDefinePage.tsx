import { useMemo, useState } from 'react';
import { Button, Space, Switch, Typography, type TableColumnsType } from 'antd';
import { CaretRightOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnalysisView } from '@smartdata/domain';
import { useDataItemListQuery } from '@/modules/data-items/api/getDataItemList';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { useLocale } from '@/shared/i18n/useLocale';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { filterByName } from '@/shared/utils/filterByName';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAddAnalysisMutation, useAnalysesQuery, useDeleteAnalysisMutation, useUpdateAnalysisMutation } from '../api/analyses';
import { useRunNowMutation, type RunResult } from '../api/runs';
import { AnalysisFormModal } from '../components/AnalysisFormModal';
import { RunResultModal } from '../components/RunResultModal';
import { RunStateTag } from '../components/RunStateTag';
import { ScheduleText } from '../components/ScheduleText';
import { analysisFormValues, analysisRequestOf, newAnalysisValues } from '../lib/analysisForm';
import { fieldRefText } from '../lib/display';
import { methodText } from '../lib/texts';
import '../tasks.css';

type Editing = { mode: 'create' } | { mode: 'edit'; analysis: AnalysisView };
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
  const items = useDataItemListQuery({});
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [running, setRunning] = useState<{ id: number; dryRun: boolean } | null>(null);
  const addAnalysis = useAddAnalysisMutation();
  const updateAnalysis = useUpdateAnalysisMutation();
  const deleteAnalysis = useDeleteAnalysisMutation();
  const runNow = useRunNowMutation();
  const { save, confirmDelete } = useListActions();
  const rows = useMemo(() => filterByName(analyses.data ?? [], keyword), [analyses.data, keyword]);
  const itemNames = useMemo(() => new Map((items.data?.list ?? []).map((item) => [item.id, item.name])), [items.data]);

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

  const handleDelete = (analysis: AnalysisView) =>
    confirmDelete({
      title: t('deleteTask.title', { name: analysis.name }),
      content: t('deleteTask.content'),
      okText: t('actions.delete'),
      onDelete: () => deleteAnalysis.mutateAsync(analysis.id),
    });

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
    { title: t('columns.method'), dataIndex: 'method', key: 'method', width: 160, render: (method: string) => methodText(method, locale) },
    {
      title: t('columns.flow'),
      key: 'flow',
      width: 210,
      render: (_value, analysis) => (
        <div className="sd-task-cell">
          {[analysis.source, ...analysis.sources].map((ref) => (
            <span key={`${ref.itemId}:${ref.fieldName}`}>{fieldRefText(ref, itemNames)}</span>
          ))}
          {analysis.sources.length > 0 && analysis.aggregate && <span className="sd-muted">{t(`aggregate.${analysis.aggregate}`)}</span>}
          <span className="sd-task-target">→ {fieldRefText(analysis.target, itemNames)}</span>
        </div>
      ),
    },
    { title: t('columns.schedule'), key: 'schedule', width: 200, render: (_value, analysis) => <ScheduleText schedule={analysis.schedule} nextRun={analysis.nextRun} enabled={analysis.enabled} /> },
    {
      title: t('columns.enabled'),
      dataIndex: 'enabled',
      key: 'enabled',
      width: 80,
      className: 'sd-nowrap',
      render: (enabled: boolean, analysis) => <Switch size="small" checked={enabled} onChange={(checked) => handleToggle(analysis, checked)} aria-label={t('define.toggle', { name: analysis.name })} />,
    },
    {
      title: t('columns.lastRun'),
      key: 'lastRun',
      width: 170,
      render: (_value, analysis) =>
        analysis.lastRun ? (
          <div className="sd-task-cell">
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
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_value, analysis) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined />}
            loading={running?.id === analysis.id && running.dryRun}
            disabled={running !== null}
            onClick={() => void handleRun(analysis, true)}
            aria-label={t('actions.previewNamed', { name: analysis.name })}
          >
            {t('actions.preview')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<CaretRightOutlined />}
            loading={running?.id === analysis.id && !running.dryRun}
            disabled={running !== null}
            onClick={() => void handleRun(analysis, false)}
            aria-label={t('actions.runNowNamed', { name: analysis.name })}
          >
            {t('actions.runNow')}
          </Button>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', analysis })} aria-label={t('actions.editNamed', { name: analysis.name })}>
            {t('actions.edit')}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => handleDelete(analysis)} aria-label={t('actions.deleteNamed', { name: analysis.name })}>
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('define.title')}
        description={t('define.description')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
            {t('actions.add')}
          </Button>
        }
      />
      <ListCard<AnalysisView>
        rowKey="id"
        columns={columns}
        rows={rows}
        loading={analyses.isFetching}
        pending={analyses.isPending}
        keyword={keyword}
        searchPlaceholder={t('define.search')}
        onSearch={setKeyword}
        empty={{ text: t('define.empty'), searchText: t('define.emptySearch'), hint: t('define.emptyHint') }}
        scrollX={1110}
      />
      {editing && (
        <AnalysisFormModal
          title={editing.mode === 'edit' ? t('form.editTitle', { name: editing.analysis.name }) : t('form.createTitle')}
          initialValues={editing.mode === 'edit' ? analysisFormValues(editing.analysis, timeZone) : newAnalysisValues()}
          saving={addAnalysis.isPending || updateAnalysis.isPending}
          onSubmit={(request) =>
            void save(() => (editing.mode === 'edit' ? updateAnalysis.mutateAsync({ id: editing.analysis.id, ...request }) : addAnalysis.mutateAsync(request)), () => setEditing(null))
          }
          onCancel={() => setEditing(null)}
        />
      )}
      {shown && (
        <RunResultModal name={shown.analysis.name} dryRun={shown.dryRun} result={shown.result} targetText={fieldRefText(shown.analysis.target, itemNames)} onClose={() => setShown(null)} />
      )}
    </div>
  );
}
