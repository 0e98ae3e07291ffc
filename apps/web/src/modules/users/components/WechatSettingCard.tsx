import { useEffect } from 'react';
import { App, Button, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Input, PasswordInput } from '@/shared/components/inputs';
import { useUpdateWechatSettingMutation, useWechatSettingQuery } from '../api/wechat';

interface WechatSettingValues {
  appId: string;
  appSecret: string;
}

/**
 * The platform's WeChat website application (platform administrators; docs/auth.md): AppID and
 * AppSecret of WeChat Open Platform. The secret is stored encrypted and never shown again: the
 * field stays empty, an empty field keeps it, and clearing both fields turns WeChat sign-in off.
 */
export function WechatSettingCard() {
  const { t } = useTranslation(['users', 'texts']);
  const { message } = App.useApp();
  const [form] = Form.useForm<WechatSettingValues>();
  const setting = useWechatSettingQuery(true);
  const update = useUpdateWechatSettingMutation();

  useEffect(() => {
    if (setting.data) {
      form.setFieldsValue({ appId: setting.data.appId, appSecret: '' });
    }
  }, [setting.data, form]);

  const handleFinish = async (values: WechatSettingValues) => {
    try {
      await update.mutateAsync({ appId: values.appId.trim(), appSecret: values.appSecret.trim() });
    } catch {
      return; // Shown by the API client.
    }
    void message.success(t('texts:operationSuccess'));
    form.setFieldValue('appSecret', '');
  };

  return (
    <Card title={t('wechat.setting.title')} className="sd-userinfo__card" aria-label={t('wechat.setting.title')}>
      <p className="sd-muted sd-userinfo__intro">{t('wechat.setting.intro')}</p>
      <Form<WechatSettingValues> form={form} layout="vertical" initialValues={{ appId: '', appSecret: '' }} onFinish={(values) => void handleFinish(values)} className="sd-userinfo__form">
        <Form.Item name="appId" label={t('wechat.setting.appId')}>
          <Input maxLength={64} autoComplete="off" placeholder="wx0123456789abcdef" />
        </Form.Item>
        <Form.Item name="appSecret" label={t('wechat.setting.appSecret')} extra={setting.data?.secretSet ? t('wechat.setting.secretKept') : t('wechat.setting.secretNew')}>
          <PasswordInput maxLength={128} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('wechat.setting.save')}
        </Button>
      </Form>
    </Card>
  );
}
