import { useEffect } from 'react';
import { App, Button, Card, Form, Input, Result, Skeleton, Space } from 'antd';
import { DeleteOutlined, LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { levelAtLeast, limits, nameSchema, validationMessage } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useMeterQuery } from '../api/meters';
import { useDeleteMeterMutation } from '../api/deleteMeter';
import { useUpdateMeterMutation } from '../api/updateMeter';
import { MeterSettingsFields } from '../components/MeterSettingsFields';
import { formValuesOf, meterSettings, type MeterFormValues } from '../lib/meterForm';
import { meterConfigPath, meterPath } from '../lib/meterPaths';
import '../meters.css';

/**
 * /smartdata/electricMeterConfig/{id}/{name}: a meter's name and, for a standard meter, its source
 * and factor, for a virtual one its formula (read-write); delete (admin) after confirmation.
 */
export function MeterConfigPage() {
  const { t } = useTranslation(['meters', 'texts']);
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const meterId = Number(params.electricMeterId);
  const meter = useMeterQuery(meterId);
  const update = useUpdateMeterMutation();
  const deleteMeter = useDeleteMeterMutation();
  const [form] = Form.useForm<MeterFormValues>();
  const data = meter.data;

  useEffect(() => {
    if (data) {
      form.setFieldsValue(formValuesOf(data));
    }
  }, [data, form]);

  if (meter.isError) {
    return (
      <div className="sd-page">
        <Result
          status="404"
          title={t('detail.notFound')}
          extra={
            <Button type="primary" onClick={() => void navigate('/smartdata/datacapsule')}>
              {t('actions.backToCabin')}
            </Button>
          }
        />
      </div>
    );
  }

  const canEdit = data ? levelAtLeast(data.level, 'readWrite') : false;
  const handleFinish = (values: MeterFormValues) => {
    if (!data) {
      return;
    }
    const name = values.name.trim();
    update.mutate(
      { id: meterId, ...(name !== data.name ? { name } : {}), ...meterSettings(values) },
      {
        onSuccess: () => {
          void message.success(t('texts:operationSuccess'));
          if (name !== data.name) {
            void navigate(meterConfigPath({ id: meterId, name }), { replace: true });
          }
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!data) {
      return;
    }
    void modal.confirm({
      title: t('config.deleteTitle', { name: data.name }),
      content: t('config.deleteContent'),
      okText: t('config.delete'),
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await deleteMeter.mutateAsync(data.id);
          void message.success(t('texts:deleteSuccess'));
          void navigate('/smartdata/datacapsule');
        } catch {
          // Shown by the API client (a virtual meter still names it).
        }
      },
    });
  };

  return (
    <div className="sd-page sd-meter-config">
      <PageHeader
        title={t('config.title', { name: data?.name ?? params.electricMeterName ?? '' })}
        description={t('config.description')}
        actions={
          data && (
            <Button icon={<LineChartOutlined />} onClick={() => void navigate(meterPath(data))}>
              {t('actions.open')}
            </Button>
          )
        }
      />
      <Card>
        {!data ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <Form<MeterFormValues> form={form} layout="vertical" onFinish={handleFinish} disabled={!canEdit} className="sd-meter-form" initialValues={formValuesOf(data)}>
            {!canEdit && <p className="sd-muted">{t('config.readOnly')}</p>}
            <Form.Item name="name" label={t('form.name')} rules={[{ required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' }, domainRule(nameSchema, t)]}>
              <Input showCount={{ formatter: ({ count }) => `${count} / ${limits.generalNameLength}` }} style={{ maxWidth: 420 }} />
            </Form.Item>
            <MeterSettingsFields
              form={form}
              editing={{ id: data.id, name: data.name }}
              known={{ meters: data.formula ?? [], sourceName: data.source?.sourceName }}
            />
            <p className="sd-muted">{t('config.updated', { time: formatDateTime(data.updatedAt, data.timeZone) })}</p>
            <Space wrap className="sd-meter-form__actions">
              <Button type="primary" htmlType="submit" loading={update.isPending}>
                {t('config.save')}
              </Button>
              <Button htmlType="button" onClick={() => form.setFieldsValue(formValuesOf(data))}>
                {t('config.reset')}
              </Button>
              {levelAtLeast(data.level, 'admin') && (
                <Button htmlType="button" danger icon={<DeleteOutlined />} onClick={confirmDelete} disabled={false}>
                  {t('config.delete')}
                </Button>
              )}
            </Space>
          </Form>
        )}
      </Card>
    </div>
  );
}
