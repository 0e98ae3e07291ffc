import { describe, expect, it } from 'vitest';
import en from '../locales/en-US.json';
import zh from '../locales/zh-CN.json';
import { actionText, conditionsText, type NameBook, type TextFn } from './ruleText';
import { runKindText } from './texts';

/** The module's texts as react-i18next renders them (nested keys, {{x}}, _one/_other by count). */
function textsOf(json: unknown, plural: (count: number) => string): TextFn {
  return (key, options = {}) => {
    const at = (path: string) => path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], json);
    const count = options.count as number | undefined;
    const text = (count !== undefined ? at(`${key}_${plural(count)}`) : undefined) ?? at(key);
    return String(text ?? key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(options[name]));
  };
}
const tEn = textsOf(en, (n) => (n === 1 ? 'one' : 'other'));
const tZh = textsOf(zh, () => 'other');

const book: NameBook = {
  items: new Map([
    [1, '电表'],
    [2, '日报'],
  ]),
  fields: (itemId) =>
    itemId === 1
      ? new Map([
          ['power', '用电量'],
          ['remark', '备注'],
        ])
      : itemId === 2
        ? new Map([['total', '合计']])
        : undefined,
  devices: new Map([[5, '1号网关']]),
};

describe('rules in words', () => {
  it('says the conditions with the field names, joined by and / or', () => {
    const conditions = [
      { fieldName: 'power', op: 'gt' as const, value: 100 },
      { fieldName: 'remark', op: 'contains' as const, value: '故障' },
    ];
    expect(conditionsText('all', conditions, book.fields(1), 'zh-CN', tZh)).toBe('用电量 > 100 且 备注 包含 “故障”');
    expect(conditionsText('any', conditions, book.fields(1), 'en-US', tEn)).toBe('用电量 > 100 or 备注 contains “故障”');
    // Fields not loaded yet show their keys.
    expect(conditionsText('all', [{ fieldName: 'power', op: 'lte', value: 3 }], undefined, 'en-US', tEn)).toBe('power ≤ 3');
  });

  it('says each kind of action', () => {
    expect(actionText({ kind: 'writeRecord', itemId: 2, values: [{ fieldName: 'total', copyFrom: 'power' }] }, book, 'zh-CN', tZh, 1)).toBe('写入数据记录：日报（合计 ← 用电量）');
    expect(actionText({ kind: 'writeRecord', itemId: 2, values: [{ fieldName: 'total', value: 5 }] }, book, 'en-US', tEn)).toBe('Write a record: 日报 (合计 = 5)');
    expect(actionText({ kind: 'deviceCommand', deviceId: 5 }, book, 'en-US', tEn)).toBe('Send a device command: 1号网关');
    expect(actionText({ kind: 'deviceCommand', deviceId: 9 }, book, 'en-US', tEn)).toBe('Send a device command: #9');
    expect(actionText({ kind: 'notify', userIds: [1], groupIds: [2, 3], sms: true, email: true, message: 'hot' }, book, 'en-US', tEn)).toBe('Notify users: 1 user, 2 groups · SMS / E-mail · “hot”');
    expect(actionText({ kind: 'notify', userIds: [1, 2], groupIds: [], sms: true, email: false, message: '过热' }, book, 'zh-CN', tZh)).toBe('通知用户：2 人 · 短信 · “过热”');
    expect(actionText({ kind: 'raiseAlarm', itemId: 2, fieldName: 'total', level: 2 }, book, 'zh-CN', tZh)).toBe('产生告警：日报 · 合计（二级）');
  });
});

describe('texts by count (issue 31.14, 31.8)', () => {
  it('says one minute and one late value in the singular in English', () => {
    expect(tEn('schedule.hint.everyMinutes', { count: 1 })).toBe('Every minute');
    expect(tEn('schedule.hint.everyMinutes', { count: 15 })).toBe('Every 15 minutes');
    expect(tEn('form.minutes', { count: 1 })).toBe('1 minute');
    expect(tEn('form.minutes', { count: 5 })).toBe('5 minutes');
    expect(tZh('schedule.hint.everyMinutes', { count: 1 })).toBe('每 1 分钟');
  });

  it('names a recompute with the count of late values that called for it', () => {
    expect(runKindText({ kind: 'recompute', triggers: 37 }, 'zh-CN', tZh)).toBe('迟到数据 ×37');
    expect(runKindText({ kind: 'recompute', triggers: 37 }, 'en-US', tEn)).toBe('Late values ×37');
    expect(runKindText({ kind: 'recompute', triggers: 1 }, 'en-US', tEn)).toBe('Late value ×1');
    // Runs recorded before the count was kept, and other kinds, keep their names.
    expect(runKindText({ kind: 'recompute', triggers: null }, 'en-US', tEn)).toBe('Late value');
    expect(runKindText({ kind: 'manual', triggers: null }, 'zh-CN', tZh)).toBe('手动执行');
  });
});
