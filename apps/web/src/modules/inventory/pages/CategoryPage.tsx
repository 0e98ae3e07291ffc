import { useState } from 'react';
import { Button, Card, Empty, Select, Space, Spin, Tag, Tree, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InventoryItem } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { formatDateTime } from '@/shared/utils/formatTime';
import { PICK_LIST_SIZE } from '../api/keys';
import { useAddCategoryMutation, useAddItemMutation, useCategoryListQuery, useItemListQuery } from '../api/masterData';
import { CategoryFormModal, ItemFormModal } from '../components/MasterDataForms';
import { buildCategoryTree } from '../lib/categoryTree';
import '../inventory.css';

/** /inventory/category: the category tree and the items (device models and plain items) under it. */
export function CategoryPage() {
  const { t } = useTranslation('inventory');
  const paged = usePagedList();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [serialized, setSerialized] = useState<'0' | '1' | undefined>();
  const [adding, setAdding] = useState<'category' | 'item' | null>(null);
  const categories = useCategoryListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const items = useItemListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword, categoryId, serialized });
  const addCategory = useAddCategoryMutation();
  const addItem = useAddItemMutation();
  const { save } = useListActions();
  const categoryName = new Map((categories.data?.list ?? []).map((c) => [c.id, c.name]));
  const tree = buildCategoryTree(categories.data?.list ?? []);

  const columns: TableColumnsType<InventoryItem> = [
    { title: t('items.name'), dataIndex: 'name', key: 'name' },
    { title: t('items.category'), dataIndex: 'categoryId', key: 'categoryId', render: (id: number | null) => (id === null ? '—' : (categoryName.get(id) ?? '—')) },
    {
      title: t('items.kind'),
      dataIndex: 'serialized',
      key: 'serialized',
      render: (value: boolean) => (value ? <Tag color="blue">{t('items.serializedTag')}</Tag> : <Tag>{t('items.plainTag')}</Tag>),
    },
    { title: t('items.unit'), dataIndex: 'unit', key: 'unit', render: (unit: string) => unit || '—' },
    { title: t('columns.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 180, className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('categories.title')}
        description={t('categories.description')}
        actions={
          <Space wrap>
            <Button icon={<PlusOutlined />} onClick={() => setAdding('category')}>
              {t('categories.add')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding('item')}>
              {t('items.add')}
            </Button>
          </Space>
        }
      />
      <div className="sd-inventory__split">
        <Card size="small" title={t('categories.tree')} className="sd-inventory__tree">
          <Button type={categoryId === undefined ? 'link' : 'text'} size="small" onClick={() => setCategoryId(undefined)} className="sd-inventory__all">
            {t('categories.all')}
          </Button>
          {categories.isPending ? (
            <Spin size="small" />
          ) : tree.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('categories.empty')} />
          ) : (
            <Tree
              aria-label={t('categories.tree')}
              treeData={tree}
              defaultExpandAll
              blockNode
              selectedKeys={categoryId === undefined ? [] : [categoryId]}
              onSelect={(keys) => {
                setCategoryId(keys.length ? Number(keys[0]) : undefined);
                paged.setPageNum(1);
              }}
            />
          )}
        </Card>
        <div className="sd-inventory__main">
          <ListCard<InventoryItem>
            rowKey="id"
            columns={columns}
            rows={items.data?.list ?? []}
            loading={items.isFetching}
            pending={items.isPending}
            keyword={paged.keyword}
            searchPlaceholder={t('items.search')}
            onSearch={paged.search}
            paging={{ state: paged, total: items.data?.total ?? 0, totalText: (count) => t('items.total', { count }) }}
            empty={{ text: t('items.empty'), searchText: t('emptySearch'), hint: t('items.emptyHint') }}
            scrollX={720}
            toolbar={
              <Select
                aria-label={t('items.kind')}
                allowClear
                placeholder={t('items.kind')}
                style={{ width: 170 }}
                value={serialized}
                onChange={(value?: '0' | '1') => {
                  setSerialized(value);
                  paged.setPageNum(1);
                }}
                options={[
                  { value: '1', label: t('items.serializedTag') },
                  { value: '0', label: t('items.plainTag') },
                ]}
              />
            }
          />
        </div>
      </div>
      {adding === 'category' && (
        <CategoryFormModal
          parentId={categoryId}
          saving={addCategory.isPending}
          onCancel={() => setAdding(null)}
          onSubmit={(values) => void save(() => addCategory.mutateAsync(values), () => setAdding(null))}
        />
      )}
      {adding === 'item' && (
        <ItemFormModal
          categoryId={categoryId}
          saving={addItem.isPending}
          onCancel={() => setAdding(null)}
          onSubmit={(values) => void save(() => addItem.mutateAsync(values), () => setAdding(null))}
        />
      )}
    </div>
  );
}
