import { useMemo } from 'react';
import { Form, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { validationMessage, type CabinTreeNode } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { useLocale } from '@/shared/i18n/useLocale';
import { copyProblem, directoryOptions, moveProblem, TOP_VALUE, type TreeIndex } from './cabinTree';

interface DestinationModalProps {
  mode: 'move' | 'copy';
  node: CabinTreeNode;
  tree: CabinTreeNode[];
  index: TreeIndex;
  saving: boolean;
  /** parentId null: the top of the tree. */
  onSubmit: (parentId: number | null) => void;
  onCancel: () => void;
}

/**
 * Where to move or copy a node: the directories it may go to are offered, the others shown
 * greyed out (its own subtree, directories without read-write). Moving is also done by drag
 * and drop; this dialog is the keyboard's way.
 */
export function DestinationModal({ mode, node, tree, index, saving, onSubmit, onCancel }: DestinationModalProps) {
  const { t } = useTranslation('cabin');
  const locale = useLocale();
  const [form] = Form.useForm<{ parentId?: number }>();
  const problem = (parentId: number | null) => (mode === 'move' ? moveProblem(index, node.id, parentId) : copyProblem(index, node.id, parentId));
  const options = useMemo(
    () => [
      {
        value: TOP_VALUE,
        title: t('top'),
        disabled: problem(null) !== null,
        children: directoryOptions(tree, (directory) => problem(directory.id) === null),
      },
    ],
    // `problem` is rebuilt on each render from index, node.id and mode, which are listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tree, index, node.id, mode, t],
  );
  const initial = mode === 'copy' && problem(node.parentId) === null ? (node.parentId ?? TOP_VALUE) : undefined;
  const handleFinish = ({ parentId }: { parentId?: number }) => onSubmit(parentId === undefined || parentId === TOP_VALUE ? null : parentId);
  return (
    <FormModal<{ parentId?: number }> title={t(mode === 'move' ? 'destination.moveTitle' : 'destination.copyTitle', { name: node.name })} form={form} width={520} confirmLoading={saving} initialValues={{ parentId: initial }} okText={t(mode === 'move' ? 'actions.move' : 'actions.copy')} onCancel={onCancel} onFinish={handleFinish}>
      <Form.Item
        name="parentId"
        label={t('destination.label')}
        extra={t(mode === 'move' ? 'destination.moveHint' : node.kind === 'directory' ? 'destination.copyDirectoryHint' : 'destination.copyItemHint')}
        rules={[{ required: true, message: validationMessage('validation.dataItem.directoryRequired', locale) ?? '' }]}
      >
        <TreeSelect treeData={options} treeDefaultExpandAll showSearch treeNodeFilterProp="title" placeholder={t('destination.placeholder')} />
      </Form.Item>
    </FormModal>
  );
}
