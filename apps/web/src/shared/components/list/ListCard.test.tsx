// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Tag } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CompanySummary } from '@smartdata/domain';
import zh from '@/app/i18n/locales/zh-CN.json';
import en from '@/app/i18n/locales/en-US.json';
import { useSessionStore } from '@/shared/session/sessionStore';
import { ListCard, type ListQuery } from './ListCard';
import { actionsColumn, linkColumn, stateTagColumn, switchColumn, timeColumn } from './listColumns';

interface Row {
  id: number;
  name: string;
  state?: 'open' | 'done';
  at?: number | null;
  enabled?: boolean;
}

beforeAll(async () => {
  // jsdom has no matchMedia: antd and useIsPhone ask it for the screen size.
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      value: (query: string) => ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }),
    });
  }
  // Nor ResizeObserver: antd's popovers watch their target's size.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  // The kit's own texts are the bundled `common` namespace.
  await i18next.use(initReactI18next).init({
    resources: { 'zh-CN': { common: zh }, 'en-US': { common: en } },
    lng: 'zh-CN',
    supportedLngs: ['zh-CN', 'en-US'],
    fallbackLng: false,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

afterEach(async () => {
  cleanup();
  useSessionStore.setState({ company: null });
  await i18next.changeLanguage('zh-CN');
});

const texts = { search: '搜索标签', empty: '还没有标签', hint: '点击“新建标签”添加第一个' };

function query(data: ListQuery<Row>['data'], state: Partial<ListQuery<Row>> = {}): ListQuery<Row> {
  return { data, isPending: false, isFetching: false, isError: false, refetch: () => undefined, ...state };
}

function paged(filtered: boolean) {
  return { pageNum: 1, pageSize: 10, keyword: '', search: () => undefined, changePage: () => undefined, setPageNum: () => undefined, filtered };
}

function renderCard(props: Partial<Parameters<typeof ListCard<Row>>[0]>) {
  return render(
    <MemoryRouter>
      <App>
        <ListCard<Row> columns={[{ title: '名称', dataIndex: 'name', key: 'name' }]} query={query([])} texts={texts} {...props} />
      </App>
    </MemoryRouter>,
  );
}

function search(keyword: string) {
  const box = screen.getByRole('searchbox');
  fireEvent.change(box, { target: { value: keyword } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('the list card says why a list shows no row', () => {
  it('says "nothing yet", with its hint, when nothing narrows the list', () => {
    renderCard({});
    expect(screen.getByText('还没有标签')).toBeTruthy();
    expect(screen.getByText('点击“新建标签”添加第一个')).toBeTruthy();
  });

  it('never says "nothing yet" when a keyword matches nothing: it says no row matches, in both languages', async () => {
    renderCard({ query: query([{ id: 1, name: '锅炉' }]) });
    expect(screen.getByText('锅炉')).toBeTruthy();
    search('水泵');
    expect(screen.queryByText('锅炉')).toBeNull();
    expect(screen.queryByText('还没有标签')).toBeNull();
    expect(screen.queryByText('点击“新建标签”添加第一个')).toBeNull();
    expect(screen.getByText('没有匹配的结果')).toBeTruthy();

    cleanup();
    await i18next.changeLanguage('en-US');
    renderCard({ query: query([{ id: 1, name: 'Boiler' }]), texts: { search: 'Search tags', empty: 'No tags yet' } });
    search('pump');
    expect(screen.queryByText('No tags yet')).toBeNull();
    expect(screen.getByText('No matching results')).toBeTruthy();
  });

  it('says no row matches when a filter of a server-paged list narrows it, with the page\'s own text when it has one', () => {
    renderCard({ query: query({ list: [], total: 0 }), paged: paged(true), texts: { ...texts, noMatch: '没有符合条件的标签' } });
    expect(screen.queryByText('还没有标签')).toBeNull();
    expect(screen.getByText('没有符合条件的标签')).toBeTruthy();
  });

  it('keeps "nothing yet" for a server-paged list nothing narrows', () => {
    renderCard({ query: query({ list: [], total: 0 }), paged: paged(false) });
    expect(screen.getByText('还没有标签')).toBeTruthy();
  });

  it('says the list failed to load, and fetches it again on retry', () => {
    const refetch = vi.fn();
    renderCard({ query: query(undefined, { isError: true, refetch }) });
    expect(screen.queryByText('还没有标签')).toBeNull();
    expect(screen.getByText('列表加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('says nothing before the first answer', () => {
    renderCard({ query: query(undefined, { isPending: true }) });
    expect(screen.queryByText('还没有标签')).toBeNull();
    expect(screen.queryByText('没有匹配的结果')).toBeNull();
  });
});

describe('a list searched here', () => {
  it('keeps the rows whose name holds the keyword, ignoring case, and counts the whole list', () => {
    renderCard({ query: query([{ id: 1, name: 'Boiler A' }, { id: 2, name: 'Pump' }]), texts: { ...texts, total: (count) => `共 ${count} 个` } });
    search('boiler');
    expect(screen.getByText('Boiler A')).toBeTruthy();
    expect(screen.queryByText('Pump')).toBeNull();
    expect(screen.getByText('共 2 个')).toBeTruthy();
  });

  it('searches with the page\'s own match', () => {
    renderCard({ query: query([{ id: 1, name: 'Boiler' }, { id: 2, name: 'Pump' }]), match: (row, needle) => String(row.id) === needle });
    search('2');
    expect(screen.getByText('Pump')).toBeTruthy();
    expect(screen.queryByText('Boiler')).toBeNull();
  });
});

describe('the shared columns', () => {
  const at = Date.UTC(2024, 0, 31, 16, 30, 5);

  it('shows times in the company\'s zone, not the browser\'s, and a dash or its own text when there is none', () => {
    const columns = [timeColumn<Row>('时间', 'at'), timeColumn<Row>('日期', 'at', { key: 'day', date: true })];
    renderCard({ columns, query: query([{ id: 1, name: 'a', at }]) });
    // Asia/Shanghai, the default zone: the next day already.
    expect(screen.getByText('2024-02-01 00:30:05')).toBeTruthy();
    expect(screen.getByText('2024-02-01')).toBeTruthy();
    cleanup();

    useSessionStore.setState({ company: { timeZone: 'Europe/London' } as CompanySummary });
    renderCard({ columns, query: query([{ id: 1, name: 'a', at }]) });
    expect(screen.getByText('2024-01-31 16:30:05')).toBeTruthy();
    expect(screen.getByText('2024-01-31')).toBeTruthy();
    cleanup();

    renderCard({ columns: [timeColumn<Row>('时间', 'at'), timeColumn<Row>('最后写入', 'at', { key: 'never', none: '从未写入' })], query: query([{ id: 1, name: 'a', at: null }]) });
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.getByText('从未写入')).toBeTruthy();
  });

  it('shows a state with its own tag component or as a label in its colour', () => {
    const OwnTag = ({ state }: { state: Row['state'] }) => <Tag>{`own:${state}`}</Tag>;
    const columns = [
      stateTagColumn<Row, Row['state']>('状态', 'state', OwnTag),
      stateTagColumn<Row, Row['state']>('状态', 'state', { label: (state) => (state === 'done' ? '已完成' : '进行中'), color: (state) => (state === 'done' ? 'success' : undefined) }, { key: 'label' }),
    ];
    renderCard({ columns, query: query([{ id: 1, name: 'a', state: 'done' }]) });
    expect(screen.getByText('own:done')).toBeTruthy();
    expect(screen.getByText('已完成').closest('.ant-tag')?.className).toContain('ant-tag-success');
  });

  it('saves a switch at once, named after its row', () => {
    const onChange = vi.fn();
    renderCard({ columns: [switchColumn<Row>('启用', 'enabled', { onChange, label: (row) => `启用 ${row.name}` })], query: query([{ id: 1, name: '泵', enabled: false }]) });
    fireEvent.click(screen.getByRole('switch', { name: '启用 泵' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), true);
  });

  it('links a row to its page', () => {
    renderCard({ columns: [linkColumn<Row>('名称', 'name', (row) => `/rows/${row.id}`)], query: query([{ id: 7, name: '锅炉' }]) });
    expect(screen.getByRole('link', { name: '锅炉' }).getAttribute('href')).toBe('/rows/7');
  });

  it('edits a row, and deletes it only after the question is answered', { timeout: 20_000 }, async () => {
    const edit = vi.fn();
    const onDelete = vi.fn(() => Promise.resolve());
    const columns = [
      actionsColumn<Row>('操作', (row) => [
        { kind: 'edit', name: row.name, onClick: () => edit(row.id) },
        { kind: 'delete', name: row.name, confirm: { title: `删除 ${row.name}？`, content: '删除后不能恢复。', onDelete } },
      ]),
    ];
    renderCard({ columns, query: query([{ id: 3, name: '泵' }]) });
    fireEvent.click(screen.getByRole('button', { name: '编辑 泵' }));
    expect(edit).toHaveBeenCalledWith(3);

    fireEvent.click(screen.getByRole('button', { name: '删除 泵' }));
    expect((await screen.findAllByText('删除 泵？')).length).toBeGreaterThan(0);
    expect(onDelete).not.toHaveBeenCalled();
    const ok = [...document.querySelectorAll('.ant-modal-confirm button')].find((button) => button.textContent?.replace(/\s/g, '') === '删除');
    fireEvent.click(ok!);
    await waitFor(() => expect(onDelete).toHaveBeenCalledOnce());
  });

  it('asks in a popover for an action that needs it, and says — when no action applies to a row', { timeout: 20_000 }, async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    const columns = [
      actionsColumn<Row>('操作', (row) => [
        row.state === 'open' && { key: 'disable', label: '禁用', popconfirm: { title: `确定禁用 ${row.name} 吗？`, okText: '禁用', onConfirm } },
      ]),
    ];
    renderCard({ columns, query: query([{ id: 1, name: '张三', state: 'open' }, { id: 2, name: '李四', state: 'done' }]) });
    expect(screen.getByText('—')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /禁\s?用/ }));
    expect(await screen.findByText('确定禁用 张三 吗？')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    const buttons = screen.getAllByRole('button', { name: /禁\s?用/ });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledOnce());
  });
});
