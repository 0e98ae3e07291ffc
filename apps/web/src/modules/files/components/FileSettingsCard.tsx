import { useEffect } from 'react';
import { App, Button, Card, Form, InputNumber, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultFileSettings, fileLimits, type FileSettings } from '@smartdata/domain';
import { useFileSettingsQuery, useUpdateFileSettingsMutation } from '../api/files';
import '../files.css';

/**
 * The company's file settings (company settings page): the size limit of a file node's version
 * and the allowed types (extensions). The server checks every upload against them.
 */
export function FileSettingsCard() {
  const { t } = useTranslation(['files', 'texts']);
  const { message } = App.useApp();
  const settings = useFileSettingsQuery();
  const save = useUpdateFileSettingsMutation();
  const [form] = Form.useForm<FileSettings>();

  useEffect(() => {
    if (settings.data) {
      form.setFieldsValue(settings.data);
    }
  }, [settings.data, form]);

  const handleFinish = (values: FileSettings) => {
    const allowedTypes = [...new Set(values.allowedTypes.map((type) => type.trim().toLowerCase().replace(/^\./, '')).filter(Boolean))];
    save.mutate({ maxMb: values.maxMb, allowedTypes }, { onSuccess: () => void message.success(t('texts:operationSuccess')) });
  };

  return (
    <Card title={t('settings.title')} className="sd-file-settings">
      {settings.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Form<FileSettings> form={form} layout="vertical" initialValues={settings.data} onFinish={handleFinish} requiredMark={false}>
          <p className="sd-muted">{t('settings.description')}</p>
          <Form.Item name="maxMb" label={t('settings.maxMb')} rules={[{ required: true, type: 'integer', min: 1, max: fileLimits.maxMb, message: t('settings.maxMbRule', { max: fileLimits.maxMb }) }]}>
            <InputNumber min={1} max={fileLimits.maxMb} precision={0} addonAfter="MB" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item
            name="allowedTypes"
            label={t('settings.allowedTypes')}
            extra={t('settings.allowedTypesHint')}
            rules={[{ required: true, type: 'array', min: 1, message: t('settings.allowedTypesRule') }]}
          >
            <Select mode="tags" tokenSeparators={[',', ' ', '，']} open={false} suffixIcon={null} aria-label={t('settings.allowedTypes')} />
          </Form.Item>
          <div className="sd-file-settings__actions">
            <Button onClick={() => form.setFieldsValue({ maxMb: defaultFileSettings.maxMb, allowedTypes: [...defaultFileSettings.allowedTypes] })}>{t('settings.defaults')}</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </div>
        </Form>
      )}
    </Card>
  );
}
