import { useState } from 'react';
import { App, Form, InputNumber, Select } from 'antd';
import { limits, simLimits } from '@smartdata/domain';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/shared/components/FormModal';
import { useDebouncedValue } from '@/shared/hooks/useDebouncedValue';
import { useGatewayChoicesQuery } from '../api/cards';
import { useBindDeviceMutation } from '../api/bindDevice';

interface Values {
  deviceId: number;
  dataFrequency?: number;
  payloadBytes?: number | null;
}

/** Binds a card to a gateway of the company (one card per gateway), found by name or SN. */
export function BindDeviceModal({ cardId, number, open, onClose }: { cardId: number; number: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['sim', 'texts']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword, 300);
  const gateways = useGatewayChoicesQuery(search, open);
  const bind = useBindDeviceMutation();

  const handleFinish = ({ deviceId, dataFrequency, payloadBytes }: Values) =>
    bind.mutate(
      { id: cardId, deviceId, ...(dataFrequency ? { dataFrequency } : {}), ...(payloadBytes ? { payloadBytes } : {}) },
      {
        onSuccess: () => {
          void message.success(t('texts:operationSuccess'));
          onClose();
        },
      },
    );

  return (
    <FormModal<Values> open={open} title={t('bind.title', { number })} form={form} okText={t('bind.ok')} confirmLoading={bind.isPending} onFinish={handleFinish} onCancel={onClose}>
      <p className="sd-muted">{t('bind.description')}</p>
      <Form.Item name="deviceId" label={t('bind.gateway')} rules={[{ required: true, message: t('bind.required') }]}>
        <Select
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          aria-label={t('bind.gateway')}
          placeholder={t('bind.placeholder')}
          loading={gateways.isFetching}
          notFoundContent={gateways.isPending ? t('loading') : t('bind.none')}
          options={(gateways.data ?? []).map((gateway) => ({ value: gateway.id, label: `${gateway.name} (${gateway.sn})` }))}
        />
      </Form.Item>
      <div className="sd-sim-form__row sd-sim-form__row--two">
        <Form.Item name="dataFrequency" label={t('bind.frequency')}>
          <Select allowClear aria-label={t('bind.frequency')} options={limits.dataFrequencyMinutes.map((minutes) => ({ value: minutes, label: t('bind.minutes', { count: minutes }) }))} />
        </Form.Item>
        <Form.Item name="payloadBytes" label={t('bind.payload')}>
          <InputNumber min={1} max={simLimits.payloadBytesMax} precision={0} suffix={t('bind.bytes')} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <p className="sd-muted">{t('bind.rateHelp')}</p>
    </FormModal>
  );
}
