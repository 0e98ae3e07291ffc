import { mergeAttributes, Node } from '@tiptap/core';

/**
 * The `placeholder` node of a document template (docs/templates.md): an inline atom that stands
 * for a record's value — a field key (`temp`) or a record fact (`@recordTime`) — shown as
 * `{label}` while editing and replaced by the value when the template is filled.
 */
export const PlaceholderNode = Node.create({
  name: 'placeholder',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: false,

  addAttributes() {
    return {
      key: { default: null, renderHTML: () => ({}), parseHTML: (element: HTMLElement) => element.getAttribute('data-placeholder-key') },
      label: { default: '', renderHTML: () => ({}), parseHTML: (element: HTMLElement) => element.getAttribute('data-placeholder-label') ?? '' },
    };
  },

  parseHTML() {
    return [{ tag: 'span[data-placeholder-key]' }];
  },

  renderHTML({ node, HTMLAttributes }) {
    const key = String(node.attrs.key ?? '');
    const label = String(node.attrs.label || key);
    return ['span', mergeAttributes(HTMLAttributes, { class: 'tpl-placeholder', 'data-placeholder-key': key, 'data-placeholder-label': label }), `{${label}}`];
  },

  renderText({ node }) {
    return `{${String(node.attrs.label || node.attrs.key)}}`;
  },
});
