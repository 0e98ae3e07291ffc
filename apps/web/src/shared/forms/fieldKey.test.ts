import { describe, expect, it } from 'vitest';
import { pinyin } from 'pinyin-pro';
import { fieldNameSchema } from '@smartdata/domain';
import { pinyinWords, suggestFieldKey } from './fieldKey';

const toLatin = pinyinWords(pinyin);
const key = (name: string, taken: string[] = []) => suggestFieldKey(name, taken, toLatin);

describe('field key from a field name', () => {
  it('turns a Chinese name into toneless pinyin joined by underscores', () => {
    expect(key('温度')).toBe('wen_du');
    expect(key('出口压力')).toBe('chu_kou_ya_li');
    expect(key('绿化率')).toBe('lv_hua_lv');
  });

  it('lowercases Latin names, drops accents and punctuation, keeps digits', () => {
    expect(key('Flow Rate (m³/h)')).toBe('flow_rate_m3_h');
    expect(key('Température')).toBe('temperature');
    expect(key('温度 A')).toBe('wen_du_a');
    expect(key('PM2.5浓度')).toBe('pm2_5_nong_du');
  });

  it('starts with a letter and is cut to 32 characters', () => {
    expect(key('1号泵')).toBe('f_1_hao_beng');
    const long = key('中华人民共和国国家标准化管理委员会标准');
    expect(long.length).toBeLessThanOrEqual(32);
    expect(long.endsWith('_')).toBe(false);
  });

  it('is unique within the item (ignoring case) and never a record column', () => {
    expect(key('温度', ['wen_du'])).toBe('wen_du_2');
    expect(key('温度', ['WEN_DU', 'wen_du_2'])).toBe('wen_du_3');
    expect(key('id')).toBe('id_2');
    expect(key('Created at')).toBe('created_at');
    expect(key('CreatedAt')).toBe('createdat_2');
  });

  it('falls back to the next free fieldN when nothing usable is left', () => {
    expect(key('')).toBe('field1');
    expect(key('%%%', ['field1'])).toBe('field2');
    expect(suggestFieldKey('温度', ['field1'])).toBe('field2');
  });

  it('always passes the field-key schema', () => {
    for (const name of ['温度', 'a', '９号', '___', 'x'.repeat(60), '温度'.repeat(20), 'ümlaut', 'id', 'updatedAt']) {
      expect(fieldNameSchema.safeParse(key(name)).success, name).toBe(true);
    }
  });
});
