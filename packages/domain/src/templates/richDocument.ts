/**
 * The body of a document template (issue 17, docs/templates.md): a TipTap/ProseMirror JSON
 * document limited to what a printed sheet needs — headings, paragraphs, bold/italic/underline,
 * lists, tables, rules, line breaks — and `placeholder` nodes that stand for a record's values.
 * Pure: the server validates and fills with it, the web previews with it. No zod here.
 */

/** A node of the document, as TipTap's `getJSON()` writes it. */
export interface RichNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: RichNode[];
  text?: string;
  marks?: RichMark[];
}

export interface RichMark {
  type: string;
  attrs?: Record<string, unknown>;
}

export const richDocumentLimits = {
  /** Characters of the JSON text of a body. */
  jsonLength: 200_000,
  /** Nodes in one body. */
  nodes: 5_000,
  /** Nesting depth (a list in a table cell in a list …). */
  depth: 24,
  headingLevels: [1, 2, 3, 4] as readonly number[],
} as const;

/** The node types a body may hold; anything else is refused (validation.template.unknownNode). */
export const richNodeTypes = [
  'doc',
  'paragraph',
  'heading',
  'text',
  'hardBreak',
  'horizontalRule',
  'bulletList',
  'orderedList',
  'listItem',
  'table',
  'tableRow',
  'tableCell',
  'tableHeader',
  'placeholder',
] as const;
export type RichNodeType = (typeof richNodeTypes)[number];
export const richMarkTypes = ['bold', 'italic', 'underline'] as const;
export type RichMarkType = (typeof richMarkTypes)[number];

// ---- placeholders ----

/**
 * What a placeholder stands for: a field of the item by its field key (`temp`), or one of the
 * record's own facts, written with an `@` so it never collides with a field key (field keys start
 * with a letter).
 */
export const recordPlaceholders = ['@recordTime', '@creator', '@companyName', '@itemName'] as const;
export type RecordPlaceholder = (typeof recordPlaceholders)[number];
const placeholderKeyPattern = /^(?:[A-Za-z][A-Za-z0-9_]{0,31}|@(?:recordTime|creator|companyName|itemName))$/;

/** Whether a placeholder key is a field key or one of the record's facts. */
export function isPlaceholderKey(key: unknown): key is string {
  return typeof key === 'string' && placeholderKeyPattern.test(key);
}

/** The values a document or a content text is filled with, by placeholder key (already formatted). */
export type PlaceholderValues = Readonly<Record<string, string>>;

// ---- validation ----

/** The first problem of a body as a message key (`key|detail`), or null when it may be stored. */
export function richDocumentProblem(body: unknown): string | null {
  let json: string;
  try {
    json = JSON.stringify(body);
  } catch {
    return 'validation.template.invalid';
  }
  if (json === undefined || json.length > richDocumentLimits.jsonLength) {
    return json === undefined ? 'validation.template.invalid' : 'validation.template.tooLarge';
  }
  if (!isObject(body) || body.type !== 'doc') {
    return 'validation.template.invalid';
  }
  let count = 0;
  const visit = (node: unknown, depth: number): string | null => {
    if (!isObject(node) || typeof node.type !== 'string') {
      return 'validation.template.invalid';
    }
    count += 1;
    if (count > richDocumentLimits.nodes || depth > richDocumentLimits.depth) {
      return 'validation.template.tooLarge';
    }
    const type = node.type;
    if (!(richNodeTypes as readonly string[]).includes(type) || (type === 'doc' && depth > 0)) {
      return `validation.template.unknownNode|${type.slice(0, 40)}`;
    }
    if (node.marks !== undefined) {
      if (!Array.isArray(node.marks)) {
        return 'validation.template.invalid';
      }
      for (const mark of node.marks) {
        if (!isObject(mark) || typeof mark.type !== 'string') {
          return 'validation.template.invalid';
        }
        if (!(richMarkTypes as readonly string[]).includes(mark.type)) {
          return `validation.template.unknownMark|${mark.type.slice(0, 40)}`;
        }
      }
    }
    if (node.attrs !== undefined && !isObject(node.attrs)) {
      return 'validation.template.invalid';
    }
    if (type === 'text' && (typeof node.text !== 'string' || node.text === '')) {
      return 'validation.template.invalid';
    }
    if (type === 'heading' && !richDocumentLimits.headingLevels.includes(Number(node.attrs?.level))) {
      return 'validation.template.invalid';
    }
    if (type === 'placeholder' && !isPlaceholderKey(node.attrs?.key)) {
      return 'validation.template.placeholder';
    }
    if (node.content !== undefined) {
      if (!Array.isArray(node.content) || type === 'text' || type === 'placeholder') {
        return 'validation.template.invalid';
      }
      for (const child of node.content) {
        const problem = visit(child, depth + 1);
        if (problem) {
          return problem;
        }
      }
    }
    return null;
  };
  return visit(body, 0);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The placeholder keys a body uses, in order of first use. */
export function placeholderKeys(doc: RichNode): string[] {
  const keys: string[] = [];
  const visit = (node: RichNode) => {
    if (node.type === 'placeholder' && typeof node.attrs?.key === 'string' && !keys.includes(node.attrs.key)) {
      keys.push(node.attrs.key);
    }
    node.content?.forEach(visit);
  };
  visit(doc);
  return keys;
}

// ---- filling ----

/**
 * The document filled for one record: every placeholder becomes a text node with its value (and
 * the placeholder's marks); a value the record lacks becomes nothing (an empty field prints empty,
 * never the placeholder's label). The input is not changed.
 */
export function fillDocument(doc: RichNode, values: PlaceholderValues): RichNode {
  const fill = (node: RichNode): RichNode[] => {
    if (node.type === 'placeholder') {
      const key = typeof node.attrs?.key === 'string' ? node.attrs.key : '';
      const text = Object.hasOwn(values, key) ? values[key] : '';
      return text === '' ? [] : [{ type: 'text', text, ...(node.marks?.length ? { marks: node.marks } : {}) }];
    }
    return [node.content ? { ...node, content: node.content.flatMap(fill) } : node];
  };
  return fill(doc)[0] ?? { type: 'doc', content: [] };
}

/**
 * A content template's text filled for one record: `{{key}}` (field key or `@recordTime` …) is
 * replaced by its value; an unknown key becomes empty. Spaces inside the braces are allowed.
 */
export function fillContent(text: string, values: PlaceholderValues): string {
  return text.replace(/\{\{\s*(@?[A-Za-z][A-Za-z0-9_]{0,31})\s*\}\}/g, (_whole, key: string) => (Object.hasOwn(values, key) ? values[key] : ''));
}

/** The placeholder keys a content text uses. */
export function contentPlaceholderKeys(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*(@?[A-Za-z][A-Za-z0-9_]{0,31})\s*\}\}/g)].map((m) => m[1]))];
}

