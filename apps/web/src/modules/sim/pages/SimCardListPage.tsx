import { useState } from 'react';
import { App, Button, Card, Dropdown, Empty, Input, Select, Skeleton, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { CloudDownloadOutlined, DownloadOutlined, ImportOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dataCardStates, simCarriers, simStatuses, type CardListQuery, type DataCardState, type OperateAction, type SimCardListItem, type SimCarrier, type SimStatus } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { deviceDetailPath } from '@/shared/routing/devicePaths';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useCardsQuery, useUsageQuery } from '../api/cards';
import { exportCards } from '../api/importCards';
import { useOperateCardsMutation } from '../api/operateCards';
import { useSyncCardsMutation } from '../api/syncCards';
import { AddCardModal } from '../components/AddCardModal';
import { CarrierImportModal } from '../components/CarrierImportModal';
import { ChangePlanModal } from '../components/ChangePlanModal';
import { ImportCardsModal } from '../components/ImportCardsModal';
import { CarrierTag, DataCardStateTag, SimStatusTag } from '../components/SimTags';
import { SimUsageBar } from '../components/SimUsageBar';
import { UsageChart } from '../components/UsageChart';
import { usageTotal } from '../lib/usageChart';
import { useLocale } from '@/shared/i18n/useLocale';
import { simCardPath } from '../lib/simPaths';
import { batchProblem, formatMb } from '../lib/simText';
import { usageBands, usageRange, type UsageBand } from '../lib/usageFilter';
import '../sim.css';

interface Filters {
  carrier?: SimCarrier;
  status?: SimStatus;
  state?: DataCardState;
  usage?: UsageBand;
  bound?: 'true' | 'false';
}

/**
 * /device/simcard (dm_sim_card): the company's SIM traffic cards — search by number or ICCID,
 * filters, usage bars, batch activate / suspend / resume (cards of one carrier), sync now, add,
 * import (a file, or a first import from a carrier's API) and export.
 */
