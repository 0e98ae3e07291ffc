import { describe, expect, it } from 'vitest';
import { addDocTemplateRequest } from './templates.schemas';
import { contentPlaceholderKeys, fillContent, fillDocument, placeholderKeys, richDocumentHtml, richDocumentProblem, type RichNode } from './richDocument';

const sheet: RichNode = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: '巡检单' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: '温度：' },
        { type: 'placeholder', attrs: { key: 'temp', label: '温度' }, marks: [{ type: 'bold' }] },
        { type: 'text', text: ' 由 ' },
        { type: 'placeholder', attrs: { key: '@creator', label: '创建人' } },
      ],
    },
    { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'placeholder', attrs: { key: 'note', label: '备注' } }] }] }] },
    {
      type: 'table',
      content: [{ type: 'tableRow', content: [{ type: 'tableHeader', attrs: { colspan: 2 }, content: [{ type: 'paragraph', content: [{ type: 'text', text: '<b>x</b>' }] }] }] }],
    },
  ],
};

describe('document template bodies', () => {
  it('accepts the known nodes and marks', () => {
    expect(richDocumentProblem(sheet)).toBeNull();
    expect(addDocTemplateRequest.safeParse({ itemId: 1, name: '巡检单', body: sheet }).success).toBe(true);
  });

  it('refuses an unknown node, an unknown mark, a bad placeholder and a nested doc', () => {
    expect(richDocumentProblem({ type: 'doc', content: [{ type: 'image', attrs: { src: 'x' } }] })).toBe('validation.template.unknownNode|image');
    expect(richDocumentProblem({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a', marks: [{ type: 'link' }] }] }] })).toBe('validation.template.unknownMark|link');
    expect(richDocumentProblem({ type: 'doc', content: [{ type: 'placeholder', attrs: { key: '1x' } }] })).toBe('validation.template.placeholder');
    expect(richDocumentProblem({ type: 'doc', content: [{ type: 'doc' }] })).toBe('validation.template.unknownNode|doc');
    expect(richDocumentProblem({ type: 'paragraph' })).toBe('validation.template.invalid');
    expect(richDocumentProblem('<p>hi</p>')).toBe('validation.template.invalid');
    expect(richDocumentProblem({ type: 'doc', content: [{ type: 'heading', attrs: { level: 7 } }] })).toBe('validation.template.invalid');
    const result = addDocTemplateRequest.safeParse({ itemId: 1, name: 'x', body: { type: 'doc', content: [{ type: 'iframe' }] } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.template.unknownNode|iframe');
  });

  it('refuses a body over the size limits', () => {
    const many = { type: 'doc', content: Array.from({ length: 5001 }, () => ({ type: 'hardBreak' })) };
    expect(richDocumentProblem(many)).toBe('validation.template.tooLarge');
    const long = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x'.repeat(200_001) }] }] };
    expect(richDocumentProblem(long)).toBe('validation.template.tooLarge');
    let deep: RichNode = { type: 'paragraph' };
    for (let i = 0; i < 30; i += 1) {
      deep = { type: 'bulletList', content: [{ type: 'listItem', content: [deep] }] };
    }
    expect(richDocumentProblem({ type: 'doc', content: [deep] })).toBe('validation.template.tooLarge');
  });
});

describe('filling placeholders', () => {
  it('puts the record values where the placeholders were, keeping their marks', () => {
    const filled = fillDocument(sheet, { temp: '36.5 ℃', '@creator': '张三' });
    const paragraph = filled.content![1];
    expect(paragraph.content).toEqual([
      { type: 'text', text: '温度：' },
      { type: 'text', text: '36.5 ℃', marks: [{ type: 'bold' }] },
      { type: 'text', text: ' 由 ' },
      { type: 'text', text: '张三' },
    ]);
    // A value the record lacks prints empty, not the label.
    expect(filled.content![2].content![0].content![0].content).toEqual([]);
    expect(JSON.stringify(filled)).not.toContain('placeholder');
    // The template itself is unchanged.
    expect(placeholderKeys(sheet)).toEqual(['temp', '@creator', 'note']);
  });

  it('renders HTML with every text escaped and only known tags', () => {
    const html = richDocumentHtml(fillDocument(sheet, { temp: '<script>alert(1)</script>', '@creator': '张三' }));
    expect(html).toContain('<h1>巡检单</h1>');
    expect(html).toContain('<strong>&#60;script&#62;alert(1)&#60;/script&#62;</strong>');
    expect(html).toContain('<th colspan="2"><p>&#60;b&#62;x&#60;/b&#62;</p></th>');
    expect(html).not.toContain('<script>');
    expect(richDocumentHtml(sheet)).toContain('<span class="tpl-placeholder">{温度}</span>');
  });

  it('fills a content text', () => {
    expect(fillContent('{{ @itemName }}：温度 {{temp}} ℃，{{missing}}结束', { '@itemName': '锅炉', temp: '90' })).toBe('锅炉：温度 90 ℃，结束');
    expect(contentPlaceholderKeys('{{a}} {{ @creator }} {{a}}')).toEqual(['a', '@creator']);
  });
});
