import { useMemo } from 'react';
import { Alert, App, Button, Card, Checkbox, DatePicker, Empty, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  addChartRequest,
  chartAggregates,
  chartBuckets,
  chartableFieldTypes,
  categoryFieldTypes,
  chartCategoryLimits,
  chartKinds,
  chartLimits,
  chartNameMax,
  timeRangePresets,
  validationMessage,
  type AddChartRequest,
  type ChartAggregate,
  type ChartBucket,
  type ChartConfig,
  type ChartKind,
  type DataItemDetail,
  type TimeRange,
  type TimeRangePreset,
} from '@smartdata/domain';
import { ApiError } from '@/shared/api/ApiError';
import { PageHeader } from '@/shared/components/PageHeader';
import { domainRule } from '@/shared/forms/domainRule';
import { useDebouncedValue } from '@/shared/hooks/useDebouncedValue';
import { useLocale } from '@/shared/i18n/useLocale';
import { useDataItemQuery } from '@/modules/data-items/api/getDataItem';
import { ItemStatus } from '@/modules/data-items/components/ItemStatus';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { timeRangeParam } from '@/shared/utils/timeRange';
import { useChartConfigQuery } from '../api/getChart';
import { useSaveChartMutation } from '../api/saveChart';
import { ChartView } from '../components/ChartView';
import { timeFormatter } from '../lib/chartData';
import { chartPagePath } from '@/shared/routing/chartPaths';
import { crossFieldRule } from '@/shared/forms/crossFieldRule';
import '../charts.css';

interface ConfigValues {
  name: string;
  kind: ChartKind;
  series: Array<{ field?: string; aggregate: ChartAggregate }>;
  bucket: ChartBucket;
  /** The x axis: time, or the values of a text field (a category axis). */
  axis: 'time' | 'category';
  categoryField?: string;
  categoryTop?: number | null;
  preset: TimeRangePreset | 'custom';
  days?: [Dayjs, Dayjs];
  smooth?: boolean;
  stack?: boolean;
  min?: number | null;
  max?: number | null;
  decimals?: number | null;
}

/** The request a form state stands for, or null while it is incomplete. */
function requestOf(itemId: number, values: Partial<ConfigValues>, timeZone: string): AddChartRequest | null {
  let range: TimeRange | undefined;
  if (values.preset === 'custom') {
    range = values.days ? timeRangeParam({ kind: 'custom', from: values.days[0].format('YYYY-MM-DD'), to: values.days[1].format('YYYY-MM-DD') }, timeZone) : undefined;
  } else if (values.preset) {
    range = { preset: values.preset };
  }
  const series = (values.series ?? []).filter((s): s is { field: string; aggregate: ChartAggregate } => Boolean(s?.field)).map((s) => ({ field: s.field, aggregate: s.aggregate ?? 'none' }));
  if (!range || series.length === 0 || !values.kind) {
    return null;
  }
  const options = {
    smooth: values.kind === 'line' || values.kind === 'area' ? values.smooth === true : undefined,
    stack: values.kind === 'bar' || values.kind === 'area' ? values.stack === true : undefined,
    min: values.kind === 'gauge' && typeof values.min === 'number' ? values.min : undefined,
    max: values.kind === 'gauge' && typeof values.max === 'number' ? values.max : undefined,
    decimals: typeof values.decimals === 'number' ? values.decimals : undefined,
  };
  if (values.axis === 'category' && !values.categoryField) {
    return null;
  }
  const category = values.axis === 'category' && values.categoryField ? { field: values.categoryField, top: values.categoryTop ?? chartCategoryLimits.topDefault } : null;
  const parsed = addChartRequest.safeParse({ itemId, name: values.name ?? '', kind: values.kind, series, bucket: values.bucket ?? 'raw', range, options, category });
  return parsed.success ? parsed.data : { itemId, name: values.name ?? '', kind: values.kind, series, bucket: values.bucket ?? 'raw', range, options, category };
}

function initialValues(chart: ChartConfig | undefined, timeZone: string): ConfigValues {
  if (!chart) {
    return { name: '', kind: 'line', series: [{ field: undefined, aggregate: 'none' }], bucket: 'raw', axis: 'time', categoryTop: chartCategoryLimits.topDefault, preset: 'today', smooth: false, stack: false };
  }
  const format = timeFormatter(timeZone);
  const custom = 'preset' in chart.range ? null : chart.range;
  return {
    name: chart.name,
    kind: chart.kind,
    series: chart.series,
    bucket: chart.bucket,
    axis: chart.category ? 'category' : 'time',
    categoryField: chart.category?.field,
    categoryTop: chart.category?.top ?? chartCategoryLimits.topDefault,
    preset: 'preset' in chart.range ? chart.range.preset : 'custom',
    days: custom && custom.from !== undefined && custom.to !== undefined ? [dayjs(format(custom.from, 'day')), dayjs(format(custom.to - 1, 'day'))] : undefined,
    smooth: chart.options.smooth,
    stack: chart.options.stack,
    min: chart.options.min ?? null,
    max: chart.options.max ?? null,
    decimals: chart.options.decimals ?? null,
  };
}

