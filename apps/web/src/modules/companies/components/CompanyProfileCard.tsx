import { useEffect } from 'react';
import { App, Button, Card, Form, Skeleton } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { defaultTimeZone, limits, nameSchema, type CompanySummary } from '@smartdata/domain';
import { NameField } from '@/shared/forms/NameField';
import { useUpdateCompanyMutation, type CompanyValues } from '../api/updateCompany';
import { TimeZoneField } from './TimeZoneField';

/** Display name and time zone of the current company (Enter saves). */
export function CompanyProfileCard({ company, loading }: { company: CompanySummary | undefined; loading: boolean }) {
  const { t } = useTranslation(['companies', 'texts']);
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
          <NameField schema={nameSchema} label={t('fields.displayName')} max={limits.generalNameLength} name="displayName" extra={t('fields.displayNameHint')} />
          <TimeZoneField />
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={update.isPending}>
            {t('actions.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
