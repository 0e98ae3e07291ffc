import { useEffect } from 'react';
import { App, Button, Card, Form, Input, Skeleton } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { defaultTimeZone, limits, nameSchema, timeZoneSchema, validationMessage, type CompanySummary } from '@smartdata/domain';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { useUpdateCompanyMutation, type CompanyValues } from '../api/updateCompany';
import { TimeZoneSelect } from './TimeZoneSelect';

/** Display name and time zone of the current company (Enter saves). */
export function CompanyProfileCard({ company, loading }: { company: CompanySummary | undefined; loading: boolean }) {
  const { t } = useTranslation(['companies', 'texts']);
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<CompanyValues>();
  const update = useUpdateCompanyMutation();

  useEffect(() => {
    if (company) {
      form.setFieldsValue({ displayName: company.displayName, timeZone: company.timeZone || defaultTimeZone });
    }
  }, [company, form]);

  const handleFinish = async (values: CompanyValues) => {
    try {
      await update.mutateAsync({ displayName: values.displayName.trim(), timeZone: values.timeZone });
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <Card title={t('profile.title')} className="sd-company-settings__card">
      {loading && !company ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Form<CompanyValues> form={form} layout="vertical" onFinish={(values) => void handleFinish(values)} requiredMark>
          <Form.Item
            name="displayName"
            label={t('fields.displayName')}
            extra={t('fields.displayNameHint')}
            rules={[
              { required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' },
              domainRule(nameSchema, t),
            ]}
          >
            <Input maxLength={limits.generalNameLength} showCount />
          </Form.Item>
          <Form.Item
            name="timeZone"
            label={t('fields.timeZone')}
            extra={t('fields.timeZoneHint')}
            rules={[{ required: true, message: validationMessage('validation.timeZone', locale) ?? '' }, domainRule(timeZoneSchema, t)]}
          >
            <TimeZoneSelect />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={update.isPending}>
            {t('actions.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
