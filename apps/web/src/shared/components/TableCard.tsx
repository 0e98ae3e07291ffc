import type { ReactNode } from 'react';
import { Card, Table, type TableColumnsType, type TableProps } from 'antd';

interface TableCardProps<T> {
  title: ReactNode;
  rowKey: TableProps<T>['rowKey'];
  rows: readonly T[];
  columns: TableColumnsType<T>;
}

/** A small card with the short table of a record's parts (its lines, components, impurities): every row, no pager. */
export function TableCard<T extends object>({ title, rowKey, rows, columns }: TableCardProps<T>) {
  return (
    <Card size="small" title={title}>
      <Table<T> rowKey={rowKey} size="small" pagination={false} dataSource={rows} columns={columns} />
    </Card>
  );
}
