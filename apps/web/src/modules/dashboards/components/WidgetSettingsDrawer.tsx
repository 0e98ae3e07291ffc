import { useState } from 'react';
import { App, Button, ColorPicker, Drawer, Form, Input, InputNumber, Select, Space, Typography, Upload } from 'antd';
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
  widgetDefaults,
  type WidgetKind,
  type WidgetOptions,
  type WidgetView,
} from '@smartdata/domain';
import { uploadObject } from '@/shared/api/objectUpload';
import { useLocale } from '@/shared/i18n/useLocale';
import { useBusy } from '@/shared/hooks/useBusy';
import { useDataItemListQuery } from '@/modules/data-items/api/getDataItemList';
import { useDataItemQuery } from '@/modules/data-items/api/getDataItem';
import { useChartsQuery } from '@/modules/charts/api/getCharts';
import { dashboardText } from '../lib/texts';

interface SettingsValues {
  title: string;
  itemId?: number;
  fields?: string[] | string;
  options: WidgetOptions;
}

/**
 * The options a widget of this kind uses when they are not set (widgetDefaults, the values
 * WidgetBody draws with): the drawer fills its boxes with them, so what a box shows is what is used.
 */
function shownDefaults(kind: WidgetKind): WidgetOptions {
  switch (kind) {
    case 'chart':
      return { chartKind: widgetDefaults.chartKind, aggregate: widgetDefaults.aggregate, bucket: widgetDefaults.bucket, rangePreset: widgetDefaults.rangePreset };
    case 'numberCard':
      return { aggregate: widgetDefaults.aggregate, rangePreset: widgetDefaults.rangePreset };
    case 'gauge':
      return { aggregate: widgetDefaults.aggregate, rangePreset: widgetDefaults.rangePreset, min: widgetDefaults.gaugeMin, max: widgetDefaults.gaugeMax };
    case 'table':
      return { rows: widgetDefaults.rows };
    case 'text':
      return { fontSize: widgetDefaults.fontSize };
    case 'savedChart':
    case 'image':
    case 'clock':
    case 'deviceStatus':
    case 'alarmList':
      return {};
  }
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
  const { t: tc } = useTranslation('charts');
  const savedChart = widget.kind === 'savedChart';
  const picksItem = isDataWidget(widget.kind) || savedChart;
  const singleField = widget.kind === 'numberCard' || widget.kind === 'gauge';
  const boundItem = widget.access === 'ok' ? (savedChart ? widget.chart?.itemId : widget.binding?.itemId) : undefined;
  const [initialValues] = useState<SettingsValues>(() => ({
    title: widget.title,
    itemId: boundItem,
    fields: widget.access === 'ok' ? (singleField ? widget.binding?.fields[0] : widget.binding?.fields) : undefined,
    options: { ...shownDefaults(widget.kind), ...widget.options, ...(savedChart && widget.access !== 'ok' ? { chartId: undefined } : {}) },
  }));
  // The chosen item in state of its own: the field select and the item query follow it.
  const [itemId, setItemId] = useState<number | undefined>(boundItem);
  const items = useDataItemListQuery({}, picksItem);
  const item = useDataItemQuery(itemId ?? 0);
  const charts = useChartsQuery({ itemId: savedChart ? (itemId ?? 0) : 0, pageNum: 1, pageSize: 100 });
  const chartId = Form.useWatch(['options', 'chartId'], form);
  const chosenChart = charts.data?.list.find((c) => c.id === chartId);
  const [uploading, runUploading] = useBusy();

  const numericFields = (item.data?.fields ?? []).filter((f) => widget.kind === 'table' || f.type === 1 || f.type === 2 || f.type === 10);

  const handleFinish = (values: SettingsValues) => {
    const fields = values.fields === undefined ? [] : Array.isArray(values.fields) ? values.fields : [values.fields];
    const options: WidgetOptions = { ...widget.options, ...values.options };
    if (options.color && typeof options.color !== 'string') {
      options.color = (options.color as { toHexString: () => string }).toHexString();
    }
    if (savedChart) {
      const chart = charts.data?.list.find((c) => c.id === options.chartId);
      if (chart && item.data) {
        onApply({
          ...widget,
          title: values.title.trim(),
          options,
          binding: null,
          access: 'ok',
          item: { id: item.data.id, name: item.data.name, fields: item.data.fields.map((f) => ({ fieldName: f.fieldName, name: f.name, type: f.type, unit: f.unit })) },
          chart,
        });
      }
      return;
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
    await runUploading(async () => {
      const key = await uploadObject(file, 'public');
      form.setFieldValue(['options', 'imageKey'], key);
      form.setFieldValue(['options', 'imageUrl'], publicObjectPath(key));
    });
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
        {picksItem && (
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
                  form.setFieldValue(['options', 'chartId'], undefined);
                }}
                notFoundContent={t('settings.noItems')}
              />
            </Form.Item>
          </>
        )}
        {savedChart && (
          <Form.Item
            name={['options', 'chartId']}
            label={t('settings.chart')}
            rules={[{ required: true, message: t('settings.chartRequired') }]}
            extra={
              <>
                {chosenChart && (
                  <Typography.Text type="secondary" data-testid="chart-summary">
                    {tc('meta', {
                      kind: tc(`kinds.${chosenChart.kind}`),
                      bucket: tc(`buckets.${chosenChart.bucket}`),
                      range: 'preset' in chosenChart.range ? tc(`presets.${chosenChart.range.preset}`) : tc('presets.custom'),
                    })}
                  </Typography.Text>
                )}
                <div>{t('settings.chartHint')}</div>
              </>
            }
          >
            <Select
              disabled={!itemId}
              loading={charts.isFetching}
              placeholder={t('settings.chartPlaceholder')}
              options={(charts.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
              notFoundContent={t('settings.noCharts')}
            />
          </Form.Item>
        )}
        {isDataWidget(widget.kind) && (
          <>
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
              <Select options={chartAggregates.map((a) => ({ value: a, label: a === 'none' ? t('settings.latest') : t(`aggregate.${a}`) }))} />
            </Form.Item>
            <Form.Item name={['options', 'rangePreset']} label={t('settings.range')}>
              <Select options={timeRangePresets.map((p) => ({ value: p, label: t(`range.${p}`) }))} />
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

/**
 * The settings drawer of the widget being edited, if any, for both editors (grid and canvas):
 * applying replaces the widget in the board's list.
 */
export function EditingWidgetSettings({ widget, onChange, onClose }: { widget: WidgetView | null; onChange: (update: (current: WidgetView[]) => WidgetView[]) => void; onClose: () => void }) {
  if (!widget) {
    return null;
  }
  return (
    <WidgetSettingsDrawer
      key={widget.id}
      widget={widget}
      onClose={onClose}
      onApply={(next) => {
        onChange((current) => current.map((w) => (w.id === next.id ? next : w)));
        onClose();
      }}
    />
  );
}
