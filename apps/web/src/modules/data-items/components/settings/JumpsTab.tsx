import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataItemDetail, JumpItem } from '@smartdata/domain';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { useListActions } from '@/shared/hooks/useListActions';
import { useAddJumpMutation } from '../../api/addJump';
import { useDeleteJumpMutation } from '../../api/deleteJump';
import type { JumpValues } from '../../api/jumpValues';
import { useUpdateJumpMutation } from '../../api/updateJump';
import { JumpFormModal } from './JumpFormModal';
import { SettingsTable } from './SettingsTable';

type Editing = { mode: 'create' } | { mode: 'edit'; jump: JumpItem };

/** Jump associations of the item, in priority order (the record list offers them in this order). */
export function JumpsTab({ item, canWrite }: { item: DataItemDetail; canWrite: boolean }) {
  const { t } = useTranslation(['data-items', 'texts']);
  const { save } = useListActions();
  const confirm = useConfirmAction();
  const [editing, setEditing] = useState<Editing | null>(null);
  const addJump = useAddJumpMutation();
  const updateJump = useUpdateJumpMutation();
  const deleteJump = useDeleteJumpMutation();
  const nameOf = (fieldName: string) => item.fields.find((f) => f.fieldName === fieldName)?.name ?? fieldName;

  const handleSubmit = (values: JumpValues) =>
    void save(() => (editing?.mode === 'edit' ? updateJump.mutateAsync({ id: editing.jump.id, ...values }) : addJump.mutateAsync({ itemId: item.id, ...values })), () => setEditing(null));

  const handleDelete = (jump: JumpItem) => {
    confirm({ title: t('jumps.deleteTitle', { name: jump.name }), okText: t('actions.delete'), run: () => deleteJump.mutateAsync(jump.id), done: t('texts:deleteSuccess') });
  };

  return (
    <>
      <SettingsTable<JumpItem>
        section="jumps"
        rows={[...item.jumps].sort((a, b) => a.priority - b.priority)}
        canWrite={canWrite}
        actionsWidth={170}
        onAdd={() => setEditing({ mode: 'create' })}
        onEdit={(jump) => setEditing({ mode: 'edit', jump })}
        onDelete={handleDelete}
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
        ]}
      />
      {editing && (
        <JumpFormModal
          item={item}
          jump={editing.mode === 'edit' ? editing.jump : null}
          saving={addJump.isPending || updateJump.isPending}
          onSubmit={handleSubmit}
          onCancel={() => setEditing(null)}
        />
      )}
    </>
  );
}
