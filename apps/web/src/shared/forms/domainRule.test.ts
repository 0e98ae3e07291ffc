import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { nameSchema, tagColorSchema } from '@smartdata/domain';
import { domainRule } from './domainRule';

const t = i18next.t.bind(i18next);

describe('domainRule', () => {
  it('passes valid and empty values', async () => {
    await expect(domainRule(tagColorSchema, t).validator(null, '#1677FF')).resolves.toBeUndefined();
    await expect(domainRule(tagColorSchema, t).validator(null, '')).resolves.toBeUndefined();
  });

  it("refuses with the domain's text", async () => {
    await expect(domainRule(tagColorSchema, t).validator(null, '#12')).rejects.toThrow('格式不正确');
    await expect(domainRule(nameSchema, t).validator(null, '   ')).rejects.toThrow('名称不能为空');
    await expect(domainRule(nameSchema, t).validator(null, 'x'.repeat(26))).rejects.toThrow('内容过长');
  });
});
