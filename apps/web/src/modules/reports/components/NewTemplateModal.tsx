import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportLimits } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';

/** New report template: its name (the cabin's directory is where it goes). */
export function NewTemplateModal({ place, saving, onSubmit, onCancel }: { place: string; saving: boolean; onSubmit: (name: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('reports');
  const [form] = Form.useForm<{ name: string }>();
  return (
    <FormModal<{ name: string }> title={t('form.createTitle')} form={form} okText={t('form.create')} confirmLoading={saving} width={480} initialValues={{ name: '' }} onFinish={(values) => onSubmit(values.name.trim())} onCancel={onCancel}>
      <Form.Item label={t('form.place')}>
        <Input value={place} disabled />
      </Form.Item>
      <Form.Item name="name" label={t('form.name')} rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }, { max: reportLimits.nameLength }]}>
        <Input autoFocus maxLength={reportLimits.nameLength} placeholder={t('form.namePlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}
