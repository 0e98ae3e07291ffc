import { useEffect } from 'react';
import { Alert, App, Button, Card, Form, Radio, Select, Space, Tag } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { alarmSmsFacts, notifyLimits, type SmsProviderKind, type UpdateSmsSettingRequest } from '@smartdata/domain';
import { Input, PasswordInput } from '@/shared/components/inputs';
import { useSmsSettingQuery, useUpdateSmsSettingMutation } from '../api/smsSetting';
import '../sms.css';

type SmsSettingValues = UpdateSmsSettingRequest;

const emptyValues: SmsSettingValues = { provider: 'outbox', accessKeyId: '', accessKeySecret: '', signName: '', templateCode: '', sdkAppId: '', region: '', endpoint: '', alarmTemplateCode: '', alarmTemplateParams: [] };

/**
 * The platform's SMS provider (platform administrators; docs/sms.md): the development outbox (the
 * default: codes go to a table and the server log only), Alibaba Cloud SMS or Tencent Cloud SMS.
 * The AccessKey secret is stored encrypted and never shown: "set" / "not set", an empty field keeps it.
 */
export function SmsSettingCard() {
  const { t } = useTranslation(['sms', 'texts']);
  const { message } = App.useApp();
  const [form] = Form.useForm<SmsSettingValues>();
  const setting = useSmsSettingQuery(true);
  const update = useUpdateSmsSettingMutation();
  const provider = Form.useWatch('provider', form) ?? 'outbox';
  const vendor = provider !== 'outbox';

  useEffect(() => {
    if (setting.data) {
      const { secretSet: _secretSet, updatedAt: _updatedAt, ...values } = setting.data;
      form.setFieldsValue({ ...values, accessKeySecret: '' });
    }
  }, [setting.data, form]);

  const handleFinish = async (values: SmsSettingValues) => {
    const trimmed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value])) as SmsSettingValues;
    trimmed.alarmTemplateParams = (values.alarmTemplateParams ?? []).filter((p) => p.name?.trim()).map((p) => ({ name: p.name.trim(), fact: p.fact }));
    try {
      await update.mutateAsync(trimmed);
    } catch {
      return; // Shown by the API client.
    }
    void message.success(t('texts:operationSuccess'));
    form.setFieldValue('accessKeySecret', '');
  };

  const secretSet = setting.data?.secretSet ?? false;
  const providers: SmsProviderKind[] = ['outbox', 'aliyun', 'tencent'];

  return (
    <Card title={t('setting.title')} className="sd-userinfo__card" aria-label={t('setting.title')}>
      <Form<SmsSettingValues> form={form} layout="vertical" initialValues={emptyValues} onFinish={(values) => void handleFinish(values)} className="sd-userinfo__form">
        <Form.Item name="provider" label={t('setting.provider')}>
          <Radio.Group options={providers.map((value) => ({ value, label: t(`setting.providers.${value}`) }))} />
        </Form.Item>
        {!vendor && <Alert type="info" showIcon className="sd-sms__hint" title={t('setting.outboxHint')} />}
        <div hidden={!vendor}>
          <Form.Item name="accessKeyId" label={provider === 'tencent' ? 'SecretId' : 'AccessKey ID'}>
            <Input maxLength={128} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="accessKeySecret"
            label={
              <span>
                {provider === 'tencent' ? 'SecretKey' : 'AccessKey Secret'}{' '}
                <Tag color={secretSet ? 'green' : 'default'}>{secretSet ? t('setting.secretSet') : t('setting.secretNotSet')}</Tag>
              </span>
            }
            extra={secretSet ? t('setting.secretKept') : t('setting.secretNew')}
          >
            <PasswordInput maxLength={256} autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="signName" label={t('setting.signName')}>
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
          <Form.Item name="templateCode" label={t('setting.templateCode')} extra={t(provider === 'tencent' ? 'setting.templateHintTencent' : 'setting.templateHintAliyun')}>
            <Input maxLength={64} autoComplete="off" placeholder={provider === 'tencent' ? '1234567' : 'SMS_123456789'} />
          </Form.Item>
          <Form.Item name="sdkAppId" label="SDK AppID" hidden={provider !== 'tencent'}>
            <Input maxLength={32} autoComplete="off" placeholder="1400000000" />
          </Form.Item>
          <Form.Item name="region" label={t('setting.region')}>
            <Input maxLength={32} autoComplete="off" placeholder={provider === 'tencent' ? 'ap-guangzhou' : 'cn-hangzhou'} />
          </Form.Item>
          <Form.Item name="alarmTemplateCode" label={t('setting.alarmTemplateCode')} extra={t(provider === 'tencent' ? 'setting.alarmTemplateHintTencent' : 'setting.alarmTemplateHintAliyun')}>
            <Input maxLength={64} autoComplete="off" placeholder={provider === 'tencent' ? '2345678' : 'SMS_987654321'} />
          </Form.Item>
          <Form.List name="alarmTemplateParams">
            {(rows, { add, remove }) => (
              <div className="sd-sms__params" role="group" aria-label={t('setting.alarmTemplateParams')}>
                <div className="sd-sms__params-title">{t('setting.alarmTemplateParams')}</div>
                {rows.map((row) => (
                  <Space key={row.key} align="baseline" wrap className="sd-sms__param">
                    <Form.Item name={[row.name, 'name']} noStyle>
                      <Input maxLength={notifyLimits.templateParamNameLength} placeholder={provider === 'tencent' ? String(row.name + 1) : 'rule'} aria-label={t('setting.paramName')} className="sd-sms__param-name" />
                    </Form.Item>
                    <Form.Item name={[row.name, 'fact']} noStyle>
                      <Select aria-label={t('setting.paramFact')} className="sd-sms__param-fact" options={alarmSmsFacts.map((fact) => ({ value: fact, label: t(`setting.facts.${fact}`) }))} />
                    </Form.Item>
                    <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('setting.removeParam')} onClick={() => remove(row.name)} />
                  </Space>
                ))}
                {rows.length < notifyLimits.templateParamsMax && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: provider === 'tencent' ? String(rows.length + 1) : '', fact: alarmSmsFacts[rows.length % alarmSmsFacts.length] })}>
                    {t('setting.addParam')}
                  </Button>
                )}
              </div>
            )}
          </Form.List>
          <Form.Item name="endpoint" label={t('setting.endpoint')} extra={t('setting.endpointHint')}>
            <Input maxLength={200} autoComplete="off" placeholder={provider === 'tencent' ? 'sms.tencentcloudapi.com' : 'dysmsapi.aliyuncs.com'} />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('setting.save')}
        </Button>
      </Form>
    </Card>
  );
}
