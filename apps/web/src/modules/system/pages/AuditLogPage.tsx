import { useState } from 'react';
import { Button, Card, DatePicker, Empty, Form, Input, Select, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { auditActionText, type AuditLogItem } from '@smartdata/domain';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAuditLogQuery, type AuditLogFilter } from '../api/getAuditLog';
import { CompanySelect } from '../components/CompanySelect';
import { timeRangePresets } from '../components/timeRangePresets';
import '../system.css';

interface FilterValues {
  userName?: string;
  companyId?: number;
  action?: string;
  result?: 'success' | 'failure';
  range?: [Dayjs | null, Dayjs | null] | null;
}

const PAGE_SIZE = 20;

/** The filter the server takes: whole days of the range, empty texts left out. */
function toFilter(values: FilterValues): Omit<AuditLogFilter, 'pageNum' | 'pageSize'> {
  const [start, end] = values.range ?? [null, null];
  return {
    userName: values.userName?.trim() || undefined,
    companyId: values.companyId,
    action: values.action?.trim() || undefined,
    result: values.result,
    from: start ? start.startOf('day').valueOf() : undefined,
    to: end ? end.endOf('day').valueOf() + 1 : undefined,
  };
}

/** The call's path without the API base, which every entry shares. */
function actionName(action: string): string {
  return action.replace(/^\/general\//, '/');
}

/**
 * /systemMaintenance/log (sys_m_log): the audit log of every write call — who, company, what,
 * target, when, from which address, result — with filters and paging.
 */
export function AuditLogPage() {
  const { t } = useTranslation(['system', 'common']);
  const locale = useLocale();
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<AuditLogFilter>({ pageNum: 1, pageSize: PAGE_SIZE });
  const log = useAuditLogQuery(filter);

  const handleSearch = (values: FilterValues) => setFilter((current) => ({ ...toFilter(values), pageNum: 1, pageSize: current.pageSize }));
  const handleReset = () => {
    form.resetFields();
    setFilter((current) => ({ pageNum: 1, pageSize: current.pageSize }));
  };

  const columns: TableColumnsType<AuditLogItem> = [
    { title: t('log.columns.time'), dataIndex: 'createdAt', key: 'createdAt', width: 170, className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
    {
      title: t('log.columns.user'),
      key: 'user',
      width: 170,
      render: (_value, entry) => (
        <span className="sd-system__who">
          <span className="sd-system__who-name">{entry.userName || '—'}</span>
          <span className="sd-system__who-company" title={entry.companyName}>
            {entry.companyName || t('log.noCompany')}
          </span>
        </span>
      ),
    },
    {
      title: t('log.columns.action'),
      key: 'action',
      width: 270,
      // The action in words (issue 13), the call's path under it for those who look for it.
      render: (_value, entry) => (
        <span className="sd-system__action">
          <span className="sd-system__action-text">{auditActionText(entry.action, locale) ?? actionName(entry.action)}</span>
          <span className="sd-system__action-path">
            <Tag className="sd-system__method">{entry.method}</Tag>
            <span className="sd-mono">{actionName(entry.action)}</span>
          </span>
        </span>
      ),
    },
    {
      title: t('log.columns.target'),
      dataIndex: 'target',
      key: 'target',
      ellipsis: { showTitle: false },
      render: (target: string) =>
        target ? (
          <Tooltip title={<span className="sd-mono">{target}</span>} placement="topLeft">
            <span className="sd-mono">{target}</span>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      title: t('log.columns.result'),
      dataIndex: 'code',
      key: 'code',
      width: 110,
      render: (code: number) => (
        <Tag color={code === 0 ? 'success' : 'error'}>
          {code === 0 ? t('log.result.success') : t('log.result.failureCode', { code })}
        </Tag>
      ),
    },
    {
      title: t('log.columns.duration'),
      dataIndex: 'durationMs',
      key: 'durationMs',
      width: 90,
      align: 'right',
      render: (ms: number) => t('log.durationMs', { ms: new Intl.NumberFormat(locale).format(ms) }),
    },
    { title: t('log.columns.ip'), dataIndex: 'ip', key: 'ip', width: 120, render: (ip: string) => <span className="sd-mono">{ip}</span> },
  ];

  return (
    <div className="sd-page">
      <SectionLinks groupPath="/systemMaintenance" />
      <PageHeader title={t('log.title')} description={t('log.description')} />
      <Card>
        <Form<FilterValues> form={form} layout="inline" className="sd-system__filters" onFinish={handleSearch}>
          <Form.Item name="userName" label={t('log.filters.userName')}>
            <Input allowClear placeholder={t('log.filters.userNamePlaceholder')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="companyId" label={t('log.filters.company')}>
            <CompanySelect placeholder={t('log.filters.companyPlaceholder')} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="action" label={t('log.filters.action')}>
            <Input allowClear placeholder={t('log.filters.actionPlaceholder')} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="result" label={t('log.filters.result')}>
            <Select
              allowClear
              placeholder={t('log.filters.any')}
              style={{ width: 110 }}
              options={[
                { value: 'success', label: t('log.result.success') },
                { value: 'failure', label: t('log.result.failure') },
              ]}
            />
          </Form.Item>
          <Form.Item name="range" label={t('log.filters.time')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} presets={timeRangePresets(t)} disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
          </Form.Item>
          <Form.Item>
            <span className="sd-system__filter-buttons">
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('actions.search')}
              </Button>
              <Button onClick={handleReset}>{t('actions.reset')}</Button>
              <Tooltip title={t('actions.refresh')}>
                <Button icon={<ReloadOutlined />} aria-label={t('actions.refresh')} loading={log.isFetching && !log.isPending} onClick={() => void log.refetch()} />
              </Tooltip>
            </span>
          </Form.Item>
        </Form>
        <Table<AuditLogItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={log.data?.list}
          loading={log.isPending || (log.isFetching && log.isPlaceholderData)}
          scroll={{ x: 1100 }}
          pagination={{
            current: filter.pageNum,
            pageSize: filter.pageSize,
            total: log.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (total) => t('log.total', { count: total }),
            onChange: (pageNum, pageSize) => setFilter((current) => ({ ...current, pageNum: pageSize === current.pageSize ? pageNum : 1, pageSize })),
          }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('log.empty')} /> }}
        />
      </Card>
    </div>
  );
}
