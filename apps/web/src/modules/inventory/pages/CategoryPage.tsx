import { Button, Card, Empty, Space, Spin, Tree, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InventoryItem } from '@smartdata/domain';
import { FilterSelect } from '@/shared/components/list/FilterSelect';
import { ListCard } from '@/shared/components/list/ListCard';
import { stateTagColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useAddDialog } from '@/shared/hooks/useAddDialog';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { PICK_LIST_SIZE } from '../api/keys';
import { useAddCategoryMutation, useAddItemMutation, useCategoryListQuery, useItemListQuery } from '../api/masterData';
import { CategoryFormModal, ItemFormModal } from '../components/MasterDataForms';
import { buildCategoryTree } from '../lib/categoryTree';
import '../inventory.css';

/** /inventory/category: the category tree and the items (device models and plain items) under it. */
export function CategoryPage() {
  const { t } = useTranslation('inventory');
  const paged = usePagedList<{ categoryId?: number; serialized?: '0' | '1' }>();
  const { categoryId, serialized } = paged.filters;
  const categories = useCategoryListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const items = useItemListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword, categoryId, serialized });
  const addingCategory = useAddDialog(useAddCategoryMutation());
  const addingItem = useAddDialog(useAddItemMutation());
  const categoryName = new Map((categories.data?.list ?? []).map((c) => [c.id, c.name]));
  const tree = buildCategoryTree(categories.data?.list ?? []);

  const columns: TableColumnsType<InventoryItem> = [
    { title: t('items.name'), dataIndex: 'name', key: 'name' },
    { title: t('items.category'), dataIndex: 'categoryId', key: 'categoryId', render: (id: number | null) => (id === null ? '—' : (categoryName.get(id) ?? '—')) },
    stateTagColumn<InventoryItem, boolean>(t('items.kind'), 'serialized', { label: (value) => t(value ? 'items.serializedTag' : 'items.plainTag'), color: (value) => (value ? 'blue' : undefined) }),
    { title: t('items.unit'), dataIndex: 'unit', key: 'unit', render: (unit: string) => unit || '—' },
    timeColumn(t('columns.createdAt'), 'createdAt', { width: 180 }),
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('categories.title')}
        description={t('categories.description')}
        actions={
          <Space wrap>
            <Button icon={<PlusOutlined />} onClick={addingCategory.show}>
              {t('categories.add')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={addingItem.show}>
              {t('items.add')}
            </Button>
          </Space>
        }
      />
      <div className="sd-inventory__split">
        <Card size="small" title={t('categories.tree')} className="sd-inventory__tree">
          <Button type={categoryId === undefined ? 'link' : 'text'} size="small" onClick={() => paged.filter({ categoryId: undefined })} className="sd-inventory__all">
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
              onSelect={(keys) => paged.filter({ categoryId: keys.length ? Number(keys[0]) : undefined })}
            />
          )}
        </Card>
        <div className="sd-inventory__main">
          <ListCard<InventoryItem> columns={columns} query={items} paged={paged} scrollX={720}
            texts={{ search: t('items.search'), total: (count) => t('items.total', { count }), empty: t('items.empty'), noMatch: t('emptySearch'), hint: t('items.emptyHint') }}
            toolbar={
              <FilterSelect<'0' | '1'>
                placeholder={t('items.kind')}
                width={170}
                value={serialized}
                onChange={(value) => paged.filter({ serialized: value })}
                options={[
                  { value: '1', label: t('items.serializedTag') },
                  { value: '0', label: t('items.plainTag') },
                ]}
              />
            }
          />
        </div>
      </div>
      {addingCategory.open && <CategoryFormModal {...addingCategory.modal} parentId={categoryId} />}
      {addingItem.open && <ItemFormModal {...addingItem.modal} categoryId={categoryId} />}
    </div>
  );
}
