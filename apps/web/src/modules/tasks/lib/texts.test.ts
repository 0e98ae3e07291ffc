import { describe, expect, it } from 'vitest';
import { acquisitionMethods, runStates } from '@smartdata/domain';
import { methodText, taskText } from './texts';
import { fieldRefText, runDuration, sourceText, type AnalysisNames } from './display';

describe('task texts', () => {
  it('names each of the twelve methods in both languages', () => {
    expect(methodText('sum_daily', 'zh-CN')).toBe('今日累计');
    expect(methodText('sum_daily', 'en-US')).toBe('Sum of today');
    for (const method of acquisitionMethods) {
      expect(methodText(method, 'zh-CN')).not.toBe(method);
      expect(methodText(method, 'en-US')).not.toBe(method);
    }
  });

  it('translates run states and the errors of runs, with arguments', () => {
    for (const state of runStates) {
      expect(taskText(`task.run.${state}`, 'en-US')).not.toContain('task.');
    }
    expect(taskText('task.noValues', 'zh-CN')).toBe('取值时间段内没有数据');
    expect(taskText('task.timedOut', 'en-US')).toBe('The run timed out');
    expect(taskText('task.methodUnknown|sum_weekly', 'en-US')).toBe('Unknown acquisition method: sum_weekly');
    expect(taskText('validation.nameRequired', 'zh-CN')).not.toBe('validation.nameRequired');
    expect(taskText('something else', 'en-US')).toBe('something else');
  });

  it('shows durations and field references', () => {
    expect(runDuration(1000, 1250)).toEqual({ unit: 'ms', count: 250 });
    expect(runDuration(0, 12_340)).toEqual({ unit: 's', count: 12.3 });
    expect(runDuration(0, 90_000)).toEqual({ unit: 'min', count: 1.5 });
    expect(runDuration(null, 5)).toBeNull();
  });

  it("names a source or target by its item's and field's names (issue 31.12), a meter by its name; ids and keys until they are known", () => {
    const names: AnalysisNames = { items: new Map([[2, '日报']]), fields: (itemId) => (itemId === 2 ? new Map([['total', '日用电量']]) : undefined), meters: new Map([[7, '总进线']]) };
    expect(fieldRefText({ itemId: 2, fieldName: 'total' }, names)).toBe('日报 · 日用电量');
    expect(fieldRefText({ itemId: 2, fieldName: 'gone' }, names)).toBe('日报 · gone');
    expect(fieldRefText({ itemId: 3, fieldName: 'x' }, names)).toBe('#3 · x');
    expect(sourceText({ meterId: 7 }, names)).toBe('⚡ 总进线');
    expect(sourceText({ meterId: 8 }, names)).toBe('⚡ #8');
    expect(sourceText({ itemId: 2, fieldName: 'total' }, names)).toBe('日报 · 日用电量');
  });
});
