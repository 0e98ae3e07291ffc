import { useState } from 'react';
import { Card, Empty, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RenewalEntry } from '@smartdata/domain';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useRenewalsQuery } from '../api/orders';
import { contractDetailPath, orderDetailPath } from '../lib/paths';
import { renewalTone, type RenewalTone } from '../lib/salesView';

const toneColor: Record<RenewalTone, string> = { expired: 'error', urgent: 'warning', due: 'processing' };
const windows = [7, 30, 90] as const;

/**
 * The renewal view: orders and signed contracts whose service ends within the chosen window (7,
 * 30 or 90 days) or has ended (the last 90 days), soonest first; ended in red, a week or less in
 * orange. Each row opens its order or contract, where it is renewed.
 */
export function RenewalsView() {
  const { t } = useTranslation('sales');
  const codes = useMenuCodes();
  const [days, setDays] = useState<number>(30);
  const renewals = useRenewalsQuery(days);
  const data = renewals.data;

  const columns: TableColumnsType<RenewalEntry> = [
    {
      title: t('renewals.kind'),
      dataIndex: 'kind',
      key: 'kind',
      width: 110,
      render: (kind: RenewalEntry['kind']) => <Tag>{t(`renewals.kinds.${kind}`)}</Tag>,
    },
    {
      title: t('fields.number'),
      dataIndex: 'number',
      key: 'number',
      render: (number: string, entry) => {
        const mayOpen = codes.has(entry.kind === 'order' ? 'sl_order' : 'sl_contract');
        return mayOpen ? <Link to={entry.kind === 'order' ? orderDetailPath(entry.id) : contractDetailPath(entry.id)}>{number}</Link> : number;
      },
    },
    { title: t('fields.customer'), dataIndex: 'customerName', key: 'customerName' },
    { title: t('renewals.subject'), dataIndex: 'title', key: 'title', render: (title: string) => title || '—' },
    {
      title: t('fields.state'),
      dataIndex: 'state',
      key: 'state',
      render: (state: string, entry) => t(entry.kind === 'order' ? `orderStates.${state}` : `contractStates.${state}`),
    },
    { title: t('renewals.endDate'), dataIndex: 'endDate', key: 'endDate', className: 'sd-nowrap' },
    {
      title: t('renewals.daysLeft'),
      dataIndex: 'daysLeft',
      key: 'daysLeft',
      className: 'sd-nowrap',
      render: (daysLeft: number) => (
        <Tag color={toneColor[renewalTone(daysLeft)]} data-testid="days-left">
          {daysLeft < 0 ? t('renewals.ended', { count: -daysLeft }) : daysLeft === 0 ? t('renewals.today') : t('renewals.left', { count: daysLeft })}
        </Tag>
      ),
    },
  ];

  return (
    <Card>
      <div className="sd-page__toolbar">
        <Space wrap>
          <Typography.Text>{t('renewals.window')}</Typography.Text>
          <Segmented<number>
            aria-label={t('renewals.window')}
            value={days}
            onChange={setDays}
            options={windows.map((value) => ({ value, label: t('renewals.days', { count: value }) }))}
          />
        </Space>
        {data && (
          <Space wrap className="sd-sales__toolbar-end">
            <Tag color="warning">{t('renewals.dueCount', { count: data.dueCount })}</Tag>
            <Tag color="error">{t('renewals.expiredCount', { count: data.expiredCount })}</Tag>
          </Space>
        )}
      </div>
      <Table<RenewalEntry>
        rowKey={(entry) => `${entry.kind}-${entry.id}`}
        columns={columns}
        dataSource={data?.list ?? []}
        loading={renewals.isFetching}
        scroll={{ x: 860 }}
        rowClassName={(entry) => `sd-renewal-row--${renewalTone(entry.daysLeft)}`}
        pagination={{ defaultPageSize: 10, hideOnSinglePage: true, showSizeChanger: true }}
        locale={{ emptyText: renewals.isPending ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('renewals.empty', { count: days })} /> }}
      />
    </Card>
  );
}
