import { useEffect, useState } from 'react';
import { App, Button, Card, Empty, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TagItem } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
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
  const { message, modal } = App.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [keyword, setKeyword] = useState('');
  const tags = useTagListQuery({ pageNum, pageSize, keyword });
  const [editing, setEditing] = useState<Editing | null>(null);
  const addTag = useAddTagMutation();
  const updateTag = useUpdateTagMutation();
  const deleteTag = useDeleteTagMutation();

  const total = tags.data?.total;
  useEffect(() => {
    if (total !== undefined && pageNum > 1 && (pageNum - 1) * pageSize >= total) {
      setPageNum(Math.max(1, Math.ceil(total / pageSize)));
    }
  }, [total, pageNum, pageSize]);

  const handleSubmit = async (values: TagValues) => {
    try {
      if (editing?.mode === 'edit') {
        await updateTag.mutateAsync({ id: editing.tag.id, ...values });
      } else {
        await addTag.mutateAsync(values);
      }
      setEditing(null);
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const handleDelete = (tag: TagItem) => {
    void modal.confirm({
      title: t('tags.deleteTitle', { name: tag.name }),
      content: t('tags.deleteContent'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      autoFocusButton: 'ok',
      onOk: async () => {
        try {
          await deleteTag.mutateAsync(tag.id);
          void message.success(t('texts:deleteSuccess'));
        } catch {
          // Shown by the API client.
        }
      },
    });
  };

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
      <Card>
        <div className="sd-page__toolbar">
          <Input.Search
            allowClear
            placeholder={t('tags.search')}
            aria-label={t('tags.search')}
            style={{ width: 260 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPageNum(1);
            }}
            onChange={(event) => {
              if (event.target.value === '') {
                setKeyword('');
                setPageNum(1);
              }
            }}
          />
        </div>
        <Table<TagItem>
          rowKey="id"
          columns={columns}
          dataSource={tags.data?.list ?? []}
          loading={tags.isFetching}
          scroll={{ x: 640 }}
          pagination={{
            current: pageNum,
            pageSize,
            total: tags.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('tags.total', { count }),
            onChange: (page, size) => {
              setPageNum(size === pageSize ? page : 1);
              setPageSize(size);
            },
          }}
          locale={{
            emptyText: tags.isPending ? ' ' : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('emptySearch') : t('tags.empty')}>
                {!keyword && <p className="sd-page__empty-hint">{t('tags.emptyHint')}</p>}
              </Empty>
            ),
          }}
        />
      </Card>
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
