import { useMemo } from 'react';
import { Card, Divider, Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { accessModes, addExecutableRequest, taskLimits, type AccessMode, type ExecutableView } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { NameField } from '@/shared/forms/NameField';
import { useCheckedSubmit } from '@/shared/forms/useCheckedSubmit';
import { useListActions } from '@/shared/hooks/useListActions';
import { useLocale } from '@/shared/i18n/useLocale';
import { useAddExecutableMutation, useExecutablesQuery, useUpdateExecutableMutation } from '../api/executables';
import { useItemFields } from '@/modules/data-items/api/itemFields';
import { ActionListEditor } from '../components/ActionListEditor';
import { UserPicker } from '../components/RecipientPickers';
import { useActionSources } from '../components/useActionSources';
import { checkExecutable, executableFormValues, newExecutableValues, type ExecutableFormValues } from '../lib/ruleForm';
import { taskText } from '../lib/texts';
import { BackButton, EditorFooter, NotFoundPage, PageSkeleton } from '../components/PageParts';
import '../tasks.css';

const LIST_PATH = '/taskmanagement/executabletask';

/**
 * /taskmanagement/executabletask/ExecutableTaskConfig/{taskId}/{accessMode} (sa_executable_task):
 * a new executable task (`new`, its access mode preselected) or the task `taskId` — its name, who
 * may run it and its actions (no copies: nothing triggered it).
 */
export function ExecutableTaskConfigPage() {
  const { t } = useTranslation('tasks');
  const { taskId = 'new', accessMode } = useParams();
  const id = Number(taskId);
  const editing = taskId !== 'new' && Number.isSafeInteger(id) && id > 0;
  const tasks = useExecutablesQuery({ enabled: editing });
  const task = editing ? tasks.data?.find((e) => e.id === id) : undefined;
  const preset: AccessMode = (accessModes as readonly string[]).includes(accessMode ?? '') ? (accessMode as AccessMode) : 'everyone';

  if (editing && tasks.isPending) {
    return <PageSkeleton />;
  }
  if (editing && !task) {
    return <NotFoundPage title={t('executableForm.editTitle', { name: `#${taskId}` })} text={t('executableForm.notFound')} back={{ to: LIST_PATH, label: t('executableForm.back') }} />;
  }
  return <ExecutableEditor key={task?.id ?? 'new'} task={task} preset={preset} />;
}


const nameSchema = addExecutableRequest.shape.name;

function ExecutableEditor({ task, preset }: { task?: ExecutableView; preset: AccessMode }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const navigate = useNavigate();
  const [form] = Form.useForm<ExecutableFormValues>();
  const initialValues = useMemo(() => (task ? executableFormValues(task) : newExecutableValues(preset)), [task, preset]);
  const mode = Form.useWatch('accessMode', form) ?? initialValues.accessMode;
  const actions = Form.useWatch('actions', { form, preserve: true }) ?? initialValues.actions;
  const sources = useActionSources(actions.some((a) => a?.kind === 'deviceCommand'));
  const { fieldsOf } = useItemFields(actions.map((a) => a?.itemId ?? 0));
  const addExecutable = useAddExecutableMutation();
  const updateExecutable = useUpdateExecutableMutation();
  const { save } = useListActions();
  const { problem, submit } = useCheckedSubmit((request: Parameters<typeof addExecutable.mutateAsync>[0]) =>
    void save(() => (task ? updateExecutable.mutateAsync({ id: task.id, ...request }) : addExecutable.mutateAsync(request)), () => void navigate(LIST_PATH)),
  );

  const handleFinish = () => {
    const checked = checkExecutable(form.getFieldsValue(true) as ExecutableFormValues, fieldsOf);
    submit(checked.ok ? checked : { ok: false, problem: taskText(checked.reason, locale) });
  };

  return (
    <div className="sd-page">
      <PageHeader title={task ? t('executableForm.editTitle', { name: task.name }) : t('executableForm.createTitle')} description={t('executableForm.description')} actions={<BackButton to={LIST_PATH} label={t('executableForm.back')} />} />
      <Form<ExecutableFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={handleFinish} requiredMark className="sd-task-form sd-task-editor">
        <Card>
          <NameField schema={nameSchema} label={t('form.name')} max={taskLimits.nameLength} className="sd-task-editor__name" placeholder={t('executableForm.namePlaceholder')} autoFocus />
          <Form.Item name="accessMode" label={t('executableForm.accessMode')} extra={t('executableForm.accessHint')}>
            <Radio.Group optionType="button" options={accessModes.map((value) => ({ value, label: taskText(`task.access.${value}`, locale) }))} />
          </Form.Item>
          {mode === 'users' && (
            <Form.Item name="userIds" label={t('executableForm.users')} rules={[{ required: true, type: 'array', min: 1, message: taskText('task.usersRequired', locale) }]} className="sd-task-editor__name">
              <UserPicker />
            </Form.Item>
          )}
          <Divider titlePlacement="start">{t('ruleForm.sectionActions')}</Divider>
          <ActionListEditor {...sources} fieldsOf={fieldsOf} />
          <EditorFooter problem={problem} saving={addExecutable.isPending || updateExecutable.isPending} onCancel={() => void navigate(LIST_PATH)} />
        </Card>
      </Form>
    </div>
  );
}
