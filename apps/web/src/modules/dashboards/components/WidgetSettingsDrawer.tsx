import { useState } from 'react';
import { App, Button, ColorPicker, Drawer, Form, Input, InputNumber, Select, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  chartAggregates,
  chartBuckets,
  dashboardLimits,
  isDataWidget,
  limits,
  publicObjectPath,
  timeRangePresets,
  widgetChartKinds,
  type WidgetOptions,
  type WidgetView,
} from '@smartdata/domain';
import { uploadObject } from '@/shared/api/objectUpload';
import { useLocale } from '@/shared/i18n/useLocale';
import { useDataItemListQuery } from '@/modules/data-items/api/getDataItemList';
import { useDataItemQuery } from '@/modules/data-items/api/getDataItem';
import { dashboardText } from '../lib/texts';

interface SettingsValues {
  title: string;
  itemId?: number;
  fields?: string[] | string;
  options: WidgetOptions;
}

interface WidgetSettingsDrawerProps {
  widget: WidgetView;
  onApply: (widget: WidgetView) => void;
  onClose: () => void;
}

/**
 * A widget's settings: its title, the data item and fields it shows (only items the user may
 * read: the picker lists getDataItemList), and the options of its kind.
 *
 * Mounted once per opening (the pages render it with `key={widget.id}` only while a widget is being
 * edited): its form and its chosen item start from this widget and nothing of the previous opening
 * survives. A form instance that outlived the drawer kept the previous widget's item in its store,
 * so choosing the same item again changed nothing and the field select stayed disabled (CI run of
 * stop 24).
 */
