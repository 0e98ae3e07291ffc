import { useState } from 'react';
import { Button, Space, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TagItem } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAddTagMutation, type TagValues } from '../api/addTag';
import { useDeleteTagMutation } from '../api/deleteTag';
import { useTagListQuery } from '../api/getTagList';
import { useUpdateTagMutation } from '../api/updateTag';
import { TagFormModal } from '../components/TagFormModal';
import '../settings.css';

type Editing = { mode: 'create' } | { mode: 'edit'; tag: TagItem };

/** /sysSetting/tagSetting: the company's tags (name and colour) that devices and data items carry. */
export function TagPage() {
  const { t } = useTranslation(['settings', 'texts']);
  const paged = usePagedList();
  const tags = useTagListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword });
  const [editing, setEditing] = useState<Editing | null>(null);
  const addTag = useAddTagMutation();
  const updateTag = useUpdateTagMutation();
  const deleteTag = useDeleteTagMutation();
  const { save, confirmDelete } = useListActions();

  const handleSubmit = (values: TagValues) =>
    save(
      () => (editing?.mode === 'edit' ? updateTag.mutateAsync({ id: editing.tag.id, ...values }) : addTag.mutateAsync(values)),
      () => setEditing(null),
    );

  const handleDelete = (tag: TagItem) =>
    confirmDelete({
      title: t('tags.deleteTitle', { name: tag.name }),
      content: t('tags.deleteContent'),
      okText: t('actions.delete'),
      onDelete: () => deleteTag.mutateAsync(tag.id),
    });

  const columns: TableColumnsType<TagItem> = [
    {
      title: t('tags.name'),
      key: 'name',
      render: (_value, tag) => <Tag color={tag.color}>{tag.name}</Tag>,
    },
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
    {
      title: t('columns.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      width: 180,
      className: 'sd-nowrap',
      render: (value: number) => formatDateTime(value),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 170,
      render: (_value, tag) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', tag })} aria-label={t('actions.editNamed', { name: tag.name })}>
            {t('actions.edit')}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => handleDelete(tag)} aria-label={t('actions.deleteNamed', { name: tag.name })}>
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('tags.title')}
        description={t('tags.description')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
            {t('tags.create')}
          </Button>
        }
      />
      <ListCard<TagItem>
        rowKey="id"
        columns={columns}
        rows={tags.data?.list ?? []}
        loading={tags.isFetching}
        pending={tags.isPending}
        keyword={paged.keyword}
        searchPlaceholder={t('tags.search')}
        onSearch={paged.search}
        paging={{ state: paged, total: tags.data?.total ?? 0, totalText: (count) => t('tags.total', { count }) }}
        empty={{ text: t('tags.empty'), searchText: t('emptySearch'), hint: t('tags.emptyHint') }}
        scrollX={640}
      />
      {editing && (
        <TagFormModal
          title={editing.mode === 'edit' ? t('tags.editTitle', { name: editing.tag.name }) : t('tags.createTitle')}
          initialValues={editing.mode === 'edit' ? { name: editing.tag.name, color: editing.tag.color } : undefined}
          saving={addTag.isPending || updateTag.isPending}
          onSubmit={(values) => void handleSubmit(values)}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}
