import { useState } from 'react';
import { App, Button, Empty, Space, Table, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DataItemDetail, ForwardItem } from '@smartdata/domain';
import { useAddForwardMutation } from '../../api/addForward';
import { useDeleteForwardMutation } from '../../api/deleteForward';
import type { ForwardValues } from '../../api/forwardValues';
import { useUpdateForwardMutation } from '../../api/updateForward';
import { ForwardFormModal } from './ForwardFormModal';

type Editing = { mode: 'create' } | { mode: 'edit'; forward: ForwardItem };

/** Forward conditions of the item: matching new records are copied into another item. */
export function ForwardsTab({ item, canWrite, timeZone }: { item: DataItemDetail; canWrite: boolean; timeZone: string }) {
  const { t } = useTranslation(['data-items', 'texts']);
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<Editing | null>(null);
  const addForward = useAddForwardMutation();
  const updateForward = useUpdateForwardMutation();
  const deleteForward = useDeleteForwardMutation();
  const nameOf = (fieldName: string) => item.fields.find((f) => f.fieldName === fieldName)?.name ?? fieldName;

  const handleSubmit = async (values: ForwardValues) => {
    try {
      if (editing?.mode === 'edit') {
        await updateForward.mutateAsync({ id: editing.forward.id, ...values });
      } else {
        await addForward.mutateAsync({ itemId: item.id, ...values });
      }
      setEditing(null);
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const handleDelete = (forward: ForwardItem) => {
    void modal.confirm({
      title: t('forwards.deleteTitle', { name: forward.name }),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteForward.mutateAsync(forward.id);
          void message.success(t('texts:deleteSuccess'));
        } catch {
          // Shown by the API client.
        }
      },
    });
  };

  return (
    <>
      <div className="sd-page__toolbar">
        <span className="sd-muted">{t('forwards.description')}</span>
        <span className="sd-page__toolbar-spacer" />
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
            {t('forwards.add')}
          </Button>
        )}
      </div>
      <Table<ForwardItem>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={item.forwards}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('forwards.empty')} /> }}
        columns={[
          { key: 'name', title: t('forwards.name'), dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
          {
            key: 'conditions',
            title: t('forwards.conditions'),
            render: (_v, forward) =>
              forward.conditions.length === 0 ? (
                <span className="sd-muted">{t('forwards.everyRecord')}</span>
              ) : (
                forward.conditions.map((c) => `${nameOf(c.field)} ${t(`ops.${c.op}`)} ${c.value === undefined || c.value === null ? '' : String(c.value)}`).join('；')
              ),
          },
          { key: 'target', title: t('forwards.target'), dataIndex: 'targetItemName' },
          { key: 'mappings', title: t('forwards.mappings'), render: (_v, forward) => forward.mappings.map((m) => `${nameOf(m.from)} → ${m.to}`).join('，') },
          {
            key: 'enabled',
            title: t('forwards.enabled'),
            width: 90,
            render: (_v, forward) => (forward.enabled ? <Tag color="success">{t('forwards.on')}</Tag> : <Tag>{t('forwards.off')}</Tag>),
          },
          {
            key: 'actions',
            title: t('columns.actions'),
            width: 170,
            render: (_v, forward) =>
              canWrite && (
                <Space size={0}>
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', forward })} aria-label={t('forwards.editNamed', { name: forward.name })}>
                    {t('actions.edit')}
                  </Button>
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => handleDelete(forward)} aria-label={t('forwards.deleteNamed', { name: forward.name })}>
                    {t('actions.delete')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      {editing && (
        <ForwardFormModal
          item={item}
          forward={editing.mode === 'edit' ? editing.forward : null}
          timeZone={timeZone}
          saving={addForward.isPending || updateForward.isPending}
          onSubmit={(values) => void handleSubmit(values)}
          onCancel={() => setEditing(null)}
        />
      )}
    </>
  );
}
