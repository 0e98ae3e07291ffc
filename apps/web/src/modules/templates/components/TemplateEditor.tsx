import { useEffect } from 'react';
import { Button, Divider, Select, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LineOutlined,
  OrderedListOutlined,
  RedoOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import { useTranslation } from 'react-i18next';
import type { RichNode } from '@smartdata/domain';
import { PlaceholderNode } from './placeholderNode';

export interface PlaceholderOption {
  key: string;
  label: string;
}

interface Props {
  initial: RichNode;
  placeholders: readonly PlaceholderOption[];
  onChange: (doc: RichNode) => void;
}

/**
 * The rich-text editor of a document template (TipTap): headings, paragraphs, bold, italic,
 * underline, lists, tables, rules and placeholders of the item's fields. Only the nodes and marks
 * the server accepts are enabled (docs/templates.md). Loaded lazily with its page.
 */
export function TemplateEditor({ initial, placeholders, onChange }: Props) {
  const { t } = useTranslation('templates');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ blockquote: false, codeBlock: false, code: false, strike: false, link: false, heading: { levels: [1, 2, 3, 4] } }),
      TableKit.configure({ table: { resizable: false } }),
      PlaceholderNode,
    ],
    content: initial,
    immediatelyRender: true,
    onUpdate: ({ editor: current }) => onChange(current.getJSON() as RichNode),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      table: current.isActive('table'),
      block: current.isActive('heading', { level: 1 }) ? 'h1' : current.isActive('heading', { level: 2 }) ? 'h2' : current.isActive('heading', { level: 3 }) ? 'h3' : current.isActive('heading', { level: 4 }) ? 'h4' : 'p',
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  useEffect(() => () => editor.destroy(), [editor]);

  const chain = () => editor.chain().focus();
  const setBlock = (value: string) => {
    if (value === 'p') {
      chain().setParagraph().run();
    } else {
      chain()
        .setHeading({ level: Number(value.slice(1)) as 1 | 2 | 3 | 4 })
        .run();
    }
  };
  const insertPlaceholder = (key: string) => {
    const option = placeholders.find((p) => p.key === key);
    if (option) {
      chain().insertContent({ type: 'placeholder', attrs: { key: option.key, label: option.label } }).insertContent(' ').run();
    }
  };

  return (
    <div className="tpl-editor">
      <div className="tpl-editor__toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        <Space size={4} wrap>
          <Select
            size="small"
            className="tpl-editor__block"
            value={state.block}
            onChange={setBlock}
            aria-label={t('editor.blockType')}
            options={[
              { value: 'p', label: t('editor.paragraph') },
              { value: 'h1', label: t('editor.heading', { level: 1 }) },
              { value: 'h2', label: t('editor.heading', { level: 2 }) },
              { value: 'h3', label: t('editor.heading', { level: 3 }) },
              { value: 'h4', label: t('editor.heading', { level: 4 }) },
            ]}
          />
          <Tooltip title={t('editor.bold')}>
            <Button size="small" type={state.bold ? 'primary' : 'text'} icon={<BoldOutlined />} aria-label={t('editor.bold')} aria-pressed={state.bold} onClick={() => chain().toggleBold().run()} />
          </Tooltip>
          <Tooltip title={t('editor.italic')}>
            <Button size="small" type={state.italic ? 'primary' : 'text'} icon={<ItalicOutlined />} aria-label={t('editor.italic')} aria-pressed={state.italic} onClick={() => chain().toggleItalic().run()} />
          </Tooltip>
          <Tooltip title={t('editor.underline')}>
            <Button size="small" type={state.underline ? 'primary' : 'text'} icon={<UnderlineOutlined />} aria-label={t('editor.underline')} aria-pressed={state.underline} onClick={() => chain().toggleUnderline().run()} />
          </Tooltip>
          <Divider type="vertical" />
          <Tooltip title={t('editor.bulletList')}>
            <Button size="small" type={state.bulletList ? 'primary' : 'text'} icon={<UnorderedListOutlined />} aria-label={t('editor.bulletList')} onClick={() => chain().toggleBulletList().run()} />
          </Tooltip>
          <Tooltip title={t('editor.orderedList')}>
            <Button size="small" type={state.orderedList ? 'primary' : 'text'} icon={<OrderedListOutlined />} aria-label={t('editor.orderedList')} onClick={() => chain().toggleOrderedList().run()} />
          </Tooltip>
          <Tooltip title={t('editor.rule')}>
            <Button size="small" type="text" icon={<LineOutlined />} aria-label={t('editor.rule')} onClick={() => chain().setHorizontalRule().run()} />
          </Tooltip>
          <Divider type="vertical" />
          {state.table ? (
            <>
              <Button size="small" onClick={() => chain().addRowAfter().run()}>
                {t('editor.addRow')}
              </Button>
              <Button size="small" onClick={() => chain().addColumnAfter().run()}>
                {t('editor.addColumn')}
              </Button>
              <Button size="small" danger onClick={() => chain().deleteTable().run()}>
                {t('editor.deleteTable')}
              </Button>
            </>
          ) : (
            <Button size="small" icon={<TableOutlined />} onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}>
              {t('editor.insertTable')}
            </Button>
          )}
          <Divider type="vertical" />
          <Select
            size="small"
            className="tpl-editor__placeholder"
            value={null}
            placeholder={t('editor.insertPlaceholder')}
            aria-label={t('editor.insertPlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(key: string | null) => key && insertPlaceholder(key)}
            options={placeholders.map((p) => ({ value: p.key, label: p.label }))}
          />
          <Tooltip title={t('editor.undo')}>
            <Button size="small" type="text" icon={<UndoOutlined />} aria-label={t('editor.undo')} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
          </Tooltip>
          <Tooltip title={t('editor.redo')}>
            <Button size="small" type="text" icon={<RedoOutlined />} aria-label={t('editor.redo')} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
          </Tooltip>
        </Space>
      </div>
      <EditorContent editor={editor} className="tpl-editor__content tpl-document" aria-label={t('editor.body')} />
    </div>
  );
}
