import { useMemo, useState } from 'react';
import { Button, type TableColumnsType } from 'antd';
import { CaretRightOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AccessMode, ExecutableView, RunView } from '@smartdata/domain';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { useDeleteExecutableMutation, useExecutablesQuery, useRunExecutableMutation } from '../api/executables';
import { EmptyHint } from '../components/EmptyHint';
import { LastRunCell } from '../components/LastRunCell';
import { RunResultModal } from '../components/RunResultModal';
import { useNameBook } from '../components/useNameBook';
import { actionText } from '../lib/ruleText';
import { taskText } from '../lib/texts';
import { phoneColumns } from '../lib/display';
import '../tasks.css';

/** The settings page of an executable task: `new` or its id, and the access mode a new one starts with. */
export const executableConfigPath = (taskId: number | 'new', accessMode: AccessMode) => `/taskmanagement/executabletask/ExecutableTaskConfig/${taskId}/${accessMode}`;

const noWatched: number[] = [];

/**
 * /taskmanagement/executabletask (sa_executable_task): named lists of actions run on demand. "Run"
 * answers with the run's state or why it failed; it is disabled, with the reason, for those the
 * task's access mode leaves out.
 */
export function ExecutableTasksPage() {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const navigate = useNavigate();
  const tasks = useExecutablesQuery();
  const [running, setRunning] = useState<number | null>(null);
  const [shown, setShown] = useState<{ name: string; run: RunView } | null>(null);
  const runExecutable = useRunExecutableMutation();
  const deleteExecutable = useDeleteExecutableMutation();
  const allActions = useMemo(() => (tasks.data ?? []).flatMap((task) => task.actions), [tasks.data]);
  const book = useNameBook(noWatched, allActions);

  const handleRun = async (task: ExecutableView) => {
    setRunning(task.id);
    try {
      setShown({ name: task.name, run: await runExecutable.mutateAsync(task.id) });
    } catch {
      // Shown by the API client.
    } finally {
      setRunning(null);
    }
  };

  const columns: TableColumnsType<ExecutableView> = [
    { title: t('rules.columns.name'), dataIndex: 'name', key: 'name', width: 160, render: (name: string) => <strong>{name}</strong> },
    {
      title: t('rules.columns.actions'),
      key: 'taskActions',
      width: 340,
      render: (_value, task) => (
        <ol className="sd-task-action-list">
          {task.actions.map((action, index) => (
            <li key={index}>{actionText(action, book, locale, t)}</li>
          ))}
        </ol>
      ),
    },
    {
      title: t('executable.columns.access'),
      key: 'access',
      width: 150,
      render: (_value, task) => (
        <div className="sd-task-cell">
          <span>{taskText(`task.access.${task.accessMode}`, locale)}</span>
          {task.accessMode === 'users' && <span className="sd-muted">{t('words.users', { count: task.userIds.length })}</span>}
        </div>
      ),
    },
    { title: t('columns.lastRun'), key: 'lastRun', width: 160, render: (_value, task) => <LastRunCell run={task.lastRun} /> },
    actionsColumn(
      t('columns.actions'),
      (task) => [
        {
          key: 'run',
          label: t('executable.run'),
          icon: <CaretRightOutlined />,
          loading: running === task.id,
          disabled: !task.canRun || running !== null,
          tooltip: task.canRun ? undefined : t('executable.cannotRun'),
          onClick: () => void handleRun(task),
          ariaLabel: t('executable.runNamed', { name: task.name }),
        },
        task.canEdit && { kind: 'edit', name: task.name, onClick: () => void navigate(executableConfigPath(task.id, task.accessMode)) },
        task.canEdit && {
          kind: 'delete',
          name: task.name,
          confirm: { title: t('executable.deleteTitle', { name: task.name }), content: t('executable.deleteContent'), onDelete: () => deleteExecutable.mutateAsync(task.id) },
        },
      ],
      { width: 210, fixed: 'right', wrap: true },
    ),
  ];

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(executableConfigPath('new', 'everyone'))}>
      {t('executable.add')}
    </Button>
  );

  return (
    <div className="sd-page">
      <PageHeader title={t('executable.title')} description={t('executable.description')} actions={addButton} />
      <ListCard<ExecutableView> columns={columns} query={tasks} scrollX={1020} phoneKeys={phoneColumns}
        texts={{ search: t('executable.search'), empty: t('executable.empty'), noMatch: t('executable.emptySearch'), hint: <EmptyHint text={t('executable.emptyHint')} action={addButton} /> }}
      />
      {shown && <RunResultModal name={shown.name} dryRun={false} result={shown.run} onClose={() => setShown(null)} />}
    </div>
  );
}
