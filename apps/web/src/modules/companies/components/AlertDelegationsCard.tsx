import { App, Button, Card, Empty, Form, Select, Table, type TableColumnsType } from 'antd';
import { ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AlertDelegationItem } from '@smartdata/domain';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAddAlertDelegatorMutation } from '../api/addAlertDelegator';
import { useDeleteAlertDelegatorMutation } from '../api/deleteAlertDelegator';
import { useAlertDelegationsQuery } from '../api/getAlertDelegations';
import { useAlertDelegatorListQuery, type DelegationCandidate } from '../api/getAlertDelegatorList';

interface DelegationValues {
  delegatorId: number;
  delegateId: number;
}

function candidateLabel(candidate: DelegationCandidate): string {
  return candidate.name && candidate.name !== candidate.userName ? `${candidate.name} (${candidate.userName})` : candidate.userName;
}

/** Alert delegations: the receiver gets the company's alarms on the delegator's behalf. */
export function AlertDelegationsCard() {
  const { t } = useTranslation(['companies', 'texts']);
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<DelegationValues>();
  const delegations = useAlertDelegationsQuery();
  const candidates = useAlertDelegatorListQuery();
  const add = useAddAlertDelegatorMutation();
  const remove = useDeleteAlertDelegatorMutation();
  const options = (candidates.data ?? []).map((candidate) => ({ value: candidate.userId, label: candidateLabel(candidate) }));

  const handleAdd = async (values: DelegationValues) => {
    try {
      await add.mutateAsync(values);
      form.resetFields();
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client.
    }
  };

  const handleDelete = (delegation: AlertDelegationItem) => {
    void modal.confirm({
      title: t('delegations.deleteTitle'),
      content: t('delegations.deleteContent', { delegator: delegation.delegatorName, delegate: delegation.delegateName }),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      autoFocusButton: 'ok',
      onOk: async () => {
        try {
          await remove.mutateAsync(delegation.id);
          void message.success(t('texts:deleteSuccess'));
        } catch {
          // Shown by the API client.
        }
      },
    });
  };

  const columns: TableColumnsType<AlertDelegationItem> = [
    { title: t('delegations.delegator'), dataIndex: 'delegatorName', key: 'delegator', width: '30%' },
    {
      title: '',
      key: 'arrow',
      width: 40,
      render: () => <ArrowRightOutlined className="sd-muted" aria-hidden="true" />,
    },
    { title: t('delegations.delegate'), dataIndex: 'delegateName', key: 'delegate', width: '30%' },
    {
      title: t('columns.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 180,
      className: 'sd-nowrap',
      render: (value: number) => formatDateTime(value),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 100,
      render: (_value, delegation) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={() => handleDelete(delegation)}
          aria-label={t('delegations.deleteNamed', { delegator: delegation.delegatorName, delegate: delegation.delegateName })}
        >
          {t('actions.delete')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('delegations.title')} className="sd-company-settings__card">
      <p className="sd-muted sd-company-settings__intro">{t('delegations.description')}</p>
      <Form<DelegationValues> form={form} layout="inline" className="sd-delegation-form" onFinish={(values) => void handleAdd(values)}>
        <Form.Item name="delegatorId" label={t('delegations.delegator')} rules={[{ required: true, message: t('delegations.pickDelegator') }]}>
          <Select
            className="sd-delegation-form__select"
            showSearch={{ optionFilterProp: 'label' }}
            options={options}
            loading={candidates.isPending}
            placeholder={t('delegations.pickDelegator')}
          />
        </Form.Item>
        <Form.Item
          name="delegateId"
          label={t('delegations.delegate')}
          dependencies={['delegatorId']}
          rules={[
            { required: true, message: t('delegations.pickDelegate') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (value !== undefined && value === getFieldValue('delegatorId')) {
                  throw new Error(t('delegations.same'));
                }
              },
            }),
          ]}
        >
          <Select
            className="sd-delegation-form__select"
            showSearch={{ optionFilterProp: 'label' }}
            options={options}
            loading={candidates.isPending}
            placeholder={t('delegations.pickDelegate')}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
            {t('delegations.add')}
          </Button>
        </Form.Item>
      </Form>
      <Table<AlertDelegationItem>
        rowKey="id"
        columns={columns}
        dataSource={delegations.data ?? []}
        loading={delegations.isPending}
        pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 640 }}
        locale={{
          emptyText: delegations.isPending ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('delegations.empty')} />,
        }}
      />
    </Card>
  );
}
