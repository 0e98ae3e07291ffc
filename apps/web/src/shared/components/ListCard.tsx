import { useEffect, type Key, type ReactNode } from 'react';
import { Card, Empty, Input, Table, type TableColumnsType } from 'antd';
import type { PagedListState } from '@/shared/hooks/usePagedList';

interface Props<T> {
  rowKey: string | ((row: T) => Key);
  columns: TableColumnsType<T>;
  rows: readonly T[];
  /** A request is under way (the table dims). */
  loading: boolean;
  /** Nothing has arrived yet (no empty text flashes before the first answer). */
  pending: boolean;
  keyword: string;
  searchPlaceholder: string;
  onSearch: (keyword: string) => void;
  /** Server paging; without it the rows are paged here (10 a page, no pager for a single page). */
  paging?: { state: PagedListState; total: number; totalText: (count: number) => string };
  empty: { text: string; searchText: string; hint?: ReactNode };
  scrollX?: number;
  /** After the search box: counts, filters, buttons. */
  toolbar?: ReactNode;
}

/** The card of a searchable, paged list: search box, table, pager, empty states. */
export function ListCard<T extends object>({ rowKey, columns, rows, loading, pending, keyword, searchPlaceholder, onSearch, paging, empty, scrollX, toolbar }: Props<T>) {
  // After deleting the last row of a page, show the page before it.
  const total = paging?.total;
  const state = paging?.state;
  useEffect(() => {
    if (state && total !== undefined && state.pageNum > 1 && (state.pageNum - 1) * state.pageSize >= total) {
      state.setPageNum(Math.max(1, Math.ceil(total / state.pageSize)));
    }
  }, [state, total]);

  return (
    <Card>
      <div className="sd-page__toolbar">
        <Input.Search
          allowClear
          placeholder={searchPlaceholder}
          aria-label={searchPlaceholder}
          style={{ width: 260 }}
          onSearch={(value) => onSearch(value.trim())}
          onChange={(event) => {
            if (event.target.value === '') {
              onSearch('');
            }
          }}
        />
        {toolbar}
      </div>
      <Table<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={scrollX ? { x: scrollX } : undefined}
        pagination={
          paging
            ? {
                current: paging.state.pageNum,
                pageSize: paging.state.pageSize,
                total: paging.total,
                showSizeChanger: true,
                showTotal: paging.totalText,
                onChange: paging.state.changePage,
              }
            : { defaultPageSize: 10, showSizeChanger: true, hideOnSinglePage: true }
        }
        locale={{
          emptyText: pending ? (
            ' '
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? empty.searchText : empty.text}>
              {!keyword && empty.hint && <p className="sd-page__empty-hint">{empty.hint}</p>}
            </Empty>
          ),
        }}
      />
    </Card>
  );
}
