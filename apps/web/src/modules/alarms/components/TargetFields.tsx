import { useState } from 'react';
import { Form, Radio, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { numericFieldTypes } from '@smartdata/domain';
import { useDataItemListQuery } from '@/modules/data-items/api/getDataItemList';
import { useDataItemQuery } from '@/modules/data-items/api/getDataItem';
import { useDebouncedValue } from '@/shared/hooks/useDebouncedValue';
import { useTargetDevicesQuery } from '../api/targetDevices';
import type { RuleFormValues } from '../lib/ruleForm';

/** How many devices the picker offers at a time (typing narrows them). */
const DEVICE_PAGE_SIZE = 50;

/**
 * The target of a rule: a numeric field of a data item the user may read (the items come from
 * getDataItemList, the fields from getDataItem) or a device's online state.
 */
export function TargetFields({ form, deviceName }: { form: FormInstance<RuleFormValues>; deviceName?: string }) {
  const { t } = useTranslation('alarms');
  const targetKind = Form.useWatch('targetKind', form) ?? 'field';
  const itemId = Form.useWatch('itemId', form);
  const deviceId = Form.useWatch('deviceId', form);
  const items = useDataItemListQuery({}, targetKind === 'field');
  const item = useDataItemQuery(targetKind === 'field' ? (itemId ?? 0) : 0);
  const [deviceKeyword, setDeviceKeyword] = useState('');
  const keyword = useDebouncedValue(deviceKeyword, 300);
  const devices = useTargetDevicesQuery(keyword, DEVICE_PAGE_SIZE, targetKind === 'deviceOnline');
  const numericFields = (item.data?.fields ?? []).filter((f) => numericFieldTypes.includes(f.type));
  const deviceOptions = (devices.data?.list ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` }));
  if (deviceId !== undefined && deviceName && !deviceOptions.some((o) => o.value === deviceId)) {
    deviceOptions.unshift({ value: deviceId, label: deviceName });
  }

  return (
    <>
      <Form.Item name="targetKind" label={t('ruleForm.targetKind')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'field', label: t('target.field') },
            { value: 'deviceOnline', label: t('target.deviceOnline') },
          ]}
        />
      </Form.Item>
      {targetKind === 'field' ? (
        <div className="sd-alarm-form__row">
          <Form.Item name="itemId" label={t('ruleForm.item')} rules={[{ required: true, message: t('ruleForm.itemRequired') }]} className="sd-alarm-form__grow">
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={items.isPending}
              placeholder={t('ruleForm.itemPlaceholder')}
              options={(items.data?.list ?? []).map((i) => ({ value: i.id, label: i.name }))}
              onChange={() => form.setFieldValue('fieldName', undefined)}
            />
          </Form.Item>
          <Form.Item
            name="fieldName"
            label={t('ruleForm.field')}
            rules={[{ required: true, message: t('ruleForm.fieldRequired') }]}
            className="sd-alarm-form__grow"
            help={itemId && item.data && numericFields.length === 0 ? t('ruleForm.noNumericField') : undefined}
          >
            <Select
              disabled={!itemId}
              loading={item.isFetching}
              placeholder={t('ruleForm.fieldPlaceholder')}
              options={numericFields.map((f) => ({ value: f.fieldName, label: f.unit ? `${f.name} (${f.unit})` : f.name }))}
            />
          </Form.Item>
        </div>
      ) : (
        <Form.Item name="deviceId" label={t('ruleForm.device')} rules={[{ required: true, message: t('ruleForm.deviceRequired') }]} extra={t('target.deviceOnlineHint')}>
          <Select
            showSearch={{ filterOption: false, onSearch: setDeviceKeyword }}
            loading={devices.isFetching}
            placeholder={t('ruleForm.devicePlaceholder')}
            options={deviceOptions}
          />
        </Form.Item>
      )}
    </>
  );
}
