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
      'validation.userName.length',
      'validation.userName.pattern',
    ]) {
      expect(keys.has(key), key).toBe(true);
    }
  });
});
