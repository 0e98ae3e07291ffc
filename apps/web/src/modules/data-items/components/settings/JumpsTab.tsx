import { useState } from 'react';
import { App, Button, Empty, Space, Table } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DataItemDetail, JumpItem } from '@smartdata/domain';
import { useAddJumpMutation } from '../../api/addJump';
import { useDeleteJumpMutation } from '../../api/deleteJump';
import type { JumpValues } from '../../api/jumpValues';
import { useUpdateJumpMutation } from '../../api/updateJump';
import { JumpFormModal } from './JumpFormModal';

type Editing = { mode: 'create' } | { mode: 'edit'; jump: JumpItem };

/** Jump associations of the item, in priority order (the record list offers them in this order). */
export function JumpsTab({ item, canWrite }: { item: DataItemDetail; canWrite: boolean }) {
  const { t } = useTranslation(['data-items', 'texts']);
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<Editing | null>(null);
  const addJump = useAddJumpMutation();
  const updateJump = useUpdateJumpMutation();
  const deleteJump = useDeleteJumpMutation();
  const nameOf = (fieldName: string) => item.fields.find((f) => f.fieldName === fieldName)?.name ?? fieldName;

  const handleSubmit = async (values: JumpValues) => {
    try {
      if (editing?.mode === 'edit') {
        await updateJump.mutateAsync({ id: editing.jump.id, ...values });
      } else {
        await addJump.mutateAsync({ itemId: item.id, ...values });
      }
      setEditing(null);
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const handleDelete = (jump: JumpItem) => {
    void modal.confirm({
      title: t('jumps.deleteTitle', { name: jump.name }),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteJump.mutateAsync(jump.id);
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
        <span className="sd-muted">{t('jumps.description')}</span>
        <span className="sd-page__toolbar-spacer" />
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
            {t('jumps.add')}
          </Button>
        )}
      </div>
      <Table<JumpItem>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={[...item.jumps].sort((a, b) => a.priority - b.priority)}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('jumps.empty')} /> }}
        columns={[
          { key: 'priority', title: t('jumps.priority'), dataIndex: 'priority', width: 90, align: 'right' },
          { key: 'name', title: t('jumps.name'), dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
          { key: 'target', title: t('jumps.target'), dataIndex: 'targetItemName' },
          {
            key: 'conditions',
            title: t('jumps.conditions'),
            render: (_v, jump) =>
              jump.conditions.length === 0 ? (
                <span className="sd-muted">{t('jumps.noConditions')}</span>
              ) : (
                jump.conditions
                  .map((c) => `${c.targetField} ${t(`ops.${c.op}`)} ${c.sourceField !== undefined ? t('jumps.sourceRef', { name: nameOf(c.sourceField) }) : c.value === undefined ? '' : String(c.value)}`)
                  .join('；')
              ),
          },
          {
            key: 'actions',
            title: t('columns.actions'),
            width: 170,
            render: (_v, jump) =>
              canWrite && (
                <Space size={0}>
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', jump })} aria-label={t('jumps.editNamed', { name: jump.name })}>
                    {t('actions.edit')}
                  </Button>
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => handleDelete(jump)} aria-label={t('jumps.deleteNamed', { name: jump.name })}>
                    {t('actions.delete')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      {editing && (
        <JumpFormModal
          item={item}
          jump={editing.mode === 'edit' ? editing.jump : null}
          saving={addJump.isPending || updateJump.isPending}
          onSubmit={(values) => void handleSubmit(values)}
          onCancel={() => setEditing(null)}
        />
      )}
    </>
  );
}
