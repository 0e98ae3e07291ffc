import { type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RuleView, AddRuleRequest } from '@smartdata/domain';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, switchColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useEditDialog } from '@/shared/hooks/useEditDialog';
import { useAddRuleMutation, useDeleteRuleMutation, useRulesQuery, useUpdateRuleMutation } from '../api/rules';
import { LevelTag } from '../components/AlarmTags';
import { RuleFormModal } from '../components/RuleFormModal';
import { levelsHighestFirst } from '../lib/conditions';
import { newRuleValues, ruleFormValues, ruleRequestOf } from '../lib/ruleForm';
import { clearConditionText, levelConditionText, targetKindText } from '../lib/texts';
import '../alarms.css';

/** /cloudSurveillance/alertRule: the alarm rules (cs_rules), added and edited in a dialog. */
export function AlarmRulePage() {
  const { t } = useTranslation('alarms');
  const rules = useRulesQuery();
  const addRule = useAddRuleMutation();
  const updateRule = useUpdateRuleMutation();
  const deleteRule = useDeleteRuleMutation();
  const dialog = useEditDialog(addRule, updateRule, (rule: RuleView, request: AddRuleRequest) => ({ id: rule.id, ...request }));

  const handleToggle = (rule: RuleView, enabled: boolean) => {
    void updateRule.mutateAsync({ id: rule.id, ...ruleRequestOf(ruleFormValues(rule)), enabled }).catch(() => undefined);
  };

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
    switchColumn(t('columns.enabled'), 'enabled', { onChange: handleToggle, label: (rule) => t('rules.toggle', { name: rule.name }) }),
    actionsColumn(t('columns.actions'), (rule) => [
      { kind: 'edit', name: rule.name, onClick: () => dialog.edit(rule) },
      { kind: 'delete', name: rule.name, confirm: { title: t('deleteRule.title', { name: rule.name }), content: t('deleteRule.content'), onDelete: () => deleteRule.mutateAsync(rule.id) } },
    ]),
  ];

  const editing = dialog.row;
  return (
    <div className="sd-page">
      <PageHeader title={t('rules.title')} description={t('rules.description')} actions={<AddButton label={t('actions.addRule')} onClick={dialog.create} />} />
      <ListCard<RuleView> columns={columns} query={rules} scrollX={900}
        texts={{ search: t('rules.search'), empty: t('rules.empty'), noMatch: t('rules.emptySearch'), hint: t('rules.emptyHint') }}
      />
      {dialog.open && (
        <RuleFormModal
          {...dialog.modal}
          title={editing ? t('ruleForm.editTitle', { name: editing.name }) : t('ruleForm.createTitle')}
          initialValues={editing ? ruleFormValues(editing) : newRuleValues()}
          deviceName={editing && editing.target.kind === 'deviceOnline' ? editing.targetName : undefined}
        />
      )}
    </div>
  );
}
