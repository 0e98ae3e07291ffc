import { useCallback, useState } from 'react';

/**
 * Page, page size, search keyword and filters of a server-paged list (`pageNum`, `pageSize`,
 * `keyword`, and whatever else the list is narrowed by: a state, a type, ...).
 */
export interface PagedListState<F extends object = Record<never, never>> {
  pageNum: number;
  pageSize: number;
  keyword: string;
  /** A new keyword (trimmed) starts again at page 1. */
  search: (keyword: string) => void;
  /** A new page size starts again at page 1. */
  changePage: (page: number, size: number) => void;
  setPageNum: (page: number) => void;
  /** The list's other filters; a filter left empty is `undefined`. */
  filters: F;
  /** Sets some filters (the others stay) and starts again at page 1. */
  filter: (values: Partial<F>) => void;
  /**
   * A keyword or a filter narrows the list: when it shows nothing, nothing matches — the list
   * itself may well have rows (ListCard says "no match", not "nothing yet").
   */
  filtered: boolean;
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

export function usePagedList<F extends object = Record<never, never>>(initialPageSize = 10, initialFilters = {} as F): PagedListState<F> {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [keyword, setKeyword] = useState('');
  const [filters, setFilters] = useState<F>(initialFilters);
  const search = useCallback((value: string) => {
    setKeyword(value.trim());
    setPageNum(1);
  }, []);
  const changePage = useCallback(
    (page: number, size: number) => {
      setPageNum(size === pageSize ? page : 1);
      setPageSize(size);
    },
    [pageSize],
  );
  const filter = useCallback((values: Partial<F>) => {
    setFilters((current) => ({ ...current, ...values }));
    setPageNum(1);
  }, []);
  const filtered = keyword !== '' || Object.values(filters).some(isSet);
  return { pageNum, pageSize, keyword, search, changePage, setPageNum, filters, filter, filtered };
}
