import { useMemo } from 'react';
import { Form, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { cabinLimits, dataItemLimits, dataItemNameSchema, directoryNameSchema, levelAtLeast, limits, renameNodeRequest, validationMessage, type CabinNodeKind, type CabinTreeNode } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { useLocale } from '@/shared/i18n/useLocale';
import { NameField } from '@/shared/forms/NameField';
import { directoryOptions, ROOT_LEVEL, TOP_VALUE } from './cabinTree';

interface NameFormModalProps {
  title: string;
  /** The name rule follows the node kind (spec §5): directories and data items have their own. */
  kind: CabinNodeKind;
  /** Where the node is (shown under the field) when renaming. */
  place?: string;
  /** When creating: the tree to choose the parent directory from, and the one chosen first. */
  parentChoice?: { tree: CabinTreeNode[]; parentId: number | null };
  initialName?: string;
  saving: boolean;
  /** parentId: the chosen parent (null: the top), when creating. */
  onSubmit: (name: string, parentId: number | null) => void;
  onCancel: () => void;
}

/** The name rule of a node kind, as the server checks it. */
function nameRule(kind: CabinNodeKind) {
  if (kind === 'directory') {
    return { schema: directoryNameSchema, max: limits.directoryNameLength };
  }
  if (kind === 'dataItem') {
    return { schema: dataItemNameSchema, max: dataItemLimits.nameLength };
  }
  return { schema: renameNodeRequest.shape.name, max: cabinLimits.nodeNameLength };
}

interface NameValues {
  name: string;
  parentId?: number;
}

/** Name a new directory (and choose where it goes), or rename a node. Enter saves. */
export function NameFormModal({ title, kind, place, parentChoice, initialName, saving, onSubmit, onCancel }: NameFormModalProps) {
  const { t } = useTranslation('cabin');
  const locale = useLocale();
  const [form] = Form.useForm<NameValues>();
  const rule = nameRule(kind);
  const parents = useMemo(
    () =>
      parentChoice
        ? [{ value: TOP_VALUE, title: t('top'), disabled: !levelAtLeast(ROOT_LEVEL, 'readWrite'), children: directoryOptions(parentChoice.tree, (d) => levelAtLeast(d.level, 'readWrite')) }]
        : [],
    [parentChoice, t],
  );
  const handleFinish = ({ name, parentId }: NameValues) => onSubmit(name.trim(), parentId === undefined || parentId === TOP_VALUE ? null : parentId);
  const initialValues: Partial<NameValues> = { name: initialName ?? '', parentId: parentChoice ? (parentChoice.parentId ?? TOP_VALUE) : undefined };
  return (
    <FormModal<NameValues> title={title} form={form} width={480} confirmLoading={saving} initialValues={initialValues} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
      {parentChoice && (
        <Form.Item name="parentId" label={t('fields.parent')} rules={[{ required: true, message: validationMessage('validation.dataItem.directoryRequired', locale) ?? '' }]}>
          <TreeSelect treeData={parents} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
      )}
      <NameField schema={rule.schema} label={t(`fields.name.${kind === 'directory' ? 'directory' : kind === 'dataItem' ? 'dataItem' : 'node'}`)} max={rule.max} counter="count" extra={place ? t('fields.place', { place }) : t('fields.directoryNameHint')} autoFocus />
    </FormModal>
  );
}
