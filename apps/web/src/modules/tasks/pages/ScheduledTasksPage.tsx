import { useState } from 'react';
import { Button, type TableColumnsType } from 'antd';
import { CaretRightOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RunView, ScheduledView, AddScheduledRequest } from '@smartdata/domain';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, switchColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useEditDialog } from '@/shared/hooks/useEditDialog';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { useExecutablesQuery } from '../api/executables';
import { useAddScheduledMutation, useDeleteScheduledMutation, useRunScheduledMutation, useScheduledQuery, useUpdateScheduledMutation } from '../api/scheduled';
import { EmptyHint } from '../components/EmptyHint';
import { LastRunCell } from '../components/LastRunCell';
import { RunResultModal } from '../components/RunResultModal';
import { ScheduledFormModal } from '../components/ScheduledFormModal';
import { ScheduleText } from '../components/ScheduleText';
import { newScheduledValues, scheduledFormValues } from '../lib/scheduledForm';
import { phoneColumns } from '../lib/display';
import '../tasks.css';

/**
 * /taskmanagement/scheduledtask (sa_scheduled_task): executable tasks on a schedule (cron or once),
 * with their next and last run; added and edited in a dialog, run now on demand.
 */
export function ScheduledTasksPage() {
  const { t } = useTranslation('tasks');
  const timeZone = useCompanyTimeZone();
  const scheduled = useScheduledQuery();
  const executables = useExecutablesQuery({ silent: true });
  const [running, setRunning] = useState<number | null>(null);
  const [shown, setShown] = useState<{ name: string; run: RunView } | null>(null);
  const addScheduled = useAddScheduledMutation();
  const updateScheduled = useUpdateScheduledMutation();
  const deleteScheduled = useDeleteScheduledMutation();
  const runScheduled = useRunScheduledMutation();
  const dialog = useEditDialog(addScheduled, updateScheduled, (task: ScheduledView, request: AddScheduledRequest) => ({ id: task.id, ...request }));

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

  const columns: TableColumnsType<ScheduledView> = [
    { title: t('rules.columns.name'), dataIndex: 'name', key: 'name', width: 150, render: (name: string) => <strong>{name}</strong> },
    { title: t('scheduled.executable'), dataIndex: 'executableName', key: 'executable', width: 150 },
    { title: t('columns.schedule'), key: 'schedule', width: 210, render: (_value, task) => <ScheduleText schedule={task.schedule} nextRun={task.nextRun} enabled={task.enabled} /> },
    { title: t('form.missedRuns'), dataIndex: 'missedRuns', key: 'missedRuns', width: 110, render: (policy: string) => t(`missed.${policy}`) },
    switchColumn(t('columns.enabled'), 'enabled', { onChange: handleToggle, label: (task) => t('define.toggle', { name: task.name }) }, { width: 96 }),
    { title: t('columns.lastRun'), key: 'lastRun', width: 160, render: (_value, task) => <LastRunCell run={task.lastRun} /> },
    actionsColumn(
      t('columns.actions'),
      (task) => [
        {
          key: 'run',
          label: t('actions.runNow'),
          icon: <CaretRightOutlined />,
          loading: running === task.id,
          disabled: running !== null,
          onClick: () => void handleRun(task),
          ariaLabel: t('actions.runNowNamed', { name: task.name }),
        },
        { kind: 'edit', name: task.name, onClick: () => dialog.edit(task) },
        {
          kind: 'delete',
          name: task.name,
          confirm: { title: t('scheduled.deleteTitle', { name: task.name }), content: t('scheduled.deleteContent'), onDelete: () => deleteScheduled.mutateAsync(task.id) },
        },
      ],
      { width: 250, fixed: 'right', wrap: true },
    ),
  ];

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => dialog.create()}>
      {t('scheduled.add')}
    </Button>
  );

  const editing = dialog.row;
  return (
    <div className="sd-page">
      <PageHeader title={t('scheduled.title')} description={t('scheduled.description')} actions={addButton} />
      <ListCard<ScheduledView> columns={columns} query={scheduled} scrollX={1100} phoneKeys={phoneColumns}
        texts={{ search: t('scheduled.search'), empty: t('scheduled.empty'), noMatch: t('scheduled.emptySearch'), hint: <EmptyHint text={t('scheduled.emptyHint')} action={addButton} /> }}
      />
      {dialog.open && (
        <ScheduledFormModal
          {...dialog.modal}
          title={editing ? t('scheduled.editTitle', { name: editing.name }) : t('scheduled.createTitle')}
          initialValues={editing ? scheduledFormValues(editing, timeZone) : newScheduledValues()}
          executables={executables.data ?? []}
          executablesLoading={executables.isPending}
        />
      )}
      {shown && <RunResultModal name={shown.name} dryRun={false} result={shown.run} onClose={() => setShown(null)} />}
    </div>
  );
}
