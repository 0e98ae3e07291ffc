import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { Card, Input, Table, type TableColumnsType, type TableProps } from 'antd';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import type { PagedListState } from '@/shared/hooks/usePagedList';
import { ListEmpty, type ListEmptyTexts } from './ListEmpty';

/** A page of rows as the server answers it. */
interface Page<T> {
  list: readonly T[];
  total: number;
}

/** What ListCard reads of the list's request (a react-query result). */
export interface ListQuery<T> {
  /** Every row (a short list, searched and paged here) or one page of them (paged by the server). */
  data: readonly T[] | Page<T> | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface ListTexts extends ListEmptyTexts {
  /** The search box's placeholder and accessible name; without it the card has no search box. */
  search?: string;
  /** The count: the pager's total (server paging), or at the toolbar's end for a list searched here. */
  total?: (count: number) => string;
}

/** The list state ListCard pages and searches with (usePagedList). */
type Paged = Pick<PagedListState, 'pageNum' | 'pageSize' | 'keyword' | 'search' | 'changePage' | 'setPageNum' | 'filtered'>;

interface ListCardProps<T> {
  columns: TableColumnsType<T>;
  query: ListQuery<T>;
  texts: ListTexts;
  /** Server paging, keyword and filters; without it the rows are searched (`match`) and paged here. */
  paged?: Paged;
  /** A list searched here: which rows a keyword (lower case) keeps; by default those whose name holds it. */
  match?: (row: T, needle: string) => boolean;
  rowKey?: string | ((row: T) => Key);
  /** Narrowed by a filter the page keeps itself (`paged.filtered` and the keyword count already). */
  filtered?: boolean;
  /** The table dims; by default while any request for the list is under way. */
  loading?: boolean;
  pageSizes?: number[];
  /** A short list shown whole, without a pager. */
  unpaged?: boolean;
  /** On a phone only these columns show, and the table does not scroll sideways. */
  phoneKeys?: readonly string[];
  scrollX?: number;
  /** After the search box: filters, counts, buttons. */
  toolbar?: ReactNode;
  /** A filter row of its own (a FilterForm) in place of the search box and toolbar. */
  filters?: ReactNode;
  table?: Pick<TableProps<T>, 'rowSelection' | 'rowClassName' | 'size' | 'expandable'>;
}

function isRows<T>(data: readonly T[] | Page<T>): data is readonly T[] {
  return Array.isArray(data);
}

const byName = (row: unknown, needle: string) => String((row as { name?: unknown }).name ?? '').toLowerCase().includes(needle);

/**
 * The card of a list page (STYLE 19): search box, filters, table, pager, and its empty states —
 * nothing yet, no match (whenever a keyword or a filter narrows the list), failed with a retry.
 */
export function ListCard<T extends object>(props: ListCardProps<T>) {
  const { columns, query, texts, paged, match = byName, rowKey = 'id', pageSizes, unpaged, phoneKeys, scrollX, toolbar, filters, table } = props;
  const isPhone = useIsPhone();
  const [localKeyword, setLocalKeyword] = useState('');
  const keyword = paged ? paged.keyword : localKeyword;
  const onSearch = paged ? paged.search : setLocalKeyword;

  const data = query.data;
  const all = useMemo(() => (data === undefined ? [] : isRows(data) ? data : data.list), [data]);
  const total = data === undefined || isRows(data) ? undefined : data.total;
  const needle = paged ? '' : localKeyword.toLowerCase();
  const rows = useMemo(() => (needle ? all.filter((row) => match(row, needle)) : all), [all, needle, match]);
  const filtered = Boolean(props.filtered) || (paged ? paged.filtered : keyword !== '');

  // After deleting the last row of a page, show the page before it.
  useEffect(() => {
    if (paged && total !== undefined && paged.pageNum > 1 && (paged.pageNum - 1) * paged.pageSize >= total) {
      paged.setPageNum(Math.max(1, Math.ceil(total / paged.pageSize)));
    }
  }, [paged, total]);

  const count = !paged && texts.total && data !== undefined ? texts.total(all.length) : null;
  const hasToolbar = Boolean(texts.search || toolbar || count);
  const bar = (
    <>
      {texts.search && (
        <Input.Search
          allowClear
          placeholder={texts.search}
          aria-label={texts.search}
          style={{ width: 260 }}
          onSearch={(value) => onSearch(value.trim())}
          onChange={(event) => {
            if (event.target.value === '') {
              onSearch('');
            }
          }}
        />
      )}
      {toolbar}
      {count && (
        <>
          <span className="sd-page__toolbar-spacer" />
          <span className="sd-muted">{count}</span>
        </>
      )}
    </>
  );
  const shownColumns = isPhone && phoneKeys ? columns.filter((column) => phoneKeys.includes(String(column.key))) : columns;
  const scroll = scrollX && !(isPhone && phoneKeys) ? { x: scrollX } : undefined;

  return (
    <Card>
      {filters ?? (hasToolbar && <div className="sd-page__toolbar">{bar}</div>)}
      <Table<T>
        {...table}
        rowKey={rowKey}
        columns={shownColumns}
        dataSource={rows}
        loading={props.loading ?? query.isFetching}
        scroll={scroll}
        pagination={
          paged
            ? {
                current: paged.pageNum,
                pageSize: paged.pageSize,
                total: total ?? rows.length,
                showSizeChanger: true,
                ...(pageSizes && { pageSizeOptions: pageSizes }),
                showTotal: texts.total,
                onChange: paged.changePage,
              }
            : unpaged
              ? false
              : { defaultPageSize: 10, showSizeChanger: true, hideOnSinglePage: true }
        }
        locale={{
          emptyText: <ListEmpty texts={texts} pending={query.isPending} failed={query.isError && data === undefined} filtered={filtered} onRetry={() => void query.refetch()} />,
        }}
      />
    </Card>
  );
}
