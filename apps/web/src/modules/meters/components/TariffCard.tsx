import { useEffect } from 'react';
import { App, Button, Card, Empty, Form, Input, InputNumber, Select, Skeleton } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { meterLimits, validationMessage } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useTariffQuery } from '../api/meters';
import { useSetTariffMutation } from '../api/setTariff';
import { exampleTariff, isClock, periodOrder, tariffRowsProblem, tariffWindows, type TariffRow } from '../lib/tariffForm';
import { messageText } from '../lib/meterText';
import '../meters.css';

interface Values {
  windows: TariffRow[];
}

/**
 * The company's time-of-use tariff (company settings page): windows of local time with their
 * period (尖 峰 平 谷 深谷) and price per kWh. A window whose end is not after its start crosses
 * midnight. Checked here as the server checks it — the day covered once, one price per period.
 */
export function TariffCard() {
  const { t } = useTranslation(['meters', 'texts']);
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const tariff = useTariffQuery();
  const save = useSetTariffMutation();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (tariff.data) {
      form.setFieldsValue({ windows: tariff.data.windows });
    }
  }, [tariff.data, form]);

  const problemText = (problem: string) => {
    const [key, ...rest] = problem.split('|');
    const params = key === 'validation.meter.periodPrice' ? rest.map((period) => t(`periods.${period}`)) : rest;
    return messageText([key, ...params].join('|'), locale) ?? problem;
  };

  const submit = (windows: TariffRow[]) =>
    save.mutate({ windows: tariffWindows(windows) }, { onSuccess: () => void message.success(t('texts:operationSuccess')) });

  const handleFinish = ({ windows = [] }: Values) => {
    if (windows.length === 0 && (tariff.data?.windows.length ?? 0) > 0) {
      void modal.confirm({
        title: t('tariff.clearTitle'),
        content: t('tariff.clearContent'),
        okText: t('tariff.clear'),
        okButtonProps: { danger: true },
        autoFocusButton: 'cancel',
        onOk: () => submit([]),
      });
      return;
    }
    submit(windows);
  };

  const required = { required: true, message: validationMessage('validation.required', locale) ?? '' };

  return (
    <Card title={t('tariff.title')} className="sd-tariff-card">
      {tariff.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={handleFinish}
          // The windows' message (a hole, an overlap) is read again as they change.
          onValuesChange={() => {
            if (form.getFieldError('windows').length > 0) {
              void form.validateFields(['windows']).catch(() => undefined);
            }
          }} requiredMark={false} initialValues={{ windows: tariff.data?.windows ?? [] }}>
          <p className="sd-muted">{t('tariff.description', { zone: tariff.data?.timeZone ?? '' })}</p>
          <Form.List
            name="windows"
            rules={[
              {
                validator: async (_rule, rows: TariffRow[] | undefined) => {
                  const problem = tariffRowsProblem(rows ?? []);
                  if (problem) {
                    throw new Error(problemText(problem));
                  }
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tariff.empty')} className="sd-tariff-card__empty">
                    <Button onClick={() => form.setFieldsValue({ windows: exampleTariff() })}>{t('tariff.example')}</Button>
                  </Empty>
                ) : (
                  <div className="sd-tariff-card__rows" role="list" aria-label={t('tariff.title')}>
                    {fields.map((field, index) => (
                      <div key={field.key} className="sd-tariff-card__row" role="listitem">
                        <Form.Item name={[field.name, 'period']} label={t('tariff.period')} rules={[required]} className="sd-tariff-card__period">
                          <Select
                            aria-label={t('tariff.periodOf', { index: index + 1 })}
                            options={periodOrder.map((period) => ({ value: period, label: t(`periods.${period}`) }))}
                            placeholder={t('tariff.periodPlaceholder')}
                          />
                        </Form.Item>
                        {(['start', 'end'] as const).map((edge) => (
                          <Form.Item
                            key={edge}
                            name={[field.name, edge]}
                            label={t(`tariff.${edge}`)}
                            className="sd-tariff-card__clock"
                            rules={[
                              required,
                              { validator: async (_rule, value: string | undefined) => { if (value && !isClock(value)) { throw new Error(validationMessage('validation.meter.clock', locale) ?? ''); } } },
                            ]}
                          >
                            <Input placeholder="HH:mm" maxLength={5} inputMode="numeric" aria-label={t(`tariff.${edge}Of`, { index: index + 1 })} />
                          </Form.Item>
                        ))}
                        <Form.Item name={[field.name, 'price']} label={t('tariff.price')} rules={[required]} className="sd-tariff-card__price">
                          <InputNumber min={0} max={meterLimits.priceMax} step={0.01} aria-label={t('tariff.priceOf', { index: index + 1 })} />
                        </Form.Item>
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('tariff.remove', { index: index + 1 })}
                          title={t('tariff.remove', { index: index + 1 })}
                          onClick={() => remove(field.name)}
                          className="sd-tariff-card__remove"
                        />
                      </div>
                    ))}
                  </div>
                )}
                <Form.ErrorList errors={errors} className="sd-tariff-card__errors" />
                <div className="sd-tariff-card__actions">
                  <Button icon={<PlusOutlined />} onClick={() => add({ period: 'flat' })} disabled={fields.length >= meterLimits.tariffWindowsMax}>
                    {t('tariff.add')}
                  </Button>
                  <span className="sd-muted sd-tariff-card__updated">
                    {tariff.data?.updatedAt ? t('tariff.updated', { time: formatDateTime(tariff.data.updatedAt) }) : t('tariff.none')}
                  </span>
                  <Button type="primary" htmlType="submit" loading={save.isPending}>
                    {t('tariff.save')}
                  </Button>
                </div>
              </>
            )}
          </Form.List>
        </Form>
      )}
    </Card>
  );
}
