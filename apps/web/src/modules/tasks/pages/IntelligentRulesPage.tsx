import { useMemo, useState } from 'react';
import { Button, Space, Switch, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { IntelligentRuleView } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { useLocale } from '@/shared/i18n/useLocale';
import { filterByName } from '@/shared/utils/filterByName';
import { useDeleteRuleMutation, useRulesQuery, useUpdateRuleMutation } from '../api/rules';
import { LastRunCell } from '../components/LastRunCell';
import { useNameBook } from '../components/useNameBook';
import { actionText, conditionsText } from '../lib/ruleText';
import '../tasks.css';

const EDITOR_PATH = '/intelligentrules/AddRule';

/**
 * /taskmanagement/intelligentrules (sa_rules): the intelligent rules — the item each watches, its
 * conditions and actions in words, a switch that saves, its last run; added and edited on
 * /intelligentrules/AddRule.
 */
export function IntelligentRulesPage() {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const navigate = useNavigate();
  const rules = useRulesQuery();
  const [keyword, setKeyword] = useState('');
  const updateRule = useUpdateRuleMutation();
  const deleteRule = useDeleteRuleMutation();
  const { confirmDelete } = useListActions();
  const rows = useMemo(() => filterByName(rules.data ?? [], keyword), [rules.data, keyword]);
  const watched = useMemo(() => (rules.data ?? []).map((r) => r.itemId), [rules.data]);
  const allActions = useMemo(() => (rules.data ?? []).flatMap((r) => r.actions), [rules.data]);
  const book = useNameBook(watched, allActions);

  const handleToggle = (rule: IntelligentRuleView, enabled: boolean) => {
    const { id, name, itemId, match, conditions, actions } = rule;
    void updateRule.mutateAsync({ id, name, itemId, match, conditions, actions, enabled }).catch(() => undefined);
  };

  const handleDelete = (rule: IntelligentRuleView) =>
    confirmDelete({
      title: t('rules.deleteTitle', { name: rule.name }),
      content: t('rules.deleteContent'),
      okText: t('actions.delete'),
      onDelete: () => deleteRule.mutateAsync(rule.id),
    });

  const columns: TableColumnsType<IntelligentRuleView> = [
    { title: t('rules.columns.name'), dataIndex: 'name', key: 'name', width: 140, render: (name: string) => <strong>{name}</strong> },
    { title: t('rules.columns.item'), dataIndex: 'itemName', key: 'item', width: 130 },
    {
      title: t('rules.columns.conditions'),
      key: 'conditions',
      width: 190,
      render: (_value, rule) => (
        <div className="sd-task-cell">
          <span className="sd-muted">{t(`rules.match.${rule.match}`)}</span>
          <span>{conditionsText(rule.match, rule.conditions, book.fields(rule.itemId), locale, t)}</span>
        </div>
      ),
    },
    {
      title: t('rules.columns.actions'),
      key: 'ruleActions',
      render: (_value, rule) => (
        <ol className="sd-task-action-list">
          {rule.actions.map((action, index) => (
            <li key={index}>{actionText(action, book, locale, t, rule.itemId)}</li>
          ))}
        </ol>
      ),
    },
    {
      title: t('columns.enabled'),
      dataIndex: 'enabled',
      key: 'enabled',
      width: 96,
      className: 'sd-nowrap',
      render: (enabled: boolean, rule) => <Switch size="small" checked={enabled} onChange={(checked) => handleToggle(rule, checked)} aria-label={t('define.toggle', { name: rule.name })} />,
    },
    { title: t('columns.lastRun'), key: 'lastRun', width: 150, render: (_value, rule) => <LastRunCell run={rule.lastRun} /> },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_value, rule) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void navigate(`${EDITOR_PATH}?id=${rule.id}`)} aria-label={t('actions.editNamed', { name: rule.name })}>
            {t('actions.edit')}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => handleDelete(rule)} aria-label={t('actions.deleteNamed', { name: rule.name })}>
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(EDITOR_PATH)}>
      {t('rules.add')}
    </Button>
  );

  return (
    <div className="sd-page">
      <PageHeader title={t('rules.title')} description={t('rules.description')} actions={addButton} />
      <ListCard<IntelligentRuleView>
        rowKey="id"
        columns={columns}
        rows={rows}
        loading={rules.isFetching}
        pending={rules.isPending}
        keyword={keyword}
        searchPlaceholder={t('rules.search')}
        onSearch={setKeyword}
        empty={{
          text: t('rules.empty'),
          searchText: t('rules.emptySearch'),
          hint: (
            <>
              <Typography.Paragraph type="secondary">{t('rules.emptyHint')}</Typography.Paragraph>
              {addButton}
            </>
          ),
        }}
        scrollX={1100}
      />
    </div>
  );
}