export function WidgetSettingsDrawer({ widget, onApply, onClose }: WidgetSettingsDrawerProps) {
  const { t } = useTranslation('dashboards');
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingsValues>();
  const singleField = widget.kind === 'numberCard' || widget.kind === 'gauge';
  const boundItem = widget.access === 'ok' ? widget.binding?.itemId : undefined;
  const [initialValues] = useState<SettingsValues>(() => ({
    title: widget.title,
    itemId: boundItem,
    fields: widget.access === 'ok' ? (singleField ? widget.binding?.fields[0] : widget.binding?.fields) : undefined,
    options: widget.options,
  }));
  // The chosen item in state of its own: the field select and the item query follow it.
  const [itemId, setItemId] = useState<number | undefined>(boundItem);
  const items = useDataItemListQuery({}, isDataWidget(widget.kind));
  const item = useDataItemQuery(itemId ?? 0);
  const [uploading, setUploading] = useState(false);

  const numericFields = (item.data?.fields ?? []).filter((f) => widget.kind === 'table' || f.type === 1 || f.type === 2 || f.type === 10);

  const handleFinish = (values: SettingsValues) => {
    const fields = values.fields === undefined ? [] : Array.isArray(values.fields) ? values.fields : [values.fields];
    const options: WidgetOptions = { ...widget.options, ...values.options };
    if (options.color && typeof options.color !== 'string') {
      options.color = (options.color as { toHexString: () => string }).toHexString();
    }
    if (isDataWidget(widget.kind) && values.itemId && item.data) {
      onApply({
        ...widget,
        title: values.title.trim(),
        options,
        binding: { itemId: values.itemId, fields },
        access: 'ok',
        item: { id: item.data.id, name: item.data.name, fields: item.data.fields.map((f) => ({ fieldName: f.fieldName, name: f.name, type: f.type, unit: f.unit })) },
      });
    } else {
      onApply({ ...widget, title: values.title.trim(), options, ...(isDataWidget(widget.kind) ? { binding: null, access: 'unbound' as const, item: null } : {}) });
    }
  };

  const handleImage = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      void message.error(t('widget.imageFormat'));
      return;
    }
    if (file.size > limits.imageMaxBytes) {
      void message.error(t('widget.imageTooLarge'));
      return;
    }
    setUploading(true);
    try {
      const key = await uploadObject(file, 'public');
      form.setFieldValue(['options', 'imageKey'], key);
      form.setFieldValue(['options', 'imageUrl'], publicObjectPath(key));
    } catch {
      // Shown by the upload helper.
    } finally {
      setUploading(false);
    }
  };

  return (
    <Drawer
      open
      width={480}
      title={t('settings.title', { kind: t(`kind.${widget.kind}`) })}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" onClick={() => form.submit()}>
            {t('actions.apply')}
          </Button>
        </Space>
      }
    >
      <Form<SettingsValues> form={form} layout="vertical" initialValues={initialValues} onFinish={handleFinish} requiredMark>
        <Form.Item name="title" label={t('settings.widgetTitle')} rules={[{ max: dashboardLimits.widgetTitleLength, message: dashboardText('validation.dashboard.titleTooLong', locale) }]}>
          <Input maxLength={dashboardLimits.widgetTitleLength} showCount autoFocus />
        </Form.Item>
        {isDataWidget(widget.kind) && (
          <>
            {widget.access === 'noPermission' && <p className="sd-muted">{t('widget.noPermissionHint')}</p>}
            <Form.Item name="itemId" label={t('settings.item')} rules={[{ required: true, message: t('settings.itemRequired') }]}>
              <Select
                showSearch
                optionFilterProp="label"
                loading={items.isPending}
                placeholder={t('settings.itemPlaceholder')}
                options={(items.data?.list ?? []).map((i) => ({ value: i.id, label: i.name }))}
                onChange={(value: number) => {
                  setItemId(value);
                  form.setFieldValue('fields', undefined);
                }}
                notFoundContent={t('settings.noItems')}
              />
            </Form.Item>
            <Form.Item name="fields" label={t('settings.fields')} rules={[{ required: true, message: dashboardText('validation.dashboard.fieldRequired', locale) }]}>
              <Select
                mode={singleField ? undefined : 'multiple'}
                maxCount={singleField ? undefined : dashboardLimits.fieldsPerWidgetMax}
                disabled={!itemId}
                loading={item.isFetching}
                placeholder={t('settings.fieldsPlaceholder')}
                options={numericFields.map((f) => ({ value: f.fieldName, label: `${f.name} (${f.fieldName})` }))}
              />
            </Form.Item>
          </>
        )}
        {widget.kind === 'chart' && (
          <>
            <Form.Item name={['options', 'chartKind']} label={t('settings.chartKind')}>
              <Select options={widgetChartKinds.map((k) => ({ value: k, label: t(`chartKind.${k}`) }))} />
            </Form.Item>
            <Space>
              <Form.Item name={['options', 'aggregate']} label={t('settings.aggregate')}>
                <Select style={{ width: 120 }} options={chartAggregates.map((a) => ({ value: a, label: t(`aggregate.${a}`) }))} />
              </Form.Item>
              <Form.Item name={['options', 'bucket']} label={t('settings.bucket')}>
                <Select style={{ width: 120 }} options={chartBuckets.map((b) => ({ value: b, label: t(`bucket.${b}`) }))} />
              </Form.Item>
            </Space>
            <Form.Item name={['options', 'rangePreset']} label={t('settings.range')}>
              <Select options={timeRangePresets.map((p) => ({ value: p, label: t(`range.${p}`) }))} />
            </Form.Item>
          </>
        )}
        {(widget.kind === 'gauge' || widget.kind === 'numberCard') && (
          <>
            <Form.Item name={['options', 'aggregate']} label={t('settings.aggregate')} extra={t('settings.aggregateHint')}>
              <Select allowClear placeholder={t('settings.latest')} options={chartAggregates.map((a) => ({ value: a, label: a === 'none' ? t('settings.latest') : t(`aggregate.${a}`) }))} />
            </Form.Item>
            {/* Left empty, the widget reads today (WidgetBody); the placeholder says so. */}
            <Form.Item name={['options', 'rangePreset']} label={t('settings.range')}>
              <Select allowClear placeholder={t('range.today')} options={timeRangePresets.map((p) => ({ value: p, label: t(`range.${p}`) }))} />
            </Form.Item>
          </>
        )}
        {widget.kind === 'gauge' && (
          <Space>
            <Form.Item name={['options', 'min']} label={t('settings.min')}>
              <InputNumber />
            </Form.Item>
            <Form.Item
              name={['options', 'max']}
              label={t('settings.max')}
              dependencies={[['options', 'min']]}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: number | undefined) => {
                    const min = getFieldValue(['options', 'min']) as number | undefined;
                    if (value !== undefined && value !== null && min !== undefined && min !== null && min >= value) {
                      throw new Error(dashboardText('validation.dashboard.minMax', locale));
                    }
                  },
                }),
              ]}
            >
              <InputNumber />
            </Form.Item>
          </Space>
        )}
        {(widget.kind === 'gauge' || widget.kind === 'numberCard') && (
          <Form.Item name={['options', 'unit']} label={t('settings.unit')}>
            <Input maxLength={dashboardLimits.widgetUnitLength} style={{ width: 160 }} />
          </Form.Item>
        )}
        {widget.kind === 'table' && (
          <Form.Item name={['options', 'rows']} label={t('settings.rows')}>
            <InputNumber min={1} max={dashboardLimits.tableRowsMax} />
          </Form.Item>
        )}
        {widget.kind === 'text' && (
          <>
            <Form.Item name={['options', 'text']} label={t('settings.text')} rules={[{ max: dashboardLimits.textLength, message: dashboardText('validation.tooLong', locale) }]}>
              <Input.TextArea maxLength={dashboardLimits.textLength} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
            <Form.Item name={['options', 'fontSize']} label={t('settings.fontSize')}>
              <InputNumber min={dashboardLimits.fontSizeMinPx} max={dashboardLimits.fontSizeMaxPx} addonAfter="px" />
            </Form.Item>
          </>
        )}
        {(widget.kind === 'text' || widget.kind === 'numberCard') && (
          <Form.Item name={['options', 'color']} label={t('settings.color')}>
            <ColorPicker format="hex" disabledAlpha />
          </Form.Item>
        )}
        {widget.kind === 'image' && (
          <Form.Item label={t('settings.image')} extra={t('settings.imageHint')}>
            <Form.Item name={['options', 'imageUrl']} hidden>
              <Input />
            </Form.Item>
            <Form.Item name={['options', 'imageKey']} hidden>
              <Input />
            </Form.Item>
            <Upload accept="image/png,image/jpeg,image/gif,image/webp" showUploadList={false} beforeUpload={(file) => {
                void handleImage(file);
                return false;
              }}>
              <Button icon={<UploadOutlined />} loading={uploading}>
                {t('settings.upload')}
              </Button>
            </Upload>
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
