import { useState } from 'react';
import { Button, Card, Descriptions, Space, Table, type TableColumnsType } from 'antd';
import { CheckOutlined, CloseCircleOutlined, EditOutlined, HistoryOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { contractActionsOf, type SalesOrder, type SalesOrderState } from '@smartdata/domain';
import { DetailFallback } from '@/shared/components/DetailFallback';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { useLocale } from '@/shared/i18n/useLocale';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { useCancelContractMutation, useCloseContractMutation, useContractQuery, useRenewContractMutation, useSignContractMutation, useUpdateContractMutation } from '../api/contracts';
import { SALES_PICK_SIZE } from '../api/keys';
import { useAddOrderMutation, useOrderListQuery } from '../api/orders';
import { ContractFilesCard } from '../components/ContractFilesCard';
import { ContractFormModal } from '../components/ContractFormModal';
import { DateActionModal } from '../components/DateActionModal';
import { OrderFormModal } from '../components/OrderFormModal';
import { ContractStateTag, OrderStateTag } from '../components/SalesStateTag';
import { CONTRACT_LIST_PATH, orderDetailPath } from '../lib/paths';
import { formatAmount, shippedTotals } from '../lib/salesView';
import '../sales.css';

type Dialog = 'edit' | 'sign' | 'renew' | 'order' | null;

/**
 * /sales/contract/detail/:id: one contract — its fields, files, the orders under it, and the moves
 * its state allows (contractActionsOf): edit, sign, renew the end date, close, cancel.
 */
export function ContractDetailPage() {
  const { t } = useTranslation(['sales', 'inventory', 'texts']);
  const locale = useLocale();
  const confirm = useConfirmAction();
  const navigate = useNavigate();
  const codes = useMenuCodes();
  const id = Number(useParams().id);
  const contract = useContractQuery(id);
  const orders = useOrderListQuery({ pageNum: 1, pageSize: SALES_PICK_SIZE, contractId: id }, codes.has('sl_order') && id > 0);
  const update = useUpdateContractMutation();
  const sign = useSignContractMutation();
  const renew = useRenewContractMutation();
  const cancel = useCancelContractMutation();
  const close = useCloseContractMutation();
  const addOrder = useAddOrderMutation();
  const { save } = useListActions();
  const [dialog, setDialog] = useState<Dialog>(null);

  if (contract.isPending || contract.isError) {
    return <DetailFallback query={contract} notFound={t('contract.notFound')} back={{ to: CONTRACT_LIST_PATH, label: t('contract.backToList') }} />;
  }
  const c = contract.data;
  const actions = new Set(contractActionsOf(c.state));

  const ask = (title: string, content: string, okText: string, run: () => Promise<unknown>) => confirm({ title, content, okText, cancelText: t('actions.back'), run, done: t('texts:operationSuccess') });

  const orderColumns: TableColumnsType<SalesOrder> = [
    { title: t('fields.number'), dataIndex: 'number', key: 'number', render: (number: string, order) => <Link to={orderDetailPath(order.id)}>{number}</Link> },
    { title: t('fields.lines'), key: 'lines', render: (_value, order) => order.lines.map((line) => `${line.itemName} × ${line.quantity}`).join(t('list.separator')) },
    {
      title: t('order.shippedOfQuantity'),
      key: 'shipped',
      align: 'right',
      render: (_value, order) => {
        const totals = shippedTotals(order.lines);
        return `${totals.shipped} / ${totals.quantity}`;
      },
    },
    { title: t('fields.serviceEndDate'), dataIndex: 'serviceEndDate', key: 'serviceEndDate', render: (date: string | null) => date ?? '—' },
    { title: t('fields.state'), dataIndex: 'state', key: 'state', render: (state: SalesOrderState) => <OrderStateTag state={state} /> },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('contract.detailTitle', { number: c.number })}
        tag={<ContractStateTag state={c.state} />}
        description={t('contract.detailDescription')}
        actions={
          <Space wrap>
            {actions.has('update') && (
              <Button icon={<EditOutlined />} onClick={() => setDialog('edit')}>
                {t('actions.edit')}
              </Button>
            )}
            {actions.has('cancel') && (
              <Button danger icon={<StopOutlined />} onClick={() => ask(t('contract.cancelTitle', { number: c.number }), t('contract.cancelContent'), t('contract.cancel'), () => cancel.mutateAsync(c.id))}>
                {t('contract.cancel')}
              </Button>
            )}
            {actions.has('close') && (
              <Button icon={<CloseCircleOutlined />} onClick={() => ask(t('contract.closeTitle', { number: c.number }), t('contract.closeContent'), t('contract.close'), () => close.mutateAsync(c.id))}>
                {t('contract.close')}
              </Button>
            )}
            {actions.has('renew') && (
              <Button icon={<HistoryOutlined />} onClick={() => setDialog('renew')}>
                {t('contract.renew')}
              </Button>
            )}
            {actions.has('sign') && (
              <Button type="primary" icon={<CheckOutlined />} onClick={() => setDialog('sign')}>
                {t('contract.sign')}
              </Button>
            )}
          </Space>
        }
      />
      <Card size="small" title={t('contract.basic')}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('fields.customer')}>{c.customerName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.title')}>{c.title}</Descriptions.Item>
          <Descriptions.Item label={t('fields.amount')}>{`${formatAmount(c.amount, locale)} ${t('fields.yuan')}`}</Descriptions.Item>
          <Descriptions.Item label={t('fields.signedDate')}>{c.signedDate ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.startDate')}>{c.startDate ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.endDate')}>{c.endDate ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('contract.createdAt')}>{formatDateTime(c.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.remarks')} span={2}>
            {c.remarks || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <ContractFilesCard contract={c} editable={actions.has('files')} />
      {codes.has('sl_order') && (
        <Card
          size="small"
          title={t('contract.ordersTitle', { count: orders.data?.total ?? 0 })}
          extra={
            (c.state === 'draft' || c.state === 'active') && (
              <Button size="small" icon={<PlusOutlined />} onClick={() => setDialog('order')}>
                {t('contract.addOrder')}
              </Button>
            )
          }
        >
          <Table<SalesOrder>
            rowKey="id"
            size="small"
            pagination={false}
            loading={orders.isPending}
            dataSource={orders.data?.list ?? []}
            columns={orderColumns}
            scroll={{ x: 720 }}
            locale={{ emptyText: orders.isPending ? ' ' : t('contract.noOrders') }}
          />
        </Card>
      )}
      {dialog === 'edit' && (
        <ContractFormModal contract={c} saving={update.isPending} onCancel={() => setDialog(null)} onSubmit={(values) => void save(() => update.mutateAsync({ id: c.id, ...values }), () => setDialog(null))} />
      )}
      {dialog === 'sign' && (
        <DateActionModal
          title={t('contract.signTitle', { number: c.number })}
          label={t('fields.signedDate')}
          okText={t('contract.sign')}
          initial={c.signedDate}
          saving={sign.isPending}
          onCancel={() => setDialog(null)}
          onSubmit={(date) => void save(() => sign.mutateAsync({ id: c.id, signedDate: date }), () => setDialog(null))}
        />
      )}
      {dialog === 'renew' && (
        <DateActionModal
          title={t('contract.renewTitle', { number: c.number })}
          label={t('contract.newEndDate')}
          okText={t('contract.renew')}
          note={c.endDate ? t('contract.currentEnd', { date: c.endDate }) : undefined}
          after={c.endDate}
          laterText={t('contract.renewLater')}
          saving={renew.isPending}
          onCancel={() => setDialog(null)}
          onSubmit={(date) => void save(() => renew.mutateAsync({ id: c.id, endDate: date }), () => setDialog(null))}
        />
      )}
      {dialog === 'order' && (
        <OrderFormModal
          contractId={c.id}
          saving={addOrder.isPending}
          onCancel={() => setDialog(null)}
          onSubmit={(values) =>
            void save(
              async () => {
                const { id: orderId } = await addOrder.mutateAsync(values);
                void navigate(orderDetailPath(orderId));
              },
              () => setDialog(null),
            )
          }
        />
      )}
    </div>
  );
}
