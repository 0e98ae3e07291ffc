import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Segmented, Skeleton, Space, Table, type TableColumnsType } from 'antd';
import { DisconnectOutlined, EditOutlined, LinkOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { OperateAction, SimCard, SimOperation } from '@smartdata/domain';
import { DetailFallback } from '@/shared/components/DetailFallback';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { deviceDetailPath } from '@/shared/routing/devicePaths';
import { formatDate, formatDateTime } from '@/shared/utils/formatTime';
import { useCardQuery, useOperationsQuery, useUsageQuery } from '../api/cards';
import { useUnbindDeviceMutation } from '../api/bindDevice';
import { useOperateCardsMutation } from '../api/operateCards';
import { useSyncCardsMutation } from '../api/syncCards';
import { BindDeviceModal } from '../components/BindDeviceModal';
import { EditCardModal } from '../components/EditCardModal';
import { CarrierTag, DataCardStateTag, OperationStateTag, SimStatusTag } from '../components/SimTags';
import { SimUsageBar } from '../components/SimUsageBar';
import { UsageChart } from '../components/UsageChart';
import { SIM_LIST_PATH } from '../lib/simPaths';
import { formatMb } from '../lib/simText';
import { usageTotal } from '../lib/usageChart';
import '../sim.css';

/** The operations a status allows (the simulated carrier refuses the others; so would a real one). */
function actionsFor(card: SimCard): OperateAction[] {
  switch (card.status) {
    case 'test':
    case 'silent':
      return ['activate'];
    case 'normal':
      return ['suspend'];
    case 'suspended':
    case 'suspendedKept':
      return ['resume'];
    case 'none':
      return [];
  }
}

/** /device/simcard/card/:cardId: one card — fields, plan-exhaustion warning, bound gateway, daily usage, operation history. */
export function SimCardDetailPage() {
  const { t } = useTranslation(['sim', 'texts']);
  const id = Number(useParams().cardId);
  const card = useCardQuery(id);

  if (card.isPending || card.isError) {
    return <DetailFallback query={card} notFound={t('detail.notFound')} back={{ to: SIM_LIST_PATH, label: t('detail.backToList') }} rows={8} />;
  }
  return <CardDetail card={card.data} />;
}

function CardDetail({ card }: { card: SimCard }) {
  const { t } = useTranslation(['sim', 'texts']);
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const operate = useOperateCardsMutation();
  const sync = useSyncCardsMutation();
  const unbind = useUnbindDeviceMutation();
  const [binding, setBinding] = useState(false);
  const [editing, setEditing] = useState(false);
  const [days, setDays] = useState(30);
  const usage = useUsageQuery(card.id, days);
  const operations = useOperationsQuery({ cardId: card.id, pageNum: 1, pageSize: 20 });

  const send = (action: OperateAction) =>
    operate.mutate({ ids: [card.id], action }, { onSuccess: () => void message.success(t('batch.sent', { count: 1, action: t(`actions.${action}`) })) });

  const handleOperate = (action: OperateAction) => {
    if (action !== 'suspend') {
      send(action);
      return;
    }
    void modal.confirm({
      title: t('detail.suspendTitle', { number: card.number }),
      content: t('batch.suspendContent'),
      okText: t('actions.suspend'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      autoFocusButton: 'cancel',
      onOk: () => send('suspend'),
    });
  };

  const handleUnbind = () =>
    void modal.confirm({
      title: t('detail.unbindTitle', { number: card.number, device: card.deviceName ?? '' }),
      okText: t('detail.unbind'),
      cancelText: t('actions.cancel'),
      onOk: () => unbind.mutateAsync(card.id).then(() => void message.success(t('texts:operationSuccess'))),
    });

  const operationColumns: TableColumnsType<SimOperation> = [
    { title: t('operations.action'), dataIndex: 'action', key: 'action', width: 110, render: (action: string, row) => (row.action === 'changePlan' ? t('actions.changePlanTo', { mb: row.planMb ?? '—' }) : t(`actions.${action}`)) },
    { title: t('operations.state'), dataIndex: 'state', key: 'state', width: 110, render: (_value, row) => <OperationStateTag state={row.state} /> },
    { title: t('operations.message'), dataIndex: 'message', key: 'message', render: (text: string | null) => text ?? <span className="sd-muted">—</span> },
    { title: t('operations.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 170, className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
    { title: t('operations.submittedAt'), dataIndex: 'submittedAt', key: 'submittedAt', width: 170, className: 'sd-nowrap', render: (value: number | null) => formatDateTime(value) },
    { title: t('operations.finishedAt'), dataIndex: 'finishedAt', key: 'finishedAt', width: 170, className: 'sd-nowrap', render: (value: number | null) => formatDateTime(value) },
  ];

  const warning = card.warning;
  return (
    <div className="sd-page sd-sim">
      <PageHeader
        title={t('detail.title', { number: card.number })}
        description={<span className="sd-mono">ICCID {card.iccid}</span>}
        actions={
          <Space wrap>
            <Link to={SIM_LIST_PATH}>{t('detail.backToList')}</Link>
            <Button icon={<SyncOutlined spin={sync.isPending} />} disabled={sync.isPending} onClick={() => sync.mutate([card.id], { onSuccess: () => void message.success(t('sync.doneOne')) })}>
              {t('actions.syncNow')}
            </Button>
            {actionsFor(card).map((action) => (
              <Button key={action} danger={action === 'suspend'} disabled={card.operationOpen || card.carrier === 'none'} loading={operate.isPending} onClick={() => handleOperate(action)}>
                {t(`actions.${action}`)}
              </Button>
            ))}
          </Space>
        }
      />
      {warning && (
        <Alert
          type="warning"
          showIcon
          className="sd-sim-warning"
          title={t('warning.title')}
          description={t('warning.text', {
            frequency: warning.dataFrequency,
            payload: warning.payloadBytes,
            daily: formatMb(warning.dailyMb, locale),
            projected: formatMb(warning.projectedMb, locale),
            exhausts: formatDate(warning.exhaustsAt),
            end: formatDate(warning.periodEnd),
          })}
        />
      )}
      {card.operationOpen && <Alert type="info" showIcon className="sd-sim-warning" title={t('detail.operationOpen')} />}
      <div className="sd-sim-detail">
        <Card
          title={t('detail.fields')}
          size="small"
          className="sd-sim-detail__fields"
          extra={
            <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('edit.open')}
            </Button>
          }
        >
          <Descriptions column={{ xs: 1, sm: 2, lg: 2 }} size="small">
            <Descriptions.Item label={t('fields.number')}>
              <span className="sd-mono">{card.number}</span>
            </Descriptions.Item>
            <Descriptions.Item label="ICCID">
              <span className="sd-mono">{card.iccid}</span>
            </Descriptions.Item>
            <Descriptions.Item label="IMSI">{card.imsi ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.carrier')}>
              <CarrierTag carrier={card.carrier} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.status')}>
              <SimStatusTag status={card.status} rawStatus={card.rawStatus} lastSyncAt={card.lastSyncAt} />
              {card.rawStatus && <span className="sd-muted">{t('fields.rawStatus', { code: card.rawStatus })}</span>}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.state')}>
              <DataCardStateTag state={card.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.plan')}>
              {[card.planName || t('detail.noPlanName'), t(`periods.${card.planPeriod}`), formatMb(card.planMb, locale)].join(' · ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.period')}>{card.periodStart === null ? '—' : `${formatDate(card.periodStart)} – ${formatDate(card.periodEnd)}`}</Descriptions.Item>
            <Descriptions.Item label={t('fields.usage')} span={2}>
              <div className="sd-sim-detail__usage">
                <SimUsageBar usedMb={card.usedMb} planMb={card.planMb} usedPercent={card.usedPercent} alertPercent={card.alertPercent} />
                <span className="sd-muted">{t('detail.remaining', { mb: formatMb(card.remainingMb, locale) })}</span>
              </div>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.activatedAt')}>{formatDate(card.activatedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.expiresAt')}>{formatDate(card.expiresAt)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.alertPercent')}>{card.alertPercent > 0 ? `${card.alertPercent}%` : t('detail.alertOff')}</Descriptions.Item>
            <Descriptions.Item label={t('fields.lastSync')}>
              {card.lastSyncAt === null ? t('list.neverSynced') : `${formatDateTime(card.lastSyncAt)} · ${card.lastSyncResult === 'ok' ? t('detail.syncOk') : (card.lastSyncResult ?? '')}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.remarks')} span={2}>
              {card.remarks || '—'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card
          title={t('detail.deviceTitle')}
          size="small"
          className="sd-sim-detail__device"
          extra={
            card.deviceId ? (
              <Button size="small" icon={<DisconnectOutlined />} onClick={handleUnbind}>
                {t('detail.unbind')}
              </Button>
            ) : null
          }
        >
          {card.deviceId ? (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('fields.device')}>
                <Link to={deviceDetailPath(card.deviceId)}>{card.deviceName ?? `#${card.deviceId}`}</Link>
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.dataFrequency')}>{card.dataFrequency ? t('detail.minutes', { count: card.dataFrequency }) : '—'}</Descriptions.Item>
              <Descriptions.Item label={t('fields.payloadBytes')}>{card.payloadBytes ? t('detail.bytes', { count: card.payloadBytes }) : '—'}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noDevice')}>
              <Button type="primary" icon={<LinkOutlined />} onClick={() => setBinding(true)}>
                {t('detail.bind')}
              </Button>
            </Empty>
          )}
        </Card>
      </div>
      <Card
        title={t('detail.usageTitle')}
        size="small"
        className="sd-sim-detail__chart"
        extra={
          <Segmented<number>
            size="small"
            value={days}
            onChange={setDays}
            options={[7, 30, 90].map((value) => ({ value, label: t('detail.lastDays', { count: value }) }))}
          />
        }
      >
        {usage.isPending ? <Skeleton active /> : <UsageChart days={usage.data ?? []} />}
        {usage.data && usageTotal(usage.data) > 0 && <div className="sd-muted sd-sim-detail__total">{t('detail.usageTotal', { count: days, mb: formatMb(usageTotal(usage.data), locale) })}</div>}
      </Card>
      <Card title={t('detail.operationsTitle')} size="small" className="sd-sim-detail__operations">
        <Table<SimOperation>
          size="small"
          rowKey="id"
          columns={operationColumns}
          dataSource={operations.data?.list ?? []}
          loading={operations.isFetching}
          pagination={false}
          scroll={{ x: 900 }}
          aria-label={t('detail.operationsTitle')}
          locale={{ emptyText: operations.isPending ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noOperations')} /> }}
        />
      </Card>
      <EditCardModal card={card} open={editing} onClose={() => setEditing(false)} />
      <BindDeviceModal cardId={card.id} number={card.number} open={binding} onClose={() => setBinding(false)} />
    </div>
  );
}
