import { useMemo, useState } from 'react';
import { Button, Space, Switch, Typography, type TableColumnsType } from 'antd';
import { CaretRightOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RunView, ScheduledView } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { filterByName } from '@/shared/utils/filterByName';
import { useExecutablesQuery } from '../api/executables';
import { useAddScheduledMutation, useDeleteScheduledMutation, useRunScheduledMutation, useScheduledQuery, useUpdateScheduledMutation } from '../api/scheduled';
import { LastRunCell } from '../components/LastRunCell';
import { RunResultModal } from '../components/RunResultModal';
import { ScheduledFormModal } from '../components/ScheduledFormModal';
import { ScheduleText } from '../components/ScheduleText';
import { newScheduledValues, scheduledFormValues } from '../lib/scheduledForm';
import '../tasks.css';

type Editing = { mode: 'create' } | { mode: 'edit'; task: ScheduledView };

/**
 * /taskmanagement/scheduledtask (sa_scheduled_task): executable tasks on a schedule (cron or once),
 * with their next and last run; added and edited in a dialog, run now on demand.
 */
export function ScheduledTasksPage() {
  const { t } = useTranslation('tasks');
  const timeZone = useCompanyTimeZone();
  const scheduled = useScheduledQuery();
  const executables = useExecutablesQuery({ silent: true });
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [running, setRunning] = useState<number | null>(null);
  const [shown, setShown] = useState<{ name: string; run: RunView } | null>(null);
  const addScheduled = useAddScheduledMutation();
  const updateScheduled = useUpdateScheduledMutation();
  const deleteScheduled = useDeleteScheduledMutation();
  const runScheduled = useRunScheduledMutation();
  const { save, confirmDelete } = useListActions();
  const rows = useMemo(() => filterByName(scheduled.data ?? [], keyword), [scheduled.data, keyword]);

  const handleToggle = (task: ScheduledView, enabled: boolean) => {
    const { id, name, executableId, schedule, missedRuns } = task;
    void updateScheduled.mutateAsync({ id, name, executableId, schedule, missedRuns, enabled }).catch(() => undefined);
  };

  const handleRun = async (task: ScheduledView) => {
    setRunning(task.id);
    try {
      const run = await runScheduled.mutateAsync(task.id);
      if (run) {
        setShown({ name: task.name, run });
      }
    } catch {
      // Shown by the API client.
    } finally {
      setRunning(null);
    }
  };

  const handleDelete = (task: ScheduledView) =>
    confirmDelete({
      title: t('scheduled.deleteTitle', { name: task.name }),
      content: t('scheduled.deleteContent'),
      okText: t('actions.delete'),
      onDelete: () => deleteScheduled.mutateAsync(task.id),
    });

  const columns: TableColumnsType<ScheduledView> = [
    { title: t('rules.columns.name'), dataIndex: 'name', key: 'name', width: 150, render: (name: string) => <strong>{name}</strong> },
    { title: t('scheduled.executable'), dataIndex: 'executableName', key: 'executable', width: 150 },
    { title: t('columns.schedule'), key: 'schedule', width: 210, render: (_value, task) => <ScheduleText schedule={task.schedule} nextRun={task.nextRun} enabled={task.enabled} /> },
    { title: t('form.missedRuns'), dataIndex: 'missedRuns', key: 'missedRuns', width: 110, render: (policy: string) => t(`missed.${policy}`) },
    {
      title: t('columns.enabled'),
      dataIndex: 'enabled',
      key: 'enabled',
      width: 96,
      className: 'sd-nowrap',
      render: (enabled: boolean, task) => <Switch size="small" checked={enabled} onChange={(checked) => handleToggle(task, checked)} aria-label={t('define.toggle', { name: task.name })} />,
    },
    { title: t('columns.lastRun'), key: 'lastRun', width: 160, render: (_value, task) => <LastRunCell run={task.lastRun} /> },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 250,
      fixed: 'right',
      render: (_value, task) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            icon={<CaretRightOutlined />}
            loading={running === task.id}
            disabled={running !== null}
            onClick={() => void handleRun(task)}
            aria-label={t('actions.runNowNamed', { name: task.name })}
          >
            {t('actions.runNow')}
          </Button>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', task })} aria-label={t('actions.editNamed', { name: task.name })}>
            {t('actions.edit')}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => handleDelete(task)} aria-label={t('actions.deleteNamed', { name: task.name })}>
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
      {t('scheduled.add')}
    </Button>
  );

  return (
    <div className="sd-page">
      <PageHeader title={t('scheduled.title')} description={t('scheduled.description')} actions={addButton} />
      <ListCard<ScheduledView>
        rowKey="id"
        columns={columns}
        rows={rows}
        loading={scheduled.isFetching}
        pending={scheduled.isPending}
        keyword={keyword}
        searchPlaceholder={t('scheduled.search')}
        onSearch={setKeyword}
        empty={{
          text: t('scheduled.empty'),
          searchText: t('scheduled.emptySearch'),
          hint: (
            <>
              <Typography.Paragraph type="secondary">{t('scheduled.emptyHint')}</Typography.Paragraph>
              {addButton}
            </>
          ),
        }}
        scrollX={1100}
      />
      {editing && (
        <ScheduledFormModal
          title={editing.mode === 'edit' ? t('scheduled.editTitle', { name: editing.task.name }) : t('scheduled.createTitle')}
          initialValues={editing.mode === 'edit' ? scheduledFormValues(editing.task, timeZone) : newScheduledValues()}
          executables={executables.data ?? []}
          executablesLoading={executables.isPending}
          saving={addScheduled.isPending || updateScheduled.isPending}
          onSubmit={(request) =>
            void save(() => (editing.mode === 'edit' ? updateScheduled.mutateAsync({ id: editing.task.id, ...request }) : addScheduled.mutateAsync(request)), () => setEditing(null))
          }
          onCancel={() => setEditing(null)}
        />
      )}
      {shown && <RunResultModal name={shown.name} dryRun={false} result={shown.run} onClose={() => setShown(null)} />}
    </div>
  );
}