/**
 * /smartdata/chart/chartConfig/{itemId}/{chartId}/{itemName}/{id}: a chart of a data item — name,
 * kind, fields with their aggregate, time bucket, time range, display options — with a live
 * preview. chartId 0 makes a new chart. Read-write on the item (the server checks again).
 */
export function ChartConfigPage() {
  const { itemId: itemParam, chartId: chartParam } = useParams();
  const item = useDataItemQuery(Number(itemParam));
  const chartId = Number(chartParam) || 0;
  const chart = useChartConfigQuery(chartId);
  if (!item.data || (chartId > 0 && !chart.data)) {
    return (
      <div className="sd-page">
        <ItemStatus error={item.error ?? chart.error} />
      </div>
    );
  }
  return <ChartConfigForm key={`${item.data.id}-${chartId}`} item={item.data} chart={chart.data} />;
}

function ChartConfigForm({ item, chart }: { item: DataItemDetail; chart?: ChartConfig }) {
  const { t } = useTranslation('charts');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const locale = useLocale();
  const timeZone = useCompanyTimeZone();
  const [form] = Form.useForm<ConfigValues>();
  const save = useSaveChartMutation(item.id);
  const numericFields = item.fields.filter((f) => chartableFieldTypes.includes(f.type));
  const textFields = item.fields.filter((f) => categoryFieldTypes.includes(f.type));
  const canWrite = item.level === 'readWrite' || item.level === 'admin';
  const initial = useMemo(() => initialValues(chart, timeZone), [chart, timeZone]);
  const watched = Form.useWatch([], form) as Partial<ConfigValues> | undefined;
  const kind = Form.useWatch('kind', form) ?? initial.kind;
  const preset = Form.useWatch('preset', form) ?? initial.preset;
  const axis = Form.useWatch('axis', form) ?? initial.axis;
  // Grouping needs an aggregate: raw values are offered on the time axis only.
  const aggregates = axis === 'category' ? chartAggregates.filter((a) => a !== 'none') : chartAggregates;
  const handleAxis = (next: ConfigValues['axis']) => {
    if (next === 'category') {
      const series = (form.getFieldValue('series') as ConfigValues['series'] | undefined) ?? [];
      form.setFieldValue(
        'series',
        series.map((s) => ({ ...s, aggregate: s.aggregate === 'none' ? 'SUM' : s.aggregate })),
      );
    }
  };
  const preview = useDebouncedValue(useMemo(() => requestOf(item.id, watched ?? initial, timeZone), [item.id, watched, initial, timeZone]), 400);
  const link = { id: item.id, name: item.name, nodeId: item.nodeId };
  const required = (text: string) => ({ required: true, message: text });

  const handleFinish = async (values: ConfigValues) => {
    const request = requestOf(item.id, values, timeZone);
    if (!request) {
      return;
    }
    try {
      const saved = await save.mutateAsync(chart ? { ...request, id: chart.id } : request);
      void message.success(t('config.saved'));
      void navigate(chartPagePath(link, { id: saved.id, name: request.name, kind: request.kind }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 40900) {
        form.setFields([{ name: 'name', errors: [error.message] }]);
      }
    }
  };

  return (
    <div className="sd-page sd-page--wide">
      <PageHeader title={chart ? t('config.titleEdit') : t('config.titleNew')} description={t('config.description', { item: item.name })} />
      {!canWrite && <Alert type="warning" showIcon message={t('view.denied')} style={{ marginBottom: 16 }} />}
      {numericFields.length === 0 && <Alert type="info" showIcon message={t('config.noNumericFields')} style={{ marginBottom: 16 }} />}
      <div className="sd-charts sd-chart-config">
        <Card size="small">
          <Form<ConfigValues> form={form} layout="vertical" initialValues={initial} onFinish={(values) => void handleFinish(values)} disabled={!canWrite} requiredMark>
            <Form.Item
              name="name"
              label={t('config.name')}
              rules={[required(validationMessage('validation.nameRequired', locale) ?? ''), { whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' }, domainRule(addChartRequest.shape.name, t)]}
            >
              <Input maxLength={chartNameMax} showCount autoFocus />
            </Form.Item>
            <Form.Item name="kind" label={t('config.kind')} rules={[required(t('config.kind'))]}>
              <Select options={chartKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
            </Form.Item>
            <Form.Item label={t('config.series')} required>
              <Form.List
                name="series"
                rules={[
                  {
                    validator: async (_rule, value: ConfigValues['series']) => {
                      const keys = (value ?? []).filter((s) => s?.field).map((s) => `${s.field}|${s.aggregate}`);
                      if (new Set(keys).size !== keys.length) {
                        throw new Error(validationMessage('chart.seriesDuplicate', locale) ?? '');
                      }
                    },
                  },
                ]}
              >
                {(rows, { add, remove }, { errors }) => (
                  <>
                    {rows.map((row) => (
                      <div key={row.key} className="sd-chart-config__series">
                        <Form.Item name={[row.name, 'field']} rules={[required(t('config.fieldRequired'))]} style={{ flex: 3, marginBottom: 0 }}>
                          <Select aria-label={t('config.field')} placeholder={t('config.field')} options={numericFields.map((f) => ({ value: f.fieldName, label: f.unit ? `${f.name} (${f.unit})` : f.name }))} />
                        </Form.Item>
                        <Form.Item name={[row.name, 'aggregate']} style={{ flex: 2, marginBottom: 0 }}>
                          <Select aria-label={t('config.aggregate')} options={aggregates.map((a) => ({ value: a, label: t(`aggregates.${a}`) }))} />
                        </Form.Item>
                        <Button type="text" icon={<DeleteOutlined />} aria-label={t('actions.removeSeries')} disabled={rows.length <= 1} onClick={() => remove(row.name)} />
                      </div>
                    ))}
                    <Button type="dashed" icon={<PlusOutlined />} disabled={rows.length >= chartLimits.seriesMax} onClick={() => add({ field: undefined, aggregate: axis === 'category' ? 'SUM' : 'none' })} block>
                      {t('actions.addSeries')}
                    </Button>
                    <Form.ErrorList errors={errors} />
                  </>
                )}
              </Form.List>
            </Form.Item>
            <Form.Item name="axis" label={t('config.axis')} extra={axis === 'category' ? (textFields.length > 0 ? t('config.categoryHint') : t('config.noTextFields')) : undefined}>
              <Radio.Group
                optionType="button"
                onChange={(event) => handleAxis(event.target.value as ConfigValues['axis'])}
                options={[
                  { value: 'time', label: t('config.axisTime') },
                  { value: 'category', label: t('config.axisCategory') },
                ]}
              />
            </Form.Item>
            {axis === 'category' ? (
              <Space wrap size={16} align="start">
                <Form.Item name="categoryField" label={t('config.categoryField')} rules={[required(t('config.categoryFieldRequired'))]} style={{ minWidth: 220 }}>
                  <Select placeholder={t('config.categoryField')} options={textFields.map((f) => ({ value: f.fieldName, label: f.name }))} />
                </Form.Item>
                <Form.Item name="categoryTop" label={t('config.categoryTop')}>
                  <InputNumber min={1} max={chartCategoryLimits.topMax} precision={0} />
                </Form.Item>
              </Space>
            ) : (
              <Form.Item name="bucket" label={t('config.bucket')}>
                <Select options={chartBuckets.map((b) => ({ value: b, label: t(`buckets.${b}`) }))} />
              </Form.Item>
            )}
            <Form.Item name="preset" label={t('config.range')}>
              <Radio.Group optionType="button" buttonStyle="solid" options={[...timeRangePresets, 'custom' as const].map((p) => ({ value: p, label: t(`presets.${p}`) }))} />
            </Form.Item>
            {preset === 'custom' && (
              <Form.Item name="days" rules={[required(t('config.rangeRequired'))]}>
                <DatePicker.RangePicker allowClear={false} aria-label={t('presets.custom')} placeholder={[t('config.from'), t('config.to')]} />
              </Form.Item>
            )}
            <Space wrap size={16}>
              {(kind === 'line' || kind === 'area') && (
                <Form.Item name="smooth" valuePropName="checked">
                  <Checkbox>{t('config.smooth')}</Checkbox>
                </Form.Item>
              )}
              {(kind === 'bar' || kind === 'area') && (
                <Form.Item name="stack" valuePropName="checked">
                  <Checkbox>{t('config.stack')}</Checkbox>
                </Form.Item>
              )}
              {kind === 'gauge' && (
                <>
                  <Form.Item name="min" label={t('config.min')}>
                    <InputNumber />
                  </Form.Item>
                  <Form.Item name="max" label={t('config.max')} dependencies={['min']} rules={[crossFieldRule<number | null>('min', (max, min) => typeof max === 'number' && typeof min === 'number' && max <= min && `${t('config.max')} > ${t('config.min')}`)]}>
                    <InputNumber />
                  </Form.Item>
                </>
              )}
              {(kind === 'numberCard' || kind === 'gauge' || kind === 'table') && (
                <Form.Item name="decimals" label={t('config.decimals')}>
                  <InputNumber min={0} max={chartLimits.decimalsMax} precision={0} />
                </Form.Item>
              )}
            </Space>
            <Space className="sd-chart-config__actions">
              <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!canWrite || numericFields.length === 0}>
                {t('actions.save')}
              </Button>
              <Button disabled={false} onClick={() => void navigate(chartPagePath(link, chart ? { id: chart.id, name: chart.name, kind: chart.kind } : null))}>
                {t('actions.cancel')}
              </Button>
            </Space>
          </Form>
        </Card>
        <Card size="small" title={t('config.preview')}>
          {preview ? (
            <ChartView itemId={item.id} kind={preview.kind} series={preview.series} bucket={preview.bucket} range={preview.range} options={preview.options} category={preview.category} height={360} />
          ) : (
            <Empty description={t('config.fieldRequired')} />
          )}
        </Card>
      </div>
    </div>
  );
}
