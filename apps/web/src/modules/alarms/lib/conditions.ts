import { alarmLimits, type CompareOp, type LevelCondition } from '@smartdata/domain';

/** The sign shown for each operator (> ≥ < ≤ = ≠). */
export const opSymbols: Record<CompareOp, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=', ne: '≠' };

/** A duration in whole seconds as {value, unit} with the largest unit that divides it. */
export function durationParts(seconds: number): { value: number; unit: 'hours' | 'minutes' | 'seconds' } {
  if (seconds > 0 && seconds % 3600 === 0) {
    return { value: seconds / 3600, unit: 'hours' };
  }
  if (seconds > 0 && seconds % 60 === 0) {
    return { value: seconds / 60, unit: 'minutes' };
  }
  return { value: seconds, unit: 'seconds' };
}

/** Whether a lasting duration is one of spec §9's (30 min, 1 h, 12 h, 24 h). */
export function isLastingPreset(seconds: number | undefined): boolean {
  return seconds !== undefined && (alarmLimits.lastingPresets as readonly number[]).includes(seconds);
}

/** Translations the condition text needs (the module's `t`, bound). */
export interface ConditionTexts {
  level: (level: number) => string;
  duration: (parts: ReturnType<typeof durationParts>) => string;
  lasting: (duration: string) => string;
  repeating: (count: number) => string;
}

/** One condition as a line: `三级 > 80，持续 30 分钟` / `Level 3 > 80, for 30 minutes`. */
export function conditionText(condition: LevelCondition, texts: ConditionTexts, withLevel = true): string {
  const head = `${withLevel ? `${texts.level(condition.level)} ` : ''}${opSymbols[condition.op]} ${condition.threshold}`;
  switch (condition.kind) {
    case 'simple':
      return head;
    case 'lasting':
      return `${head}${texts.lasting(texts.duration(durationParts(condition.seconds ?? 0)))}`;
    case 'repeating':
      return `${head}${texts.repeating(condition.count ?? 0)}`;
  }
}

/** The levels of a rule, highest first (the order a reader looks for). */
export function levelsHighestFirst<T extends { level: number }>(levels: readonly T[]): T[] {
  return [...levels].sort((a, b) => b.level - a.level);
}
