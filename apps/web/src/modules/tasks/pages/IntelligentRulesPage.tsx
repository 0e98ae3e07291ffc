import { useMemo } from 'react';
import { Button, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { IntelligentRuleView } from '@smartdata/domain';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, switchColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { useDeleteRuleMutation, useRulesQuery, useUpdateRuleMutation } from '../api/rules';
import { EmptyHint } from '../components/EmptyHint';
import { LastRunCell } from '../components/LastRunCell';
import { useNameBook } from '../components/useNameBook';
import { actionText, conditionsText } from '../lib/ruleText';
import { phoneColumns } from '../lib/display';
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
  const updateRule = useUpdateRuleMutation();
  const deleteRule = useDeleteRuleMutation();
  const watched = useMemo(() => (rules.data ?? []).map((r) => r.itemId), [rules.data]);
  const allActions = useMemo(() => (rules.data ?? []).flatMap((r) => r.actions), [rules.data]);
  const book = useNameBook(watched, allActions);

  const handleToggle = (rule: IntelligentRuleView, enabled: boolean) => {
    const { id, name, itemId, match, conditions, actions } = rule;
    void updateRule.mutateAsync({ id, name, itemId, match, conditions, actions, enabled }).catch(() => undefined);
  };

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
    switchColumn(t('columns.enabled'), 'enabled', { onChange: handleToggle, label: (rule) => t('define.toggle', { name: rule.name }) }, { width: 96 }),
    { title: t('columns.lastRun'), key: 'lastRun', width: 150, render: (_value, rule) => <LastRunCell run={rule.lastRun} /> },
    actionsColumn(
      t('columns.actions'),
      (rule) => [
        { kind: 'edit', name: rule.name, onClick: () => void navigate(`${EDITOR_PATH}?id=${rule.id}`) },
        { kind: 'delete', name: rule.name, confirm: { title: t('rules.deleteTitle', { name: rule.name }), content: t('rules.deleteContent'), onDelete: () => deleteRule.mutateAsync(rule.id) } },
      ],
      { width: 160, fixed: 'right', wrap: true },
    ),
  ];

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(EDITOR_PATH)}>
      {t('rules.add')}
    </Button>
  );

  return (
    <div className="sd-page">
      <PageHeader title={t('rules.title')} description={t('rules.description')} actions={addButton} />
      <ListCard<IntelligentRuleView> columns={columns} query={rules} scrollX={1100} phoneKeys={phoneColumns}
        texts={{ search: t('rules.search'), empty: t('rules.empty'), noMatch: t('rules.emptySearch'), hint: <EmptyHint text={t('rules.emptyHint')} action={addButton} /> }}
      />
    </div>
  );
}
