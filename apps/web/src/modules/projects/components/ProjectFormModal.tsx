import { useState } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fileLimits, projectLimits, projectStatuses, type ProjectMember, type ProjectStatus } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { useDebouncedValue } from '@/shared/hooks/useDebouncedValue';
import { useMemberOptionsQuery } from '../api/projects';

export interface ProjectFormValues {
  name: string;
  description: string;
  status: ProjectStatus;
  startDate: string | null;
  endDate: string | null;
  memberIds: number[];
}

interface FormShape {
  name: string;
  description: string;
  status: ProjectStatus;
  dates: [Dayjs | null, Dayjs | null] | null;
  memberIds: number[];
}

interface ProjectFormModalProps extends FormDialogProps<ProjectFormValues> {
  /** Editing an existing project (its name changes through the cabin's rename). */
  initial?: Omit<ProjectFormValues, 'memberIds'> & { members: ProjectMember[] };
}

/** New project / edit project: name, description, status, dates, members (users of the company). */
export function ProjectFormModal({ initial, saving, onSubmit, onCancel }: ProjectFormModalProps) {
  const { t } = useTranslation('projects');
  const [form] = Form.useForm<FormShape>();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebouncedValue(keyword, 250);
  const members = useMemberOptionsQuery(debounced, true);
  const known = new Map<number, string>((initial?.members ?? []).map((m) => [m.userId, m.name]));
  for (const m of members.data?.list ?? []) {
    known.set(Number(m.userId), m.name || m.userName);
  }
  const options = [...known].map(([value, label]) => ({ value, label }));

  return (
    <FormModal<FormShape>
      title={initial ? t('form.editTitle', { name: initial.name }) : t('form.createTitle')}
      form={form}
      okText={initial ? t('form.save') : t('form.create')}
      confirmLoading={saving}
      width={560}
      initialValues={{
        name: initial?.name ?? '',
        description: initial?.description ?? '',
        status: initial?.status ?? 'planned',
        dates: initial ? [initial.startDate ? dayjs(initial.startDate) : null, initial.endDate ? dayjs(initial.endDate) : null] : null,
        memberIds: initial?.members.map((m) => m.userId) ?? [],
      }}
      onFinish={(values) =>
        onSubmit({
          name: values.name?.trim() ?? initial?.name ?? '',
          description: values.description ?? '',
          status: values.status,
          startDate: values.dates?.[0]?.format('YYYY-MM-DD') ?? null,
          endDate: values.dates?.[1]?.format('YYYY-MM-DD') ?? null,
          memberIds: values.memberIds ?? [],
        })
      }
      onCancel={onCancel}
    >
      {!initial && (
        <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }, { max: fileLimits.nameLength }]}>
          <Input autoFocus maxLength={fileLimits.nameLength} placeholder={t('form.namePlaceholder')} />
        </Form.Item>
      )}
      <Form.Item name="status" label={t('fields.status')}>
        <Select options={projectStatuses.map((status) => ({ value: status, label: t(`statuses.${status}`) }))} />
      </Form.Item>
      <Form.Item name="dates" label={t('fields.dates')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} placeholder={[t('fields.startDate'), t('fields.endDate')]} />
      </Form.Item>
      <Form.Item name="memberIds" label={t('fields.members')} extra={t('form.membersHint')}>
        <Select
          mode="multiple"
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          loading={members.isFetching}
          options={options}
          placeholder={t('form.membersPlaceholder')}
          aria-label={t('fields.members')}
        />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')}>
        <Input.TextArea rows={4} maxLength={projectLimits.descriptionLength} showCount placeholder={t('form.descriptionPlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}