// ---- HTML ----

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const blockTags: Partial<Record<RichNodeType, string>> = {
  paragraph: 'p',
  bulletList: 'ul',
  orderedList: 'ol',
  listItem: 'li',
  table: 'table',
  tableRow: 'tr',
  tableCell: 'td',
  tableHeader: 'th',
};
const markTags: Record<RichMarkType, string> = { bold: 'strong', italic: 'em', underline: 'u' };

/**
 * HTML of a (validated) document, for printing: every text escaped, only the tags of the known
 * node types, no attributes but a heading's level, a list's start and a cell's spans. A placeholder
 * left unfilled (the template itself) shows as its label in braces.
 */
export function richDocumentHtml(doc: RichNode): string {
  const spanAttrs = (node: RichNode) =>
    ['colspan', 'rowspan']
      .map((name) => {
        const value = Number(node.attrs?.[name]);
        return Number.isInteger(value) && value > 1 && value <= 100 ? ` ${name}="${value}"` : '';
      })
      .join('');
  const marked = (html: string, marks: RichMark[] | undefined) =>
    (marks ?? []).reduce((inner, mark) => {
      const tag = markTags[mark.type as RichMarkType];
      return tag ? `<${tag}>${inner}</${tag}>` : inner;
    }, html);
  const render = (node: RichNode): string => {
    const inner = () => (node.content ?? []).map(render).join('');
    switch (node.type as RichNodeType) {
      case 'doc':
        return inner();
      case 'text':
        return marked(escapeHtml(node.text ?? ''), node.marks);
      case 'placeholder': {
        const label = typeof node.attrs?.label === 'string' && node.attrs.label !== '' ? node.attrs.label : String(node.attrs?.key ?? '');
        return marked(`<span class="tpl-placeholder">{${escapeHtml(label)}}</span>`, node.marks);
      }
      case 'hardBreak':
        return '<br>';
      case 'horizontalRule':
        return '<hr>';
      case 'heading': {
        const level = richDocumentLimits.headingLevels.includes(Number(node.attrs?.level)) ? Number(node.attrs?.level) : 2;
        return `<h${level}>${inner()}</h${level}>`;
      }
      case 'orderedList': {
        const start = Number(node.attrs?.start);
        return `<ol${Number.isInteger(start) && start > 1 ? ` start="${start}"` : ''}>${inner()}</ol>`;
      }
      case 'table':
        return `<table><tbody>${inner()}</tbody></table>`;
      case 'tableCell':
      case 'tableHeader': {
        const tag = blockTags[node.type as RichNodeType]!;
        return `<${tag}${spanAttrs(node)}>${inner()}</${tag}>`;
      }
      case 'paragraph':
      case 'bulletList':
      case 'listItem':
      case 'tableRow': {
        const tag = blockTags[node.type as RichNodeType]!;
        return `<${tag}>${inner()}</${tag}>`;
      }
      default:
        return '';
    }
  };
  return render(doc);
}
