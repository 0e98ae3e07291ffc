import { Button, Card, Empty, Form, Select, Table, type TableColumnsType } from 'antd';
import { ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AlertDelegationItem } from '@smartdata/domain';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { crossFieldRule } from '@/shared/forms/crossFieldRule';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { useListActions } from '@/shared/hooks/useListActions';
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
  const { save } = useListActions();
  const confirm = useConfirmAction();
  const [form] = Form.useForm<DelegationValues>();
  const delegations = useAlertDelegationsQuery();
  const candidates = useAlertDelegatorListQuery();
  const add = useAddAlertDelegatorMutation();
  const remove = useDeleteAlertDelegatorMutation();
  const options = (candidates.data ?? []).map((candidate) => ({ value: candidate.userId, label: candidateLabel(candidate) }));

  const notTheDelegator = crossFieldRule<number>('delegatorId', (value, delegator) => value !== undefined && value === delegator && t('delegations.same'));

  const handleAdd = (values: DelegationValues) => void save(() => add.mutateAsync(values), () => form.resetFields());

  const handleDelete = (delegation: AlertDelegationItem) => {
    confirm({
      title: t('delegations.deleteTitle'),
      content: t('delegations.deleteContent', { delegator: delegation.delegatorName, delegate: delegation.delegateName }),
      okText: t('actions.delete'),
      run: () => remove.mutateAsync(delegation.id),
      done: t('texts:deleteSuccess'),
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
    timeColumn(t('columns.createdAt'), 'createdAt', { width: 180 }),
    actionsColumn(
      t('columns.actions'),
      (delegation) => [
        {
          key: 'delete',
          label: t('actions.delete'),
          icon: <DeleteOutlined />,
          danger: true,
          onClick: () => handleDelete(delegation),
          ariaLabel: t('delegations.deleteNamed', { delegator: delegation.delegatorName, delegate: delegation.delegateName }),
        },
      ],
      { width: 100 },
    ),
  ];

  return (
    <Card title={t('delegations.title')} className="sd-company-settings__card">
      <p className="sd-muted sd-company-settings__intro">{t('delegations.description')}</p>
      <Form<DelegationValues> form={form} layout="inline" className="sd-delegation-form" onFinish={handleAdd}>
        <Form.Item name="delegatorId" label={t('delegations.delegator')} rules={[{ required: true, message: t('delegations.pickDelegator') }]}>
          <Select
            className="sd-delegation-form__select"
            showSearch={{ optionFilterProp: 'label' }}
            options={options}
            loading={candidates.isPending}
            placeholder={t('delegations.pickDelegator')}
          />
        </Form.Item>
        <Form.Item name="delegateId" label={t('delegations.delegate')} dependencies={['delegatorId']} rules={[{ required: true, message: t('delegations.pickDelegate') }, notTheDelegator]}>
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
