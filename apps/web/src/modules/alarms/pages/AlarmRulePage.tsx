import { useMemo, useState } from 'react';
import { Button, Space, Switch, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RuleView } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { filterByName } from '@/shared/utils/filterByName';
import { useAddRuleMutation, useDeleteRuleMutation, useRulesQuery, useUpdateRuleMutation } from '../api/rules';
import { LevelTag } from '../components/AlarmTags';
import { RuleFormModal } from '../components/RuleFormModal';
import { levelsHighestFirst } from '../lib/conditions';
import { newRuleValues, ruleFormValues, ruleRequestOf } from '../lib/ruleForm';
import { clearConditionText, levelConditionText, targetKindText } from '../lib/texts';
import '../alarms.css';

type Editing = { mode: 'create' } | { mode: 'edit'; rule: RuleView };

/** /cloudSurveillance/alertRule: the alarm rules (cs_rules), added and edited in a dialog. */
export function AlarmRulePage() {
  const { t } = useTranslation('alarms');
  const rules = useRulesQuery();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const addRule = useAddRuleMutation();
  const updateRule = useUpdateRuleMutation();
  const deleteRule = useDeleteRuleMutation();
  const { save, confirmDelete } = useListActions();
  const rows = useMemo(() => filterByName(rules.data ?? [], keyword), [rules.data, keyword]);

  const handleToggle = (rule: RuleView, enabled: boolean) => {
    void updateRule.mutateAsync({ id: rule.id, ...ruleRequestOf(ruleFormValues(rule)), enabled }).catch(() => undefined);
  };

  const handleDelete = (rule: RuleView) =>
    confirmDelete({
      title: t('deleteRule.title', { name: rule.name }),
      content: t('deleteRule.content'),
      okText: t('actions.delete'),
      onDelete: () => deleteRule.mutateAsync(rule.id),
    });

  const columns: TableColumnsType<RuleView> = [
    { title: t('columns.name'), dataIndex: 'name', key: 'name', width: 200, render: (name: string) => <strong>{name}</strong> },
    {
      title: t('columns.target'),
      key: 'target',
      width: 220,
      render: (_value, rule) => (
        <div className="sd-alarm-cell">
          <span>{rule.targetName}</span>
          <span className="sd-muted">{targetKindText(rule.target, t)}</span>
        </div>
      ),
    },
    {
      title: t('columns.levels'),
      key: 'levels',
      render: (_value, rule) => (
        <div className="sd-alarm-cell">
          {levelsHighestFirst(rule.levels).map((level) => (
            <span key={level.level} className="sd-alarm-condition">
              <LevelTag level={level.level} />
              {levelConditionText(level, t, false)}
            </span>
          ))}
          <span className="sd-muted">{clearConditionText(rule.clear, t)}</span>
        </div>
      ),
    },
    {
      title: t('columns.enabled'),
      dataIndex: 'enabled',
      key: 'enabled',
      width: 90,
      render: (enabled: boolean, rule) => <Switch size="small" checked={enabled} onChange={(checked) => handleToggle(rule, checked)} aria-label={t('rules.toggle', { name: rule.name })} />,
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 170,
      render: (_value, rule) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', rule })} aria-label={t('actions.editNamed', { name: rule.name })}>
            {t('actions.edit')}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => handleDelete(rule)} aria-label={t('actions.deleteNamed', { name: rule.name })}>
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('rules.title')}
        description={t('rules.description')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
            {t('actions.addRule')}
          </Button>
        }
      />
      <ListCard<RuleView>
        rowKey="id"
        columns={columns}
        rows={rows}
        loading={rules.isFetching}
        pending={rules.isPending}
        keyword={keyword}
        searchPlaceholder={t('rules.search')}
        onSearch={setKeyword}
        empty={{ text: t('rules.empty'), searchText: t('rules.emptySearch'), hint: t('rules.emptyHint') }}
        scrollX={900}
      />
      {editing && (
        <RuleFormModal
          title={editing.mode === 'edit' ? t('ruleForm.editTitle', { name: editing.rule.name }) : t('ruleForm.createTitle')}
          initialValues={editing.mode === 'edit' ? ruleFormValues(editing.rule) : newRuleValues()}
          deviceName={editing.mode === 'edit' && editing.rule.target.kind === 'deviceOnline' ? editing.rule.targetName : undefined}
          saving={addRule.isPending || updateRule.isPending}
          onSubmit={(request) =>
            void save(() => (editing.mode === 'edit' ? updateRule.mutateAsync({ id: editing.rule.id, ...request }) : addRule.mutateAsync(request)), () => setEditing(null))
          }
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}
