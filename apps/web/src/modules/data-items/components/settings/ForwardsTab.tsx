import { useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataItemDetail, ForwardItem } from '@smartdata/domain';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { useListActions } from '@/shared/hooks/useListActions';
import { useAddForwardMutation } from '../../api/addForward';
import { useDeleteForwardMutation } from '../../api/deleteForward';
import type { ForwardValues } from '../../api/forwardValues';
import { useUpdateForwardMutation } from '../../api/updateForward';
import { ForwardFormModal } from './ForwardFormModal';
import { SettingsTable } from './SettingsTable';

type Editing = { mode: 'create' } | { mode: 'edit'; forward: ForwardItem };

/** Forward conditions of the item: matching new records are copied into another item. */
export function ForwardsTab({ item, canWrite, timeZone }: { item: DataItemDetail; canWrite: boolean; timeZone: string }) {
  const { t } = useTranslation(['data-items', 'texts']);
  const { save } = useListActions();
  const confirm = useConfirmAction();
  const [editing, setEditing] = useState<Editing | null>(null);
  const addForward = useAddForwardMutation();
  const updateForward = useUpdateForwardMutation();
  const deleteForward = useDeleteForwardMutation();
  const nameOf = (fieldName: string) => item.fields.find((f) => f.fieldName === fieldName)?.name ?? fieldName;

  const handleSubmit = (values: ForwardValues) =>
    void save(() => (editing?.mode === 'edit' ? updateForward.mutateAsync({ id: editing.forward.id, ...values }) : addForward.mutateAsync({ itemId: item.id, ...values })), () => setEditing(null));

  const handleDelete = (forward: ForwardItem) => {
    confirm({ title: t('forwards.deleteTitle', { name: forward.name }), okText: t('actions.delete'), run: () => deleteForward.mutateAsync(forward.id), done: t('texts:deleteSuccess') });
  };

  return (
    <>
      <SettingsTable<ForwardItem>
        section="forwards"
        rows={item.forwards}
        canWrite={canWrite}
        actionsWidth={170}
        onAdd={() => setEditing({ mode: 'create' })}
        onEdit={(forward) => setEditing({ mode: 'edit', forward })}
        onDelete={handleDelete}
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
        ]}
      />
      {editing && (
        <ForwardFormModal
          item={item}
          forward={editing.mode === 'edit' ? editing.forward : null}
          timeZone={timeZone}
          saving={addForward.isPending || updateForward.isPending}
          onSubmit={handleSubmit}
          onCancel={() => setEditing(null)}
        />
      )}
    </>
  );
}
