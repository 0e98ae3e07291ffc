import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../locales/zh-CN.json';
import en from '../locales/en-US.json';
import { clearConditionText, domainText, levelConditionText } from './texts';

let tZh: TFunction<'alarms'>;
let tEn: TFunction<'alarms'>;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    resources: { 'zh-CN': { alarms: zh }, 'en-US': { alarms: en } },
    lng: 'zh-CN',
    fallbackLng: false,
    defaultNS: 'alarms',
    interpolation: { escapeValue: false },
  });
  tZh = instance.getFixedT('zh-CN', 'alarms');
  tEn = instance.getFixedT('en-US', 'alarms');
});

describe('condition texts in both languages', () => {
  it('writes lasting durations with the glossary words (spec §9)', () => {
    const condition = { level: 3, op: 'gt', threshold: 80, kind: 'lasting', seconds: 1800 } as const;
    expect(levelConditionText(condition, tZh)).toBe('三级 > 80，持续 30分钟');
    expect(levelConditionText(condition, tEn)).toBe('Level 3 > 80, for 30 minutes');
    expect(levelConditionText({ ...condition, seconds: 3600 }, tEn, false)).toBe('> 80, for 1 hour');
    expect(levelConditionText({ ...condition, seconds: 90 }, tZh, false)).toBe('> 80，持续 90秒');
  });

  it('writes repeating counts and clear conditions', () => {
    expect(levelConditionText({ level: 2, op: 'eq', threshold: 0, kind: 'repeating', count: 3 }, tZh)).toBe('二级 = 0，连续 3 个值');
    expect(levelConditionText({ level: 2, op: 'eq', threshold: 0, kind: 'repeating', count: 3 }, tEn)).toBe('Level 2 = 0, 3 values in a row');
    expect(clearConditionText({ op: 'lt', threshold: 45 }, tZh)).toBe('< 45 时清除');
    expect(clearConditionText(null, tEn)).toBe('Clears when the condition no longer holds');
  });

  it('finds the domain texts of the alarms module and of validation', () => {
    expect(domainText('alarm.levelDuplicate', 'zh-CN')).toBe('每个告警等级只能设置一个条件');
    expect(domainText('validation.invalid', 'en-US')).toBe('Invalid value');
    expect(domainText('no.such.key', 'en-US')).toBeNull();
  });
});
