import type { Locale, RuleCondition, RuleMatch, RuleOp, TaskAction } from '@smartdata/domain';
import { taskText } from './texts';

/** The module's translate function (react-i18next's `t` of the `tasks` namespace). */
export type TextFn = (key: string, options?: Record<string, unknown>) => string;

/** Names the list knows: items, the fields of each item, devices, users and groups. */
export interface NameBook {
  items: ReadonlyMap<number, string>;
  /** fieldName → display name, per item. */
  fields: (itemId: number) => ReadonlyMap<string, string> | undefined;
  devices: ReadonlyMap<number, string>;
}

const opSigns: Record<Exclude<RuleOp, 'contains'>, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=', ne: '≠' };

/** An operator in words: a sign for comparisons, the word for `contains`. */
export function opText(op: RuleOp, locale: Locale): string {
  return op === 'contains' ? taskText('task.op.contains', locale) : opSigns[op];
}

const shown = (value: string | number): string => (typeof value === 'number' ? String(value) : `“${value}”`);

/** One condition in words: `用电量 > 100`, `备注 包含 “故障”`. */
export function conditionText(condition: RuleCondition, fieldNames: ReadonlyMap<string, string> | undefined, locale: Locale): string {
  return `${fieldNames?.get(condition.fieldName) ?? condition.fieldName} ${opText(condition.op, locale)} ${shown(condition.value)}`;
}

/** All conditions of a rule joined by "and" / "or" (the rule's match). */
export function conditionsText(match: RuleMatch, conditions: readonly RuleCondition[], fieldNames: ReadonlyMap<string, string> | undefined, locale: Locale, t: TextFn): string {
  return conditions.map((c) => conditionText(c, fieldNames, locale)).join(t(match === 'all' ? 'words.and' : 'words.or'));
}

const itemName = (book: NameBook, itemId: number) => book.items.get(itemId) ?? `#${itemId}`;
const fieldName = (book: NameBook, itemId: number, name: string) => book.fields(itemId)?.get(name) ?? name;

/**
 * One action in words: its kind, then what it does — `写入数据记录：日报（合计 = 5，读数 ← 用电量）`,
 * `下发设备指令：1号网关`, `通知用户：2 人、1 个用户组 · 短信 · “…”`, `产生告警：日报 · 合计（一级）`.
 * `watchedItemId` names the fields a rule copies from.
 */
export function actionText(action: TaskAction, book: NameBook, locale: Locale, t: TextFn, watchedItemId?: number): string {
  const kind = taskText(`task.action.${action.kind}`, locale);
  switch (action.kind) {
    case 'writeRecord': {
      const values = action.values
        .map((v) =>
          v.copyFrom !== undefined
            ? t('words.copy', { field: fieldName(book, action.itemId, v.fieldName), source: watchedItemId === undefined ? v.copyFrom : fieldName(book, watchedItemId, v.copyFrom) })
            : t('words.set', { field: fieldName(book, action.itemId, v.fieldName), value: v.value === undefined ? '' : shown(v.value) }),
        )
        .join(t('words.comma'));
      return t('words.action', { kind, detail: `${itemName(book, action.itemId)}${t('words.paren', { text: values })}` });
    }
    case 'deviceCommand':
      return t('words.action', { kind, detail: book.devices.get(action.deviceId) ?? `#${action.deviceId}` });
    case 'notify': {
      const who = [
        action.userIds.length > 0 ? t('words.users', { count: action.userIds.length }) : null,
        action.groupIds.length > 0 ? t('words.groups', { count: action.groupIds.length }) : null,
      ].filter(Boolean);
      const channels = [action.sms ? t('words.sms') : null, action.email ? t('words.email') : null].filter(Boolean);
      return t('words.action', { kind, detail: [who.join(t('words.comma')), channels.join(t('words.slash')), shown(action.message)].join(' · ') });
    }
    case 'raiseAlarm':
      return t('words.action', {
        kind,
        detail: `${itemName(book, action.itemId)} · ${fieldName(book, action.itemId, action.fieldName)}${t('words.paren', { text: t(`level.${action.level}`) })}`,
      });
  }
}
