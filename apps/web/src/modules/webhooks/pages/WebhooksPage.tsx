import { useState } from 'react';
import { Switch, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubscriptionView } from '@smartdata/domain';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, switchColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useEditDialog } from '@/shared/hooks/useEditDialog';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { useTestSend } from '@/shared/hooks/useTestSend';
import {
  useAddSubscriptionMutation,
  useDeleteSubscriptionMutation,
  useSetSubscriptionEnabledMutation,
  useSubscriptionsQuery,
  useTestSubscriptionMutation,
  useUpdateSubscriptionMutation,
} from '../api/subscriptions';
import { DeliveryLogDrawer } from '../components/DeliveryLogDrawer';
import { SubscriptionFormModal, type SubscriptionValues } from '../components/SubscriptionFormModal';
import '../webhooks.css';

/**
 * /sysSetting/webhook (sys_webhook): the company's event subscriptions (docs/webhooks.md) — signed
 * POSTs of new records, alarms, device online changes and finished task runs to the receivers of
 * other systems, each with its delivery log and a test event.
 */
export function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  const subscriptions = useSubscriptionsQuery();
  const add = useAddSubscriptionMutation();
  const update = useUpdateSubscriptionMutation();
  const remove = useDeleteSubscriptionMutation();
  const toggle = useSetSubscriptionEnabledMutation();
  const test = useTestSubscriptionMutation();
  const [testing, handleTest] = useTestSend(test.mutateAsync, t);
  const [log, setLog] = useState<SubscriptionView | null>(null);
  const isPhone = useIsPhone();
  const dialog = useEditDialog(
    {
      mutateAsync: ({ url, secret, events, itemIds, deviceIds }: SubscriptionValues) =>
        add.mutateAsync({ url, secret, events, ...(itemIds.length > 0 ? { itemIds } : {}), ...(deviceIds.length > 0 ? { deviceIds } : {}) }),
      isPending: add.isPending,
    },
    update,
    (row: SubscriptionView, values: SubscriptionValues) => ({ id: row.id, url: values.url, secret: values.secret, events: values.events, itemIds: values.itemIds, deviceIds: values.deviceIds }),
  );

  const columns: TableColumnsType<SubscriptionView> = [
    {
      title: t('columns.url'),
      dataIndex: 'urlHint',
      key: 'url',
      width: isPhone ? undefined : 260,
      render: (hint: string, row) => (
        <div className="sd-webhook-cell">
          <span className="sd-mono sd-webhook-url">{hint}</span>
          {isPhone && <span className="sd-muted">{row.events.map((e) => t(`event.${e}`)).join(t('page.listSeparator'))}</span>}
          {isPhone && (
            <Switch size="small" className="sd-webhook-phone-switch" checked={row.enabled} onChange={(enabled) => toggle.mutate({ id: row.id, enabled })} aria-label={t('columns.enabledNamed', { url: row.urlHint })} />
          )}
        </div>
      ),
    },
    {
      title: t('columns.events'),
      dataIndex: 'events',
      key: 'events',
      render: (events: SubscriptionView['events']) => (
        <div className="sd-webhook-tags">
          {events.map((event) => (
            <Tag key={event}>{t(`event.${event}`)}</Tag>
          ))}
        </div>
      ),
    },
    {
      title: t('columns.filters'),
      key: 'filters',
      width: 140,
      render: (_value, row) =>
        row.itemIds.length === 0 && row.deviceIds.length === 0 ? (
          <span className="sd-muted">{t('columns.noFilter')}</span>
        ) : (
          <div className="sd-webhook-cell">
            {row.itemIds.length > 0 && <span>{t('columns.itemCount', { count: row.itemIds.length })}</span>}
            {row.deviceIds.length > 0 && <span>{t('columns.deviceCount', { count: row.deviceIds.length })}</span>}
          </div>
        ),
    },
    switchColumn(t('columns.enabled'), 'enabled', { onChange: (row, enabled) => toggle.mutate({ id: row.id, enabled }), label: (row) => t('columns.enabledNamed', { url: row.urlHint }) }),
    { title: t('columns.createdBy'), dataIndex: 'createdByName', key: 'createdBy', width: 110, render: (name: string | null) => name ?? '—' },
    timeColumn(t('columns.updatedAt'), 'updatedAt', { width: 160 }),
    actionsColumn(
      t('columns.actions'),
      (row) => [
        { key: 'test', label: t('actions.test'), ariaLabel: t('actions.testNamed', { url: row.urlHint }), loading: testing === row.id, onClick: () => void handleTest(row.id) },
        { key: 'log', label: t('actions.log'), ariaLabel: t('actions.logNamed', { url: row.urlHint }), onClick: () => setLog(row) },
        { kind: 'edit', name: row.urlHint, onClick: () => dialog.edit(row) },
        { kind: 'delete', name: row.urlHint, confirm: { title: t('page.deleteTitle'), content: t('page.deleteContent', { url: row.urlHint }), onDelete: () => remove.mutateAsync(row.id) } },
      ],
      { wrap: isPhone, width: isPhone ? 112 : 300 },
    ),
  ];

  return (
    <div className="sd-page">
      <PageHeader title={t('page.title')} description={t('page.description')} actions={<AddButton label={t('page.create')} onClick={dialog.create} />} />
      <ListCard<SubscriptionView>
        columns={columns}
        query={{ ...subscriptions, data: subscriptions.data?.list }}
        scrollX={1180}
        unpaged
        phoneKeys={['url', 'actions']}
        match={(row, needle) => row.urlHint.toLowerCase().includes(needle)}
        texts={{ search: t('page.search'), empty: t('page.empty'), noMatch: t('page.noMatch'), hint: t('page.emptyHint'), total: (count) => t('page.total', { count }) }}
      />
      {dialog.open && <SubscriptionFormModal {...dialog.modal} title={dialog.row ? t('form.editTitle') : t('form.createTitle')} subscription={dialog.row ?? undefined} />}
      {log && <DeliveryLogDrawer subscriptionId={log.id} title={t('log.title', { url: log.urlHint })} onClose={() => setLog(null)} />}
    </div>
  );
}
