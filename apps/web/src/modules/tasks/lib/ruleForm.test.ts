import { describe, expect, it } from 'vitest';
import type { DataField, IntelligentRuleView } from '@smartdata/domain';
import { checkExecutable, checkRule, newAction, newExecutableValues, newRuleValues, ruleFormValues, type RuleFormValues } from './ruleForm';

const field = (fieldName: string, name: string, type: DataField['type']): DataField => ({ name, fieldName, type, unit: '', priority: 0, required: false, decimalPlaces: null, dateDisplay: null }) as DataField;
const fieldsByItem = new Map<number, DataField[]>([
  [1, [field('power', '用电量', 1), field('remark', '备注', 5)]],
  [2, [field('total', '合计', 1), field('note', '说明', 5)]],
]);
const fieldsOf = (itemId: number) => fieldsByItem.get(itemId);

/** A rule on item 1 writing item 2 when power > 10. */
function ruleValues(patch: Partial<RuleFormValues> = {}): RuleFormValues {
  return {
    ...newRuleValues(),
    name: ' 高用电 ',
    itemId: 1,
    conditions: [{ fieldName: 'power', op: 'gt', value: 10 }],
    actions: [{ kind: 'writeRecord', itemId: 2, values: [{ fieldName: 'total', source: 'copy', copyFrom: 'power' }, { fieldName: 'note', source: 'value', value: 'high' }] }],
    ...patch,
  };
}

describe('the intelligent rule form', () => {
  it('turns the form into the request: trimmed name, typed values, copies kept', () => {
    const checked = checkRule(ruleValues(), fieldsOf);
    expect(checked).toEqual({
      ok: true,
      request: {
        name: '高用电',
        enabled: true,
        itemId: 1,
        match: 'all',
        conditions: [{ fieldName: 'power', op: 'gt', value: 10 }],
        actions: [{ kind: 'writeRecord', itemId: 2, values: [{ fieldName: 'total', copyFrom: 'power' }, { fieldName: 'note', value: 'high' }] }],
      },
    });
  });

  it('reads a number typed as text into a numeric field as a number', () => {
    const checked = checkRule(ruleValues({ actions: [{ kind: 'writeRecord', itemId: 2, values: [{ fieldName: 'total', source: 'value', value: '12.5' }] }] }), fieldsOf);
    expect(checked.ok && checked.request.actions[0]).toEqual({ kind: 'writeRecord', itemId: 2, values: [{ fieldName: 'total', value: 12.5 }] });
  });

  it('refuses what the server refuses, naming the field', () => {
    expect(checkRule(ruleValues({ conditions: [{ fieldName: 'remark', op: 'gt', value: 'x' }] }), fieldsOf)).toEqual({ ok: false, reason: 'task.opNeedsNumber|备注' });
    expect(checkRule(ruleValues({ conditions: [] }), fieldsOf)).toEqual({ ok: false, reason: 'task.conditionsRequired' });
    expect(checkRule(ruleValues({ actions: [] }), fieldsOf)).toEqual({ ok: false, reason: 'task.actionsRequired' });
    expect(checkRule(ruleValues({ actions: [{ kind: 'writeRecord', itemId: 2, values: [{ fieldName: 'total', source: 'value', value: 'abc' }] }] }), fieldsOf)).toEqual({
      ok: false,
      reason: 'task.valueNotNumber|合计',
    });
    expect(checkRule(ruleValues({ actions: [{ kind: 'writeRecord', itemId: 2, values: [{ fieldName: 'note', source: 'value', value: '  ' }] }] }), fieldsOf)).toEqual({ ok: false, reason: 'task.valueMissing|说明' });
    expect(checkRule(ruleValues({ actions: [{ kind: 'writeRecord', itemId: 2, values: [{ fieldName: 'total', source: 'copy' }] }] }), fieldsOf)).toEqual({ ok: false, reason: 'task.valueMissing|合计' });
    expect(checkRule(ruleValues({ actions: [{ ...newAction('notify'), message: 'hi' }] }), fieldsOf)).toEqual({ ok: false, reason: 'task.recipientsRequired' });
    expect(checkRule(ruleValues({ actions: [{ ...newAction('notify'), userIds: [3], sms: false, email: false, message: 'hi' }] }), fieldsOf)).toEqual({ ok: false, reason: 'task.recipientsRequired' });
    // A notification channel alone is a way out (issue 32); it goes to the request.
    const toChannel = ruleValues({ actions: [{ ...newAction('notify'), sms: false, channelIds: [7], message: 'hi' }] });
    expect(checkRule(toChannel, fieldsOf)).toMatchObject({ ok: true, request: { actions: [{ kind: 'notify', channelIds: [7] }] } });
    expect(checkRule(ruleValues({ name: '' }), fieldsOf)).toEqual({ ok: false, reason: 'validation.nameRequired' });
  });

  it('lets text fields compare as text', () => {
    const checked = checkRule(ruleValues({ conditions: [{ fieldName: 'remark', op: 'contains', value: '故障' }], match: 'any' }), fieldsOf);
    expect(checked.ok && checked.request.conditions).toEqual([{ fieldName: 'remark', op: 'contains', value: '故障' }]);
  });

  it('opens a stored rule as it was saved', () => {
    const rule: IntelligentRuleView = {
      id: 7,
      name: '联动',
      enabled: false,
      itemId: 1,
      itemName: '电表',
      match: 'any',
      conditions: [{ fieldName: 'power', op: 'gte', value: 3 }],
      actions: [
        { kind: 'writeRecord', itemId: 2, values: [{ fieldName: 'total', copyFrom: 'power' }] },
        { kind: 'deviceCommand', deviceId: 5 },
        { kind: 'notify', userIds: [1], groupIds: [2], sms: true, email: true, message: 'm' },
        { kind: 'raiseAlarm', itemId: 2, fieldName: 'total', level: 2 },
      ],
      createdBy: 1,
      lastRun: null,
    };
    const values = ruleFormValues(rule);
    expect(values.actions[0]).toEqual({ kind: 'writeRecord', itemId: 2, values: [{ fieldName: 'total', source: 'copy', copyFrom: 'power' }] });
    const again = checkRule(values, fieldsOf);
    expect(again.ok && again.request).toEqual({ name: '联动', enabled: false, itemId: 1, match: 'any', conditions: rule.conditions, actions: rule.actions });
  });
});

