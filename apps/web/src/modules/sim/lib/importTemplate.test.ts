import { describe, expect, it } from 'vitest';
import { iccidProblem } from '@smartdata/domain';
import { importTemplateCsv } from './importTemplate';

describe('importTemplateCsv', () => {
  it('has the import columns and an example row with a valid ICCID, in both languages', () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const [header, example] = importTemplateCsv(locale).replace('\uFEFF', '').trim().split('\r\n');
      expect(header!.split(',')).toHaveLength(9);
      const cells = example!.split(',');
      expect(cells).toHaveLength(9);
      expect(iccidProblem(cells[1]!)).toBeNull();
    }
    expect(importTemplateCsv('zh-CN').startsWith('\uFEFF卡号,ICCID,运营商')).toBe(true);
  });
});
