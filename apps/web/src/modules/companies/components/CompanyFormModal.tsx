import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultTimeZone, limits, nameSchema, timeZoneSchema, validationMessage } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import type { CompanyValues } from '../api/updateCompany';
import { TimeZoneSelect } from './TimeZoneSelect';

interface CompanyFormModalProps {
  title: string;
  initialValues?: CompanyValues;
  saving: boolean;
  onSubmit: (values: CompanyValues) => void;
  onCancel: () => void;
}

/** Display name and time zone of a company (platform administrator; Enter saves). */
export function CompanyFormModal({ title, initialValues, saving, onSubmit, onCancel }: CompanyFormModalProps) {
  const { t } = useTranslation('companies');
  const locale = useLocale();
  const [form] = Form.useForm<CompanyValues>();
  return (
    <FormModal<CompanyValues>
      open
      title={title}
      form={form}
      width={500}
      confirmLoading={saving}
      initialValues={initialValues ?? { displayName: '', timeZone: defaultTimeZone }}
      okText={t('actions.save')}
      onCancel={onCancel}
      onFinish={({ displayName, timeZone }) => onSubmit({ displayName: displayName.trim(), timeZone })}
    >
      <Form.Item
        name="displayName"
        label={t('fields.displayName')}
        rules={[
          { required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' },
          domainRule(nameSchema, t),
        ]}
      >
        <Input autoFocus maxLength={limits.generalNameLength} showCount placeholder={t('fields.displayNamePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="timeZone"
        label={t('fields.timeZone')}
        extra={t('fields.timeZoneHint')}
        rules={[{ required: true, message: validationMessage('validation.timeZone', locale) ?? '' }, domainRule(timeZoneSchema, t)]}
      >
        <TimeZoneSelect />
      </Form.Item>
    </FormModal>
  );
}