export function SimCardListPage() {
  const { t } = useTranslation(['sim', 'texts']);
  const { message, modal } = App.useApp();
  const phone = useIsPhone();
  const paging = usePagedList(20);
  const [filters, setFilters] = useState<Filters>({});
  const [selected, setSelected] = useState<Map<number, SimCardListItem>>(new Map());
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [importingFromCarrier, setImportingFromCarrier] = useState(false);
  const [changingPlan, setChangingPlan] = useState(false);

  const filterQuery: Partial<CardListQuery> = {
    keyword: paging.keyword || undefined,
    carrier: filters.carrier,
    status: filters.status,
    state: filters.state,
    bound: filters.bound,
    ...usageRange(filters.usage),
  };
  const cards = useCardsQuery({ ...filterQuery, pageNum: paging.pageNum, pageSize: paging.pageSize });
  const operate = useOperateCardsMutation();
  const sync = useSyncCardsMutation();

  const changeFilter = (patch: Partial<Filters>) => {
    setFilters((old) => ({ ...old, ...patch }));
    paging.setPageNum(1);
  };

  const selectedRows = [...selected.values()];
  const problem = batchProblem(selectedRows);

  const runOperation = (action: OperateAction) => {
    const ids = selectedRows.map((row) => row.id);
    operate.mutate(
      { ids, action },
      {
        onSuccess: (operations) => {
          void message.success(t('batch.sent', { count: operations.length, action: t(`actions.${action}`) }));
          setSelected(new Map());
        },
      },
    );
  };

  const handleOperate = (action: OperateAction) => {
    if (action !== 'suspend') {
      runOperation(action);
      return;
    }
    void modal.confirm({
      title: t('batch.suspendTitle', { count: selectedRows.length }),
      content: (
        <>
          <p>{t('batch.suspendContent')}</p>
          <p className="sd-mono">{selectedRows.slice(0, 10).map((row) => row.number).join('、')}{selectedRows.length > 10 ? ' …' : ''}</p>
        </>
      ),
      okText: t('actions.suspend'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      autoFocusButton: 'cancel',
      onOk: () => runOperation('suspend'),
    });
  };

  const handleSync = (ids?: number[]) =>
    sync.mutate(ids, {
      onSuccess: (result) => void message.success(t('sync.done', { count: result.cards, confirmed: result.confirmed, failed: result.failed, errors: result.errors })),
    });

  const columns: TableColumnsType<SimCardListItem> = [
    {
      title: t('fields.number'),
      dataIndex: 'number',
      key: 'number',
      width: 140,
      fixed: 'left',
      render: (number: string, row) => (
        <Link to={simCardPath(row.id)} className="sd-mono">
          {number}
        </Link>
      ),
    },
    // 20 digits in the mono font on one line; the carrier's longest name ("China Telecom") with room
    // before the status (issue 31.14: the ICCID wrapped its last digit, the tag touched "None").
    { title: 'ICCID', dataIndex: 'iccid', key: 'iccid', width: 210, className: 'sd-nowrap', render: (iccid: string) => <span className="sd-mono">{iccid}</span> },
    { title: t('fields.carrier'), dataIndex: 'carrier', key: 'carrier', width: 136, className: 'sd-nowrap', render: (carrier: SimCarrier) => <CarrierTag carrier={carrier} /> },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      key: 'status',
      width: 150,
      render: (status: SimStatus, row) => (
        <Space size={4} wrap>
          <SimStatusTag status={status} rawStatus={row.rawStatus} lastSyncAt={row.lastSyncAt} />
          {row.operationOpen && (
            <Tag color="processing" icon={<SyncOutlined spin />}>
              {t('list.operationOpen')}
            </Tag>
          )}
        </Space>
      ),
    },
    { title: t('fields.state'), dataIndex: 'state', key: 'state', width: 112, render: (state: DataCardState) => <DataCardStateTag state={state} /> },
    { title: t('fields.usage'), key: 'usage', width: 170, render: (_value, row) => <SimUsageBar usedMb={row.usedMb} planMb={row.planMb} usedPercent={row.usedPercent} /> },
    {
      title: t('fields.device'),
      key: 'device',
      width: 120,
      ellipsis: true,
      render: (_value, row) => (row.deviceId ? <Link to={deviceDetailPath(row.deviceId)}>{row.deviceName ?? `#${row.deviceId}`}</Link> : <span className="sd-muted">{t('list.unbound')}</span>),
    },
    {
      title: t('fields.lastSync'),
      key: 'lastSync',
      width: 148,
      className: 'sd-nowrap',
      render: (_value, row) =>
        row.lastSyncAt === null ? (
          <span className="sd-muted">{t('list.neverSynced')}</span>
        ) : (
          <Tooltip title={row.lastSyncResult && row.lastSyncResult !== 'ok' ? row.lastSyncResult : undefined}>
            <span className={row.lastSyncResult && row.lastSyncResult !== 'ok' ? 'sd-sim-sync--error' : undefined}>{formatDateTime(row.lastSyncAt)}</span>
          </Tooltip>
        ),
    },
  ];

  // On a phone one column holds the card (number, ICCID, carrier, status), the other its usage.
  const phoneColumns: TableColumnsType<SimCardListItem> = [
    {
      title: t('list.card'),
      key: 'card',
      render: (_value, row) => (
        <div className="sd-sim-phone-card">
          <Link to={simCardPath(row.id)} className="sd-mono">
            {row.number}
          </Link>
          <span className="sd-mono sd-muted sd-sim-phone-card__iccid">{row.iccid}</span>
          <Space size={4} wrap>
            <CarrierTag carrier={row.carrier} />
            <SimStatusTag status={row.status} rawStatus={row.rawStatus} lastSyncAt={row.lastSyncAt} />
            {row.operationOpen && <Tag color="processing">{t('list.operationOpen')}</Tag>}
          </Space>
        </div>
      ),
    },
    { title: t('fields.usage'), key: 'usage', width: 112, render: (_value, row) => <SimUsageBar usedMb={row.usedMb} planMb={row.planMb} usedPercent={row.usedPercent} compact /> },
  ];

  const filtering = Object.values(filters).some((value) => value !== undefined) || paging.keyword !== '';
  const batchButton = (action: OperateAction) => (
    <Button key={action} danger={action === 'suspend'} disabled={problem !== null} loading={operate.isPending && operate.variables.action === action} onClick={() => handleOperate(action)}>
      {t(`actions.${action}`)}
    </Button>
  );

  return (
    <div className="sd-page sd-sim">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <Space wrap>
            <Button icon={<SyncOutlined spin={sync.isPending} />} onClick={() => handleSync()} disabled={sync.isPending}>
              {t('actions.syncNow')}
            </Button>
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              {t('actions.import')}
            </Button>
            <Button icon={<CloudDownloadOutlined />} onClick={() => setImportingFromCarrier(true)}>
              {t('carrierImport.open')}
            </Button>
            <Dropdown
              menu={{
                items: [
                  { key: 'xlsx', label: t('actions.exportXlsx') },
                  { key: 'csv', label: t('actions.exportCsv') },
                ],
                onClick: ({ key }) => void exportCards({ ...filterQuery }, key === 'csv' ? 'csv' : 'xlsx').catch(() => undefined),
              }}
            >
              <Button icon={<DownloadOutlined />}>{t('actions.export')}</Button>
            </Dropdown>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('actions.add')}
            </Button>
          </Space>
        }
      />
      <CompanyUsageCard />
      <Card styles={phone ? { body: { padding: 12 } } : undefined}>
        <div className="sd-page__toolbar sd-sim-filters">
          <Input.Search
            allowClear
            placeholder={t('list.search')}
            aria-label={t('list.search')}
            className="sd-sim-filters__search"
            onSearch={(value) => paging.search(value)}
            onChange={(event) => {
              if (event.target.value === '') {
                paging.search('');
              }
            }}
          />
          <Select<SimCarrier>
            allowClear
            aria-label={t('fields.carrier')}
            placeholder={t('list.allCarriers')}
            value={filters.carrier}
            onChange={(carrier) => changeFilter({ carrier })}
            options={simCarriers.map((carrier) => ({ value: carrier, label: t(`carriers.${carrier}`) }))}
            className="sd-sim-filters__select"
          />
          <Select<SimStatus>
            allowClear
            aria-label={t('fields.status')}
            placeholder={t('list.allStatuses')}
            value={filters.status}
            onChange={(status) => changeFilter({ status })}
            options={simStatuses.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
            className="sd-sim-filters__select"
          />
          <Select<DataCardState>
            allowClear
            aria-label={t('fields.state')}
            placeholder={t('list.allStates')}
            value={filters.state}
            onChange={(state) => changeFilter({ state })}
            options={dataCardStates.map((state) => ({ value: state, label: t(`states.${state}`) }))}
            className="sd-sim-filters__select"
          />
          <Select<UsageBand>
            allowClear
            aria-label={t('fields.usage')}
            placeholder={t('list.allUsage')}
            value={filters.usage}
            onChange={(usage) => changeFilter({ usage })}
            options={usageBands.map((band) => ({ value: band, label: t(`usageBands.${band}`) }))}
            className="sd-sim-filters__select"
          />
          <Select<'true' | 'false'>
            allowClear
            aria-label={t('fields.device')}
            placeholder={t('list.allBound')}
            value={filters.bound}
            onChange={(bound) => changeFilter({ bound })}
            options={[
              { value: 'true', label: t('list.bound') },
              { value: 'false', label: t('list.unbound') },
            ]}
            className="sd-sim-filters__select"
          />
        </div>
        {selectedRows.length > 0 && (
          <div className="sd-sim-batch" role="region" aria-label={t('batch.label')}>
            <span className="sd-sim-batch__count">{t('batch.selected', { count: selectedRows.length })}</span>
            {(['activate', 'suspend', 'resume'] as const).map(batchButton)}
            <Button disabled={problem !== null} onClick={() => setChangingPlan(true)}>
              {t('actions.changePlan')}
            </Button>
            <Button icon={<SyncOutlined />} disabled={sync.isPending} onClick={() => handleSync(selectedRows.map((row) => row.id))}>
              {t('actions.syncSelected')}
            </Button>
            <Button type="link" onClick={() => setSelected(new Map())}>
              {t('batch.clear')}
            </Button>
            {problem && problem !== 'empty' && <span className="sd-sim-batch__problem">{t(`batch.${problem}`)}</span>}
          </div>
        )}
        <Table<SimCardListItem>
          rowKey="id"
          columns={phone ? phoneColumns : columns}
          dataSource={cards.data?.list ?? []}
          loading={cards.isFetching}
          scroll={phone ? undefined : { x: 1240 }}
          rowSelection={{
            selectedRowKeys: [...selected.keys()],
            preserveSelectedRowKeys: true,
            onChange: (_keys, rows) =>
              setSelected((old) => {
                const next = new Map<number, SimCardListItem>();
                for (const key of _keys) {
                  const row = rows.find((r) => r?.id === key) ?? old.get(Number(key));
                  if (row) {
                    next.set(row.id, row);
                  }
                }
                return next;
              }),
            getCheckboxProps: (row) => ({ 'aria-label': t('list.selectCard', { number: row.number }) }),
          }}
          pagination={{
            current: paging.pageNum,
            pageSize: paging.pageSize,
            total: cards.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (count) => t('list.total', { count }),
            onChange: paging.changePage,
            size: phone ? 'small' : undefined,
          }}
          locale={{
            emptyText: cards.isPending ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtering ? t('list.emptySearch') : t('list.empty')}>
                {!filtering && <p className="sd-page__empty-hint">{t('list.emptyHint')}</p>}
              </Empty>
            ),
          }}
        />
      </Card>
      <AddCardModal open={adding} onClose={() => setAdding(false)} />
      {importing && <ImportCardsModal onClose={() => setImporting(false)} />}
      {importingFromCarrier && <CarrierImportModal onClose={() => setImportingFromCarrier(false)} />}
      <ChangePlanModal ids={selectedRows.map((row) => row.id)} open={changingPlan} onClose={() => setChangingPlan(false)} onSent={() => setSelected(new Map())} />
    </div>
  );
}

/** The company's daily usage over its cards, the last 30 days (folded away on a phone: the list comes first). */
function CompanyUsageCard() {
  const { t } = useTranslation('sim');
  const locale = useLocale();
  const phone = useIsPhone();
  const usage = useUsageQuery(undefined, 30);
  if (phone) {
    return null;
  }
  return (
    <Card size="small" title={t('list.companyUsage')} className="sd-sim-company-usage" extra={usage.data ? <span className="sd-muted">{t('detail.usageTotal', { count: 30, mb: formatMb(usageTotal(usage.data), locale) })}</span> : null}>
      {usage.isPending ? <Skeleton active paragraph={{ rows: 3 }} /> : <UsageChart days={usage.data ?? []} height={180} />}
    </Card>
  );
}
