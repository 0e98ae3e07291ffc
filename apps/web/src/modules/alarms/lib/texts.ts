import type { TFunction } from 'i18next';
import { alarmMessages, validationMessage, type ClearCondition, type LevelCondition, type Locale, type RuleTarget } from '@smartdata/domain';
import { conditionText, opSymbols, type ConditionTexts } from './conditions';

/** The condition texts in the interface language (the module's `t`). */
export function conditionTexts(t: TFunction<'alarms'>): ConditionTexts {
  return {
    level: (level) => t(`level.${level}`),
    duration: ({ value, unit }) => t(`duration.${unit}`, { count: value }),
    lasting: (duration) => t('condition.lasting', { duration }),
    repeating: (count) => t('condition.repeating', { count }),
  };
}

export function levelConditionText(condition: LevelCondition, t: TFunction<'alarms'>, withLevel = true): string {
  return conditionText(condition, conditionTexts(t), withLevel);
}

export function clearConditionText(clear: ClearCondition | null, t: TFunction<'alarms'>): string {
  return clear ? t('condition.clear', { op: opSymbols[clear.op], threshold: clear.threshold }) : t('condition.clearDefault');
}

/** The kind of target, for a caption beside its name (a device's own alarm: with its code). */
export function targetKindText(target: RuleTarget, t: TFunction<'alarms'>): string {
  return target.kind === 'device' ? t('target.device', { code: target.code }) : t(`target.${target.kind}`);
}

/** A domain text key (alarm.* or validation.*) in the interface language, or null when unknown. */
export function domainText(key: string, locale: Locale): string | null {
  return alarmMessages[key]?.[locale] ?? validationMessage(key, locale);
}