describe('the executable task form', () => {
  it('starts with the access mode of the page address', () => {
    expect(newExecutableValues('creator').accessMode).toBe('creator');
  });

  it('refuses copies (nothing triggered the task) and chosen users without users', () => {
    const copy = { ...newExecutableValues(), name: '盘点', actions: [{ kind: 'writeRecord' as const, itemId: 2, values: [{ fieldName: 'total', source: 'copy' as const, copyFrom: 'power' }] }] };
    expect(checkExecutable(copy, fieldsOf)).toEqual({ ok: false, reason: 'task.copyOutsideRule' });
    const users = { ...newExecutableValues('users'), name: '盘点', actions: [{ kind: 'deviceCommand' as const, deviceId: 4 }] };
    expect(checkExecutable(users, fieldsOf)).toEqual({ ok: false, reason: 'task.usersRequired' });
    expect(checkExecutable({ ...users, userIds: [8] }, fieldsOf)).toEqual({ ok: true, request: { name: '盘点', accessMode: 'users', userIds: [8], actions: [{ kind: 'deviceCommand', deviceId: 4 }] } });
  });

  it('sends no user list unless the mode is chosen users', () => {
    const checked = checkExecutable({ ...newExecutableValues('everyone'), userIds: [8], name: 'x', actions: [{ kind: 'raiseAlarm', itemId: 2, fieldName: 'total', level: 3 }] }, fieldsOf);
    expect(checked.ok && checked.request).toEqual({ name: 'x', accessMode: 'everyone', actions: [{ kind: 'raiseAlarm', itemId: 2, fieldName: 'total', level: 3 }] });
  });
});
