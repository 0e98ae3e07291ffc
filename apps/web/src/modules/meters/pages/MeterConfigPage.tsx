import { useEffect } from 'react';
import { App, Button, Card, Form, Skeleton, Space } from 'antd';
import { DeleteOutlined, LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { levelAtLeast, limits, nameSchema } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { formatDateTime } from '@/shared/utils/formatTime';
import { NameField } from '@/shared/forms/NameField';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { useMeterQuery } from '../api/meters';
import { useDeleteMeterMutation } from '../api/deleteMeter';
import { useUpdateMeterMutation } from '../api/updateMeter';
import { MeterNotFound } from '../components/MeterScreen';
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
  const { message } = App.useApp();
  const confirm = useConfirmAction();
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
        <MeterNotFound />
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
    // A refusal (a virtual meter still names it) is shown by the API client.
    confirm({
      title: t('config.deleteTitle', { name: data.name }),
      content: t('config.deleteContent'),
      okText: t('config.delete'),
      focus: 'cancel',
      run: () => deleteMeter.mutateAsync(data.id),
      done: t('texts:deleteSuccess'),
      after: () => void navigate('/smartdata/datacapsule'),
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
            <NameField schema={nameSchema} label={t('form.name')} max={limits.generalNameLength} counter="count" style={{ maxWidth: 420 }} />
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
