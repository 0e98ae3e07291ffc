import { Button, Empty, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RowActions, type RowAction } from '@/shared/components/list/RowActions';

interface SettingsTableProps<T extends { id: number; name: string }> {
  /** Whose texts: `<section>.description`, `.add`, `.empty`, `.editNamed`, `.deleteNamed`. */
  section: 'forms' | 'forwards' | 'jumps';
  rows: readonly T[];
  /** The columns before the actions. */
  columns: TableColumnsType<T>;
  canWrite: boolean;
  actionsWidth: number;
  onAdd: () => void;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  /** The edit button's text and the key of its accessible name, when not the shared "Edit" and `<section>.editNamed`. */
  edit?: { label: string; namedKey: string };
  /** An action before edit that readers have too (a form's "Fill"). */
  lead?: (row: T) => RowAction;
}

/**
 * A settings tab's list of the item's forms, forwards or jumps: what they are for, the add
 * button, the rows and their actions — edit and delete for those who may change the item.
 */
export function SettingsTable<T extends { id: number; name: string }>({ section, rows, columns, canWrite, actionsWidth, onAdd, onEdit, onDelete, edit, lead }: SettingsTableProps<T>) {
  const { t } = useTranslation('data-items');
  // Readers see no actions cell content at all (not the kit's dash) unless the section has a reader's action.
  const actions = (row: T) =>
    (lead || canWrite) && (
      <RowActions
        actions={[
          lead?.(row),
          canWrite && { key: 'edit', label: edit?.label ?? t('actions.edit'), icon: <EditOutlined />, onClick: () => onEdit(row), ariaLabel: t(edit?.namedKey ?? `${section}.editNamed`, { name: row.name }) },
          canWrite && { key: 'delete', label: t('actions.delete'), icon: <DeleteOutlined />, danger: true, onClick: () => onDelete(row), ariaLabel: t(`${section}.deleteNamed`, { name: row.name }) },
        ]}
      />
    );
  const actionsColumn = { key: 'actions', title: t('columns.actions'), width: actionsWidth, render: (_v: unknown, row: T) => actions(row) };
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${section}.empty`)} />;
  return (
    <>
      <div className="sd-page__toolbar">
        <span className="sd-muted">{t(`${section}.description`)}</span>
        <span className="sd-page__toolbar-spacer" />
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {t(`${section}.add`)}
          </Button>
        )}
      </div>
      <Table<T> rowKey="id" size="middle" pagination={false} dataSource={rows} locale={{ emptyText: empty }} columns={[...columns, actionsColumn]} />
    </>
  );
}
