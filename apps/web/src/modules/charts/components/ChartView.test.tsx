// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartSeries } from '@smartdata/domain';
import { FakeSocket } from '@/shared/realtime/fakeSocket';
import { useSessionStore } from '@/shared/session/sessionStore';
import zh from '../locales/zh-CN.json';
import { ChartView } from './ChartView';

const series: ChartSeries[] = [{ field: 'temperature', aggregate: 'none' }];
const range = { preset: 'today' } as const;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ resources: { 'zh-CN': { charts: zh } }, lng: 'zh-CN', fallbackLng: false, defaultNS: 'charts', interpolation: { escapeValue: false } });
});

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  // The chart queries stay pending: only the live connection matters here.
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined)));
  useSessionStore.setState({ token: 'tok-charts' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Board({ itemIds }: { itemIds: number[] }) {
  return createElement(
    'div',
    null,
    itemIds.map((itemId, index) => createElement(ChartView, { key: index, itemId, kind: 'line', series, bucket: 'raw', range, live: true })),
  );
}

describe('live charts', () => {
  it('a board of many live charts opens one socket, one subscription per data item', () => {
    const client = new QueryClient();
    const view = render(createElement(QueryClientProvider, { client }, createElement(Board, { itemIds: [1, 1, 2, 3, 2, 1] })));
    expect(view.getAllByTestId('chart-view')).toHaveLength(6);
    expect(FakeSocket.all).toHaveLength(1);
    act(() => FakeSocket.all[0]!.open());
    expect(FakeSocket.all[0]!.sent.filter((m) => m.type === 'subscribe').map((m) => m.channel).sort()).toEqual(['records:1', 'records:2', 'records:3']);

    // Charts leave, others stay: records:2 is still used by one of them, records:3 by none.
    view.rerender(createElement(QueryClientProvider, { client }, createElement(Board, { itemIds: [1, 1, 2] })));
    expect(FakeSocket.all[0]!.sent.filter((m) => m.type === 'unsubscribe').map((m) => m.channel)).toEqual(['records:3']);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
