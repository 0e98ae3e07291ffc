import { DatePicker, Form, Input, Select, Tag, Tooltip, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { auditActionText, type AuditLogItem } from '@smartdata/domain';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { FilterForm } from '@/shared/components/list/FilterForm';
import { ListCard } from '@/shared/components/list/ListCard';
import { timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useLocale } from '@/shared/i18n/useLocale';
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

type LogFilters = Omit<AuditLogFilter, 'pageNum' | 'pageSize'>;

/** The filter the server takes: whole days of the range, empty texts left out. */
function toFilter(values: FilterValues): LogFilters {
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
  const paged = usePagedList<LogFilters>(PAGE_SIZE);
  const log = useAuditLogQuery({ ...paged.filters, pageNum: paged.pageNum, pageSize: paged.pageSize });

  const columns: TableColumnsType<AuditLogItem> = [
    timeColumn(t('log.columns.time'), 'createdAt'),
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
      <ListCard<AuditLogItem> columns={columns} query={log} paged={paged} pageSizes={[20, 50, 100]} scrollX={1100}
        loading={log.isPending || (log.isFetching && log.isPlaceholderData)}
        // Every write is logged: an empty log is one the filters leave empty.
        texts={{ total: (count) => t('log.total', { count }), empty: t('log.empty'), noMatch: t('log.empty') }}
        table={{ size: 'middle' }}
        filters={
          <FilterForm<FilterValues> form={form} onSearch={(values) => paged.filter(toFilter(values))} onReset={() => paged.filter(toFilter({}))} refresh={log}>
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
          </FilterForm>
        }
      />
    </div>
  );
}
