import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TagItem } from '@smartdata/domain';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useEditDialog } from '@/shared/hooks/useEditDialog';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useAddTagMutation, type TagValues } from '../api/addTag';
import { useDeleteTagMutation } from '../api/deleteTag';
import { useTagListQuery } from '../api/getTagList';
import { useUpdateTagMutation } from '../api/updateTag';
import { TagFormModal } from '../components/TagFormModal';
import '../settings.css';

/** /sysSetting/tagSetting: the company's tags (name and colour) that devices and data items carry. */
export function TagPage() {
  const { t } = useTranslation(['settings', 'texts']);
  const paged = usePagedList();
  const tags = useTagListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword });
  const addTag = useAddTagMutation();
  const updateTag = useUpdateTagMutation();
  const deleteTag = useDeleteTagMutation();
  const dialog = useEditDialog(addTag, updateTag, (tag: TagItem, values: TagValues) => ({ id: tag.id, ...values }));

  const columns: TableColumnsType<TagItem> = [
    { title: t('tags.name'), key: 'name', render: (_value, tag) => <Tag color={tag.color}>{tag.name}</Tag> },
    {
      title: t('tags.color'),
      dataIndex: 'color',
      key: 'color',
      render: (color: string) => (
        <span className="sd-tag-swatch">
          <span className="sd-tag-swatch__chip" style={{ background: color }} aria-hidden="true" />
          <span className="sd-mono">{color}</span>
        </span>
      ),
    },
    timeColumn(t('columns.updatedAt'), 'updatedAt', { width: 180 }),
    actionsColumn(t('columns.actions'), (tag) => [
      { kind: 'edit', name: tag.name, onClick: () => dialog.edit(tag) },
      { kind: 'delete', name: tag.name, confirm: { title: t('tags.deleteTitle', { name: tag.name }), content: t('tags.deleteContent'), onDelete: () => deleteTag.mutateAsync(tag.id) } },
    ]),
  ];

  const editing = dialog.row;
  return (
    <div className="sd-page">
      <PageHeader title={t('tags.title')} description={t('tags.description')} actions={<AddButton label={t('tags.create')} onClick={dialog.create} />} />
      <ListCard<TagItem> columns={columns} query={tags} paged={paged} scrollX={640}
        texts={{ search: t('tags.search'), empty: t('tags.empty'), noMatch: t('emptySearch'), hint: t('tags.emptyHint'), total: (count) => t('tags.total', { count }) }}
      />
      {dialog.open && (
        <TagFormModal
          {...dialog.modal}
          title={editing ? t('tags.editTitle', { name: editing.name }) : t('tags.createTitle')}
          initialValues={editing ? { name: editing.name, color: editing.color } : undefined}
        />
      )}
    </div>
  );
}
