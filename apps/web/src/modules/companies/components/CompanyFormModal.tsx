import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultTimeZone, limits, nameSchema } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { NameField } from '@/shared/forms/NameField';
import type { CompanyValues } from '../api/updateCompany';
import { TimeZoneField } from './TimeZoneField';

interface CompanyFormModalProps extends FormDialogProps<CompanyValues> {
  title: string;
  initialValues?: CompanyValues;
}

/** Display name and time zone of a company (platform administrator; Enter saves). */
export function CompanyFormModal({ title, initialValues, saving, onSubmit, onCancel }: CompanyFormModalProps) {
  const { t } = useTranslation('companies');
  const [form] = Form.useForm<CompanyValues>();
  const handleFinish = ({ displayName, timeZone }: CompanyValues) => onSubmit({ displayName: displayName.trim(), timeZone });
  return (
    <FormModal<CompanyValues> title={title} form={form} width={500} confirmLoading={saving} initialValues={initialValues ?? { displayName: '', timeZone: defaultTimeZone }} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
      <NameField schema={nameSchema} label={t('fields.displayName')} max={limits.generalNameLength} name="displayName" placeholder={t('fields.displayNamePlaceholder')} autoFocus />
      <TimeZoneField />
    </FormModal>
  );
}
