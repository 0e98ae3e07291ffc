import { useCallback, useState } from 'react';

/** Page, page size and search keyword of a server-paged list (`pageNum`, `pageSize`, `keyword`). */
export interface PagedListState {
  pageNum: number;
  pageSize: number;
  keyword: string;
  /** A new keyword (trimmed) starts again at page 1. */
  search: (keyword: string) => void;
  /** A new page size starts again at page 1. */
  changePage: (page: number, size: number) => void;
  setPageNum: (page: number) => void;
}

export function usePagedList(initialPageSize = 10): PagedListState {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [keyword, setKeyword] = useState('');
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
  return { pageNum, pageSize, keyword, search, changePage, setPageNum };
}
