import { useMemo } from 'react';
import { Card, Divider, Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { addIntelligentRuleRequest, ruleMatches, taskLimits, type IntelligentRuleView } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { NameField } from '@/shared/forms/NameField';
import { SwitchField } from '@/shared/forms/SwitchField';
import { useCheckedSubmit } from '@/shared/forms/useCheckedSubmit';
import { useLocale } from '@/shared/i18n/useLocale';
import { useListActions } from '@/shared/hooks/useListActions';
import { useItemFields } from '@/modules/data-items/api/itemFields';
import { useAddRuleMutation, useRulesQuery, useUpdateRuleMutation } from '../api/rules';
import { ActionListEditor } from '../components/ActionListEditor';
import { ConditionList } from '../components/ConditionList';
import { useActionSources } from '../components/useActionSources';
import { checkRule, newRuleValues, ruleFormValues, type RuleFormValues } from '../lib/ruleForm';
import { taskText } from '../lib/texts';
import { BackButton, EditorFooter, NotFoundPage, PageSkeleton } from '../components/PageParts';
import '../tasks.css';

export const RULES_PATH = '/taskmanagement/intelligentrules';

/**
 * /intelligentrules/AddRule (sa_rules): a new intelligent rule, or the rule `?id=` to edit — the
 * watched item, its conditions (all / any) and the actions. The server's rules are checked here
 * first; a refusal of the server (a loop, an item that cannot be written) is shown translated.
 */
export function RuleEditorPage() {
  const { t } = useTranslation('tasks');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const editing = Number.isSafeInteger(id) && id > 0;
  const rules = useRulesQuery({ enabled: editing });
  const rule = editing ? rules.data?.find((r) => r.id === id) : undefined;

  if (editing && rules.isPending) {
    return <PageSkeleton />;
  }
  if (editing && !rule) {
    return <NotFoundPage title={t('ruleForm.editTitle', { name: `#${id}` })} text={t('ruleForm.notFound')} back={{ to: RULES_PATH, label: t('ruleForm.back') }} />;
  }
  return <RuleEditor key={rule?.id ?? 'new'} rule={rule} />;
}


const nameSchema = addIntelligentRuleRequest.shape.name;

function RuleEditor({ rule }: { rule?: IntelligentRuleView }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const navigate = useNavigate();
  const [form] = Form.useForm<RuleFormValues>();
  const initialValues = useMemo(() => (rule ? ruleFormValues(rule) : newRuleValues()), [rule]);
  const itemId = Form.useWatch('itemId', form) ?? initialValues.itemId;
  const actions = Form.useWatch('actions', { form, preserve: true }) ?? initialValues.actions;
  const sources = useActionSources(actions.some((a) => a?.kind === 'deviceCommand'));
  const { fieldsOf } = useItemFields([itemId ?? 0, ...actions.map((a) => a?.itemId ?? 0)]);
  const watchedFields = itemId === undefined ? undefined : fieldsOf(itemId);
  const addRule = useAddRuleMutation();
  const updateRule = useUpdateRuleMutation();
  const { save } = useListActions();
  const { problem, submit } = useCheckedSubmit((request: Parameters<typeof addRule.mutateAsync>[0]) =>
    void save(() => (rule ? updateRule.mutateAsync({ id: rule.id, ...request }) : addRule.mutateAsync(request)), () => void navigate(RULES_PATH)),
  );

  const handleFinish = () => {
    const values = form.getFieldsValue(true) as RuleFormValues;
    const checked = checkRule(values, fieldsOf);
    submit(checked.ok ? checked : { ok: false, problem: taskText(checked.reason, locale) });
  };

  const handleItem = () => {
    // Conditions and copies name fields of the watched item: they start again with another item.
    form.setFieldValue('conditions', (form.getFieldValue('conditions') as RuleFormValues['conditions']).map((c) => ({ ...c, fieldName: undefined, value: null })));
  };

  return (
    <div className="sd-page">
      <PageHeader title={rule ? t('ruleForm.editTitle', { name: rule.name }) : t('ruleForm.createTitle')} description={t('ruleForm.description')} actions={<BackButton to={RULES_PATH} label={t('ruleForm.back')} />} />
      <Form<RuleFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={handleFinish} requiredMark className="sd-task-form sd-task-editor">
        <Card>
          <div className="sd-task-form__row">
            <NameField schema={nameSchema} label={t('ruleForm.name')} max={taskLimits.nameLength} className="sd-task-form__grow" placeholder={t('ruleForm.namePlaceholder')} autoFocus />
            <SwitchField name="enabled" label={t('form.enabled')} />
          </div>
          <Divider titlePlacement="start">{t('ruleForm.sectionWhen')}</Divider>
          <div className="sd-task-form__row">
            <Form.Item name="itemId" label={t('ruleForm.watchedItem')} extra={t('ruleForm.watchedHint')} rules={[{ required: true, message: t('form.itemRequired') }]} className="sd-task-form__grow">
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={sources.itemsLoading}
                placeholder={t('form.itemPlaceholder')}
                options={sources.items.map((i) => ({ value: i.id, label: i.name }))}
                onChange={handleItem}
              />
            </Form.Item>
            <Form.Item name="match" label={t('ruleForm.match')}>
              <Radio.Group optionType="button" options={ruleMatches.map((value) => ({ value, label: taskText(`task.match.${value}`, locale) }))} />
            </Form.Item>
          </div>
          <ConditionList fields={watchedFields} fieldsLoading={itemId !== undefined && watchedFields === undefined} disabled={itemId === undefined} />
          <Divider titlePlacement="start">{t('ruleForm.sectionThen')}</Divider>
          <ActionListEditor {...sources} fieldsOf={fieldsOf} watchedFields={watchedFields ?? []} />
          <EditorFooter problem={problem} saving={addRule.isPending || updateRule.isPending} onCancel={() => void navigate(RULES_PATH)} />
        </Card>
      </Form>
    </div>
  );
}
