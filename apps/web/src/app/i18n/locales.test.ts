import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import zh from './locales/zh-CN.json';
import en from './locales/en-US.json';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) {
    return [prefix];
  }
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

describe('texts exist in both languages', () => {
  it('common has the same keys in zh-CN and en-US', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(zh).sort());
  });

  it('every module has the same keys in zh-CN and en-US', () => {
    const modulesDir = join(srcDir, 'modules');
    for (const module of readdirSync(modulesDir)) {
      const dir = join(modulesDir, module, 'locales');
      const zhKeys = keysOf(readJson(join(dir, 'zh-CN.json'))).sort();
      const enKeys = keysOf(readJson(join(dir, 'en-US.json'))).sort();
      expect(enKeys, module).toEqual(zhKeys);
    }
  });

  // Issue 31.14: "1 cards", "Every 1 minutes". A text that counts takes i18next's plural keys
  // (`_one` / `_other`): a plain key may not put a plural noun, or "(s)", after its {{count}}.
  it('counts in English with plural keys, never "1 cards" or "card(s)"', () => {
    const plainPlural = /\{\{count\}\}\s+(?:[a-z]+\s+)?[a-z]{2,}s\b/i;
    // Texts of the tasks and alarms modules, left to the helpers who own those modules in issue 31.
    const leftToTheirModules = new Set(['tasks:schedule.hint.everyMinutes', 'tasks:form.minutes', 'alarms:note.ackManyTitle', 'alarms:detail.raisedText']);
    const catalogs: Array<[string, unknown]> = [['common', en]];
    for (const module of readdirSync(join(srcDir, 'modules'))) {
      catalogs.push([module, readJson(join(srcDir, 'modules', module, 'locales', 'en-US.json'))]);
    }
    const wrong: string[] = [];
    for (const [namespace, catalog] of catalogs) {
      const keys = new Set(keysOf(catalog));
      for (const key of keys) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog);
        if (typeof text !== 'string') {
          continue;
        }
        const plural = /_(zero|one|two|few|many|other)$/.test(key);
        if (!plural && text.includes('{{count}}') && plainPlural.test(text) && !leftToTheirModules.has(`${namespace}:${key}`)) {
          wrong.push(`${namespace}:${key} = ${text}`);
        }
        if (key.endsWith('_one') && !keys.has(key.replace(/_one$/, '_other'))) {
          wrong.push(`${namespace}:${key} has no _other`);
        }
        if (!plural && /\(s\)/.test(text)) {
          wrong.push(`${namespace}:${key} = ${text}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  // Issue 31.15: an alarm of a whole-item watch (no field) was captioned 数据项字段 / Data item field.
  it("names a data item's target for the item, which a whole-item watch has no field of", () => {
    const alarms = (language: string) => readJson(join(srcDir, 'modules', 'alarms', 'locales', `${language}.json`)) as { target: { field: string } };
    expect(alarms('zh-CN').target.field).toBe('数据项');
    expect(alarms('en-US').target.field).toBe('Data item');
  });

  it('has every validation message the domain schemas use', () => {
    const keys = new Set(keysOf(zh));
    for (const key of [
      'validation.required',
      'validation.phone',
      'validation.smsCode',
      'validation.tooLong',
      'validation.password.tooShort',
      'validation.password.tooLong',
      'validation.password.weak',
      'validation.password.common',
      'validation.userName.length',
      'validation.userName.pattern',
    ]) {
      expect(keys.has(key), key).toBe(true);
    }
  });
});
