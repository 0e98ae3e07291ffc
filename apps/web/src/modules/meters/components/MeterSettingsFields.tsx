import { useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Radio, Select, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { meterLimits, MeterNodeType, numericFieldTypes, validationMessage } from '@smartdata/domain';
import { fetchTargetDevices } from '@/modules/alarms/api/targetDevices';
import { useDebouncedValue } from '@/shared/hooks/useDebouncedValue';
import { useLocale } from '@/shared/i18n/useLocale';
import { metersKeys } from '../api/keys';
import { useMeterListQuery } from '../api/meters';
import { useSourceItemQuery, useSourceItemsQuery } from '../api/sources';
import { formulaProblem, type MeterFormValues } from '../lib/meterForm';
import { messageText } from '../lib/meterText';

interface Props {
  form: FormInstance<MeterFormValues>;
  /** The meter being edited: its type cannot change, and it is left out of its own formula. */
  editing?: { id: number; name: string };
  /** Names of the meters and sources a saved meter already names (shown before the pickers load). */
  known?: { meters?: ReadonlyArray<{ meterId: number; meterName: string }>; sourceName?: string };
}

/** The data item field a standard meter reads: the item's numeric fields only. */
function FieldSelect({ itemId, ...rest }: { itemId: number | undefined; value?: string; onChange?: (value: string) => void; id?: string }) {
  const { t } = useTranslation('meters');
  const item = useSourceItemQuery(itemId);
  const options = (item.data?.fields ?? []).filter((field) => numericFieldTypes.includes(field.type)).map((field) => ({ value: field.fieldName, label: `${field.name}（${field.fieldName}${field.unit ? ` · ${field.unit}` : ''}）` }));
  return (
    <Select
      {...rest}
      disabled={itemId === undefined}
      loading={itemId !== undefined && item.isPending}
      options={options}
      placeholder={t('form.fieldPlaceholder')}
      notFoundContent={itemId === undefined ? t('form.chooseItemFirst') : t('form.noNumericField')}
    />
  );
}

/**
 * The settings of a meter shared by the cabin's dialog and the settings page: the type (standard
 * 101 / virtual 100), a standard meter's source (a data item's numeric field or a device's
 * telemetry key) and factor, a virtual meter's formula (meter × signed factor). Checked here
 * before anything is sent; the server checks again (cycles, sources the caller cannot read).
 */
export function MeterSettingsFields({ form, editing, known }: Props) {
  const { t } = useTranslation('meters');
  const locale = useLocale();
  const nodeType = Form.useWatch('nodeType', form);
  const sourceKind = Form.useWatch('sourceKind', form);
  const itemId = Form.useWatch('itemId', form);
  // The formula's own message (e.g. a meter twice) is read again as its terms change.
  const recheckFormula = () => {
    if (form.getFieldError('formula').length > 0) {
      void form.validateFields(['formula']).catch(() => undefined);
    }
  };
  const required = (key: string) => ({ required: true, message: validationMessage(key, locale) ?? t('form.required') });

  const items = useSourceItemsQuery();
  const itemOptions = useMemo(() => {
    const list = (items.data ?? []).map((item) => ({ value: item.id, label: item.name }));
    const current = form.getFieldValue('itemId') as number | undefined;
    if (current !== undefined && known?.sourceName && !list.some((option) => option.value === current)) {
      list.push({ value: current, label: known.sourceName });
    }
    return list;
  }, [items.data, form, known?.sourceName]);

  const [deviceSearch, setDeviceSearch] = useState('');
  const deviceKeyword = useDebouncedValue(deviceSearch, 250);
  const devices = useQuery({
    queryKey: [...metersKeys.all, 'devices', deviceKeyword],
    queryFn: ({ signal }) => fetchTargetDevices({ pageNum: 1, pageSize: 50, keyword: deviceKeyword || undefined }, signal),
    enabled: nodeType === MeterNodeType.standard && sourceKind === 'device',
    placeholderData: keepPreviousData,
  });
  const deviceOptions = (devices.data?.list ?? []).map((device) => ({ value: device.id, label: `${device.name}（${device.sn}）` }));
  const currentDevice = form.getFieldValue('deviceId') as number | undefined;
  if (currentDevice !== undefined && known?.sourceName && !deviceOptions.some((option) => option.value === currentDevice)) {
    deviceOptions.push({ value: currentDevice, label: known.sourceName });
  }

  const [meterSearch, setMeterSearch] = useState('');
  const meterKeyword = useDebouncedValue(meterSearch, 250);
  const meters = useMeterListQuery({ pageNum: 1, pageSize: 100, keyword: meterKeyword || undefined }, nodeType === MeterNodeType.virtual);
  const meterOptions = useMemo(() => {
    const list = (meters.data?.list ?? []).filter((meter) => meter.id !== editing?.id).map((meter) => ({ value: meter.id, label: `${meter.name} · ${t(`types.${meter.nodeType}`)}` }));
    for (const term of known?.meters ?? []) {
      if (!list.some((option) => option.value === term.meterId)) {
        list.push({ value: term.meterId, label: term.meterName || t('form.goneMeter', { id: term.meterId }) });
      }
    }
    return list;
  }, [meters.data, editing?.id, known?.meters, t]);

  return (
    <>
      <Form.Item name="nodeType" label={t('form.type')} extra={editing ? t('form.typeFixed') : undefined}>
        <Radio.Group
          disabled={Boolean(editing)}
          optionType="button"
          options={[
            { value: MeterNodeType.standard, label: t('types.101') },
            { value: MeterNodeType.virtual, label: t('types.100') },
          ]}
        />
      </Form.Item>
      {nodeType === MeterNodeType.standard && (
        <>
          <Form.Item name="sourceKind" label={t('form.source')}>
            <Radio.Group
              options={[
                { value: 'item', label: t('form.sourceItem') },
                { value: 'device', label: t('form.sourceDevice') },
              ]}
            />
          </Form.Item>
          {sourceKind === 'device' ? (
            <div className="sd-meter-form__pair">
              <Form.Item name="deviceId" label={t('form.device')} rules={[required('validation.required')]}>
                <Select
                  showSearch={{ filterOption: false, onSearch: setDeviceSearch }}
                  options={deviceOptions}
                  loading={devices.isFetching}
                  placeholder={t('form.devicePlaceholder')}
                  notFoundContent={t('form.noDevice')}
                />
              </Form.Item>
              <Form.Item name="key" label={t('form.key')} extra={t('form.keyHint')} rules={[required('validation.meter.keyRequired'), { max: meterLimits.fieldNameLength }]}>
                <Input placeholder="energy" maxLength={meterLimits.fieldNameLength} />
              </Form.Item>
            </div>
          ) : (
            <div className="sd-meter-form__pair">
              <Form.Item name="itemId" label={t('form.item')} rules={[required('validation.required')]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  options={itemOptions}
                  loading={items.isPending}
                  placeholder={t('form.itemPlaceholder')}
                  notFoundContent={t('form.noItem')}
                  onChange={() => form.setFieldValue('fieldName', undefined)}
                />
              </Form.Item>
              <Form.Item name="fieldName" label={t('form.field')} extra={t('form.fieldHint')} rules={[required('validation.meter.keyRequired')]}>
                <FieldSelect itemId={itemId} />
              </Form.Item>
            </div>
          )}
          <Form.Item
            name="factor"
            label={t('form.factor')}
            extra={t('form.factorHint')}
            rules={[
              {
                validator: async (_rule, value: number | null | undefined) => {
                  if (value !== null && value !== undefined && !(value > 0 && value <= meterLimits.meterFactorMax)) {
                    throw new Error(validationMessage('validation.meter.factor', locale) ?? '');
                  }
                },
              },
            ]}
          >
            <InputNumber min={0} max={meterLimits.meterFactorMax} placeholder="1" style={{ width: 160 }} />
          </Form.Item>
        </>
      )}
      {nodeType === MeterNodeType.virtual && (
        <Form.List
          name="formula"
          rules={[
            {
              validator: async (_rule, terms: MeterFormValues['formula']) => {
                const problem = formulaProblem(terms ?? [], editing?.id);
                if (problem === 'validation.meter.cycle') {
                  throw new Error(messageText(`${problem}|${editing?.name ?? ''} → ${editing?.name ?? ''}`, locale) ?? '');
                }
                if (problem) {
                  throw new Error(validationMessage(problem, locale) ?? problem);
                }
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <fieldset className="sd-meter-form__formula">
              <legend>{t('form.formula')}</legend>
              <p className="sd-muted sd-meter-form__hint">{t('form.formulaHint')}</p>
              {fields.map((field, index) => (
                <div key={field.key} className="sd-meter-form__term">
                  <Form.Item name={[field.name, 'meterId']} label={t('form.termMeter', { index: index + 1 })} rules={[required('validation.required')]}>
                    <Select
                      showSearch={{ filterOption: false, onSearch: setMeterSearch }}
                      options={meterOptions}
                      loading={meters.isFetching}
                      placeholder={t('form.meterPlaceholder')}
                      notFoundContent={t('form.noMeter')}
                      aria-label={t('form.termMeter', { index: index + 1 })}
                      onChange={recheckFormula}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'factor']} label={t('form.termFactor')} className="sd-meter-form__factor">
                    <InputNumber min={-meterLimits.termFactorMax} max={meterLimits.termFactorMax} step={1} placeholder="1" aria-label={t('form.termFactorOf', { index: index + 1 })} onChange={recheckFormula} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('form.removeTerm', { index: index + 1 })}
                    title={t('form.removeTerm', { index: index + 1 })}
                    onClick={() => remove(field.name)}
                    className="sd-meter-form__remove"
                  />
                </div>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ factor: 1 })}
                disabled={fields.length >= meterLimits.formulaTermsMax}
                block
              >
                {t('form.addTerm')}
              </Button>
            </fieldset>
          )}
        </Form.List>
      )}
    </>
  );
}
