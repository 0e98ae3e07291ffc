import { useState } from 'react';
import { Card, DatePicker, Empty, Form, Select, Table, Tag, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { MeterLogQuery, MeterLogRow } from '@smartdata/domain';
import { timeRangePresets } from '@/modules/system/components/timeRangePresets';
import { FilterForm } from '@/shared/components/list/FilterForm';
import { PageHeader } from '@/shared/components/PageHeader';
import { useDebouncedValue } from '@/shared/hooks/useDebouncedValue';
import { useLocale } from '@/shared/i18n/useLocale';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAllMetersQuery, useMeterLogQuery } from '../api/meters';
import { formatKwh } from '../lib/meterText';
import '../meters.css';

interface FilterValues {
  meterId?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const PAGE_SIZE = 31;

/**
 * /systemMaintenance/systememeterlog (system_e_meter_log): a meter's readings per local day —
 * how many arrived, the first and last, counter resets, the day's consumption — and its gaps;
 * filtered by meter (any company) and days, paged.
 */
export function MeterLogPage() {
  const { t } = useTranslation(['meters', 'system']);
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  const initialMeter = Number(searchParams.get('meterId')) || undefined;
  const [form] = Form.useForm<FilterValues>();
  const [query, setQuery] = useState<MeterLogQuery | null>(initialMeter ? { meterId: initialMeter, pageNum: 1, pageSize: PAGE_SIZE } : null);
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search, 250);
  const meters = useAllMetersQuery({ pageNum: 1, pageSize: 50, keyword: keyword || undefined });
  const log = useMeterLogQuery(query);

  const options = (meters.data?.list ?? []).map((meter) => ({ value: meter.id, label: `${meter.name} · ${meter.companyName}` }));
  if (initialMeter && log.data && !options.some((option) => option.value === initialMeter)) {
    options.push({ value: initialMeter, label: `${log.data.meterName} · ${log.data.companyName}` });
  }

  const handleSearch = (values: FilterValues) => {
    if (!values.meterId) {
      return;
    }
    const [start, end] = values.range ?? [null, null];
    setQuery({ meterId: values.meterId, from: start ? start.startOf('day').valueOf() : undefined, to: end ? end.endOf('day').valueOf() + 1 : undefined, pageNum: 1, pageSize: query?.pageSize ?? PAGE_SIZE });
  };

  const reading = (entry: MeterLogRow['first']) =>
    entry ? (
      <span className="sd-meter-system__reading">
        <span>{formatKwh(entry.value, locale)}</span>
        <span className="sd-muted">{formatDateTime(entry.at).slice(11)}</span>
      </span>
    ) : (
      '—'
    );

  const columns: TableColumnsType<MeterLogRow> = [
    { title: t('log.columns.date'), dataIndex: 'date', key: 'date', width: 120, fixed: 'left', className: 'sd-nowrap' },
    { title: t('log.columns.readings'), dataIndex: 'readings', key: 'readings', width: 100, align: 'right', render: (count: number | null) => (count === null ? <span className="sd-muted">{t('log.fromSources')}</span> : count) },
    { title: t('log.columns.first'), key: 'first', width: 140, render: (_value, row) => reading(row.first) },
    { title: t('log.columns.last'), key: 'last', width: 140, render: (_value, row) => reading(row.last) },
    { title: t('log.columns.resets'), dataIndex: 'resets', key: 'resets', width: 90, align: 'right', render: (resets: number) => (resets > 0 ? <Tag color="orange">{resets}</Tag> : 0) },
    {
      title: t('log.columns.value'),
      key: 'value',
      width: 130,
      align: 'right',
      render: (_value, row) => (row.gap ? <Tag color="warning">{t('gap')}</Tag> : formatKwh(row.value, locale)),
    },
  ];

  return (
    <div className="sd-page sd-meter-log">
      <SectionLinks groupPath="/systemMaintenance" />
      <PageHeader title={t('log.title')} description={t('log.description')} />
      <Card>
        <FilterForm<FilterValues>
          form={form}
          className="sd-meter-log__filters"
          initialValues={{ meterId: initialMeter }}
          onSearch={handleSearch}
          searchText={t('log.filters.search')}
          refresh={log}
          refreshDisabled={!query}
        >
          <Form.Item name="meterId" label={t('log.filters.meter')} rules={[{ required: true, message: t('log.filters.meterRequired') }]}>
            <Select
              showSearch={{ filterOption: false, onSearch: setSearch }}
              options={options}
              loading={meters.isFetching}
              placeholder={t('log.filters.meterPlaceholder')}
              notFoundContent={t('system.empty')}
              style={{ width: 260 }}
            />
          </Form.Item>
          <Form.Item name="range" label={t('log.filters.days')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} presets={timeRangePresets(t)} disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
          </Form.Item>
        </FilterForm>
        {log.data && (
          <p className="sd-meter-log__summary">
            {t('log.summary', { name: log.data.meterName, company: log.data.companyName, type: t(`types.${log.data.nodeType}`), gaps: log.data.gapDays })}
          </p>
        )}
        <Table<MeterLogRow>
          rowKey="date"
          size="middle"
          columns={columns}
          dataSource={log.data?.list}
          loading={query !== null && (log.isPending || (log.isFetching && log.isPlaceholderData))}
          scroll={{ x: 720 }}
          rowClassName={(row) => (row.gap ? 'sd-meter-log__gap' : '')}
          pagination={
            query
              ? {
                  current: query.pageNum,
                  pageSize: query.pageSize,
                  total: log.data?.total ?? 0,
                  showSizeChanger: true,
                  pageSizeOptions: [31, 62, 100],
                  showTotal: (total) => t('log.total', { count: total }),
                  onChange: (pageNum, pageSize) => setQuery((current) => (current ? { ...current, pageNum: pageSize === current.pageSize ? pageNum : 1, pageSize } : current)),
                }
              : false
          }
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={query ? t('log.empty') : t('log.chooseMeter')} /> }}
        />
      </Card>
    </div>
  );
}
