import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Empty, Form, Input, Result, Select, Skeleton, Space, Table, Tag, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { dataItemLimits, itemGroupInput, limits, validationMessage, type DataItemSummary } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { recordsPath } from '@/shared/routing/dataItemPaths';
import { useDeleteItemGroupMutation } from '../api/deleteItemGroup';
import { useDataItemOptionsQuery } from '../api/getDataItemOptions';
import { useItemGroupQuery } from '../api/getItemGroup';
import { useTreeQuery } from '../api/getTree';
import { useUpdateItemGroupMutation } from '../api/updateItemGroup';
import { indexTree } from '../components/cabinTree';
import { appendIds, sameOrder, shift } from '../components/itemGroupOrder';
import { NodeIcon } from '../components/NodeIcon';
import '../cabin.css';

const LIST_PATH = '/smartdata/itemgroup';

/**
 * /smartdata/itemgroup/config/{groupId}: an item group's name and its data items, in the order
 * they are shown together. Items are picked from the data items the caller can read.
 */
export function ItemGroupConfigPage() {
  const { t } = useTranslation(['cabin', 'texts']);
  const { message, modal } = App.useApp();
  const locale = useLocale();
  const navigate = useNavigate();
  const codes = useMenuCodes();
  const groupId = Number(useParams().groupId);
  const group = useItemGroupQuery(groupId);
  const options = useDataItemOptionsQuery();
  // Directory paths help to tell items apart; only holders of the cabin's code can read the tree.
  const tree = useTreeQuery({ enabled: codes.has('sd_capsule') });
  const index = useMemo(() => indexTree(tree.data ?? []), [tree.data]);
  const update = useUpdateItemGroupMutation();
  const deleteGroup = useDeleteItemGroupMutation();
  const [form] = Form.useForm<{ name: string }>();
  const [itemIds, setItemIds] = useState<number[]>([]);
  const [picked, setPicked] = useState<number[]>([]);
  const [savedName, setSavedName] = useState('');
  const name = Form.useWatch('name', form) ?? '';

  useEffect(() => {
    if (group.data) {
      setItemIds(group.data.items.map((item) => item.id));
      setSavedName(group.data.name);
      form.setFieldsValue({ name: group.data.name });
    }
  }, [group.data, form]);

  const known = useMemo(() => {
    const map = new Map<number, DataItemSummary>();
    for (const item of group.data?.items ?? []) {
      map.set(item.id, item);
    }
    for (const item of options.data ?? []) {
      map.set(item.id, item);
    }
    return map;
  }, [group.data, options.data]);

  const directoryOf = (item: DataItemSummary) => {
    const path = index.get(item.nodeId)?.path;
    return path && path.length > 1 ? path.slice(0, -1).join(' / ') : null;
  };

  const savedIds = useMemo(() => group.data?.items.map((item) => item.id) ?? [], [group.data]);
  const dirty = group.data !== undefined && (name.trim() !== savedName || !sameOrder(itemIds, savedIds));
  const full = itemIds.length >= dataItemLimits.itemGroupItemsMax;

  const handleSave = async ({ name: value }: { name: string }) => {
    try {
      await update.mutateAsync({ id: groupId, name: value.trim(), itemIds });
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client.
    }
  };

  const handleDelete = () => {
    if (!group.data) {
      return;
    }
    void modal.confirm({
      title: t('itemGroups.deleteTitle', { name: group.data.name }),
      content: t('itemGroups.deleteContent'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteGroup.mutateAsync(groupId);
          void message.success(t('texts:deleteSuccess'));
          void navigate(LIST_PATH);
        } catch {
          // Shown by the API client.
        }
      },
    });
  };

  const rows = itemIds.map((id) => known.get(id)).filter((item): item is DataItemSummary => item !== undefined);
  const columns: TableColumnsType<DataItemSummary> = [
    { title: t('itemGroups.order'), key: 'order', width: 72, render: (_value, _item, at) => at + 1 },
    {
      title: t('kinds.dataItem'),
      key: 'name',
      render: (_value, item) => (
        <span className="sd-cabin-groups__item">
          <NodeIcon kind="dataItem" />
          {codes.has('sd_capsule') ? (
            <Link
              to={recordsPath({
                id: item.id,
                name: item.name,
                kind: item.kind,
                nodeId: item.nodeId,
                directoryId: item.directoryId,
                directoryName: item.directoryId === null ? null : (index.get(item.directoryId)?.node.name ?? null),
              })}
            >
              {item.name}
            </Link>
          ) : (
            <span>{item.name}</span>
          )}
          {directoryOf(item) && <span className="sd-muted sd-cabin-groups__path">{directoryOf(item)}</span>}
        </span>
      ),
    },
    { title: t('fields.itemKind'), key: 'kind', width: 150, render: (_value, item) => <Tag>{t(`itemKinds.${item.kind}`)}</Tag> },
    {
      title: t('itemGroups.actions'),
      key: 'actions',
      width: 150,
      render: (_value, item, at) => (
        <Space size={0}>
          <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={at === 0} aria-label={t('itemGroups.up', { name: item.name })} onClick={() => setItemIds((list) => shift(list, at, -1))} />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={at === rows.length - 1}
            aria-label={t('itemGroups.down', { name: item.name })}
            onClick={() => setItemIds((list) => shift(list, at, 1))}
          />
          <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('itemGroups.remove', { name: item.name })} onClick={() => setItemIds((list) => list.filter((id) => id !== item.id))} />
        </Space>
      ),
    },
  ];

  if (!Number.isSafeInteger(groupId) || groupId <= 0 || group.isError) {
    return (
      <div className="sd-page">
        <Result
          status="warning"
          title={t('itemGroups.notFound')}
          extra={
            <Button type="primary" onClick={() => void navigate(LIST_PATH)}>
              {t('itemGroups.backToList')}
            </Button>
          }
        />
      </div>
    );
  }

  const pickable = (options.data ?? []).filter((item) => !itemIds.includes(item.id));

  return (
    <div className="sd-page sd-cabin-group">
      <PageHeader
        title={group.data ? t('itemGroups.configTitle', { name: group.data.name }) : t('itemGroups.title')}
        description={t('itemGroups.configDescription')}
        actions={
          <>
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(LIST_PATH)}>
              {t('itemGroups.backToList')}
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={handleDelete} disabled={!group.data}>
              {t('actions.delete')}
            </Button>
          </>
        }
      />
      {!group.data ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <Form form={form} layout="vertical" onFinish={(values) => void handleSave(values)} requiredMark>
          <Card className="sd-cabin-group__card">
            <Form.Item
              name="name"
              label={t('itemGroups.name')}
              className="sd-cabin-group__name"
              rules={[{ required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' }, domainRule(itemGroupInput.shape.name, t)]}
            >
              <Input showCount={{ formatter: ({ count }) => `${count} / ${limits.generalNameLength}` }} />
            </Form.Item>

            <div className="sd-cabin-group__items-head">
              <h2 className="sd-cabin-group__heading">{t('itemGroups.items')}</h2>
              <span className="sd-muted">{t('itemGroups.itemsHint', { count: itemIds.length, max: dataItemLimits.itemGroupItemsMax })}</span>
            </div>
            <div className="sd-cabin-group__add">
              <Select<number[]>
                mode="multiple"
                className="sd-cabin-group__picker"
                aria-label={t('itemGroups.pick')}
                placeholder={t('itemGroups.pick')}
                value={picked}
                onChange={setPicked}
                loading={options.isFetching}
                disabled={full}
                showSearch={{ optionFilterProp: 'label' }}
                maxTagCount="responsive"
                notFoundContent={t('itemGroups.noOptions')}
                options={pickable.map((item) => {
                  const directory = directoryOf(item);
                  return { value: item.id, label: directory ? `${item.name} · ${directory}` : item.name };
                })}
              />
              <Button
                icon={<PlusOutlined />}
                disabled={picked.length === 0 || full}
                onClick={() => {
                  setItemIds((list) => appendIds(list, picked).slice(0, dataItemLimits.itemGroupItemsMax));
                  setPicked([]);
                }}
              >
                {t('itemGroups.add')}
              </Button>
            </div>
            <Table<DataItemSummary>
              size="small"
              rowKey="id"
              columns={columns}
              dataSource={rows}
              pagination={false}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('itemGroups.noItemsYet')} /> }}
            />
            <div className="sd-cabin-group__footer">
              {dirty && <span className="sd-muted">{t('itemGroups.unsaved')}</span>}
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={update.isPending} disabled={!dirty}>
                {t('actions.save')}
              </Button>
            </div>
          </Card>
        </Form>
      )}
    </div>
  );
}
