import { describe, expect, it } from 'vitest';
import { docTemplatesPath, richEditorPath } from './templatePaths';

describe('template paths', () => {
  it('names an item (and a record) in the document templates link', () => {
    expect(docTemplatesPath({ id: 7, name: '巡检 记录' })).toBe(`/smartdata/Doctemplate?itemId=7&itemName=${encodeURIComponent('巡检 记录').replace(/%20/g, '+')}`);
    expect(docTemplatesPath({ id: 7, name: 'x' }, 42)).toBe('/smartdata/Doctemplate?itemId=7&itemName=x&recordId=42');
  });

  it('puts 0 for a new template and for no record in the editor link, the name encoded', () => {
    expect(richEditorPath({ itemId: 7, itemName: 'a/b' })).toBe('/smartdata/richEditorTemplate/7/0/a%2Fb/0');
    expect(richEditorPath({ itemId: 7, itemName: '', templateId: 3, recordId: 42 })).toBe('/smartdata/richEditorTemplate/7/42/-/3');
  });
});
