// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBoardLive } from '@/modules/dashboards/lib/useBoardLive';
import { useSessionStore } from '@/shared/session/sessionStore';
import { idleCloseMs, type ChannelPush } from './realtimeConnection';
import { useRealtimeChannel } from './useRealtimeChannel';
import { FakeSocket } from './fakeSocket';

let tokenSerial = 0;

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  vi.stubGlobal('WebSocket', FakeSocket);
  // A token of its own per test: each starts with a connection of its own.
  tokenSerial += 1;
  useSessionStore.setState({ token: `tok-${tokenSerial}` });
});

afterEach(() => {
  cleanup();
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A component of the page listening to `channel` (a chart, the records table, a device page). */
function listen(channel: string) {
  const pushes: ChannelPush[] = [];
  const onReconnect = vi.fn();
  const hook = renderHook(() => useRealtimeChannel(channel, (push) => pushes.push(push), onReconnect));
  return { pushes, onReconnect, hook, state: () => hook.result.current };
}

function subscribesOf(socket: FakeSocket, type = 'subscribe'): string[] {
  return socket.sent.filter((m) => m.type === type).map((m) => m.channel!);
}

describe('one realtime connection for the whole tab', () => {
  it('N listeners on several channels share one socket and one subscription per channel', () => {
    const charts = [listen('records:1'), listen('records:1'), listen('records:2'), listen('records:2'), listen('records:2')];
    const devices = listen('devices:9');
    expect(FakeSocket.all).toHaveLength(1);
    const socket = FakeSocket.all[0]!;
    // The token never goes in the URL (access logs): it is the socket's first message.
    expect(socket.url).toMatch(/\/general\/ws\?lang=[^&]+$/);
    expect(socket.url).not.toContain('tok-');

    act(() => socket.open());
    expect(socket.sent[0]).toEqual({ type: 'auth', token: `tok-${tokenSerial}` });
    expect(subscribesOf(socket).sort()).toEqual(['devices:9', 'records:1', 'records:2']);
    act(() => socket.acceptSubscriptions());
    expect([...charts, devices].map((c) => c.state())).toEqual(['live', 'live', 'live', 'live', 'live', 'live']);

    // A listener joining a live channel is live at once, without another subscription.
    const late = listen('records:1');
    expect(late.state()).toBe('live');
    expect(subscribesOf(socket)).toEqual([]);
    expect(FakeSocket.all).toHaveLength(1);

    // Pushes go to the listeners of their channel only.
    act(() => socket.push('records:1', 'recordAdded'));
    expect(charts.map((c) => c.pushes.length)).toEqual([1, 1, 0, 0, 0]);
    expect(late.pushes).toHaveLength(1);
    expect(devices.pushes).toHaveLength(0);
  });

  it('a channel used by two listeners stays subscribed until both have left', () => {
    const first = listen('records:1');
    const second = listen('records:1');
    const other = listen('records:2');
    const socket = FakeSocket.all[0]!;
    act(() => socket.open());
    act(() => socket.acceptSubscriptions());

    first.hook.unmount();
    expect(subscribesOf(socket, 'unsubscribe')).toEqual([]);
    act(() => socket.push('records:1', 'recordAdded'));
    expect(second.pushes).toHaveLength(1);

    second.hook.unmount();
    expect(subscribesOf(socket, 'unsubscribe')).toEqual(['records:1']);
    expect(socket.isOpen()).toBe(true);
    expect(other.state()).toBe('live');

    // Used again later: subscribed again, on the same socket.
    const again = listen('records:1');
    expect(subscribesOf(socket)).toEqual(['records:1']);
    act(() => socket.acceptSubscriptions());
    expect(again.state()).toBe('live');

    // Nothing listens: the socket closes after a short while (not between two pages).
    other.hook.unmount();
    again.hook.unmount();
    act(() => vi.advanceTimersByTime(idleCloseMs - 1));
    expect(socket.isOpen()).toBe(true);
    const next = listen('records:3');
    act(() => vi.advanceTimersByTime(idleCloseMs));
    expect(socket.isOpen()).toBe(true);
    expect(FakeSocket.all).toHaveLength(1);
    next.hook.unmount();
    act(() => vi.advanceTimersByTime(idleCloseMs));
    expect(socket.isOpen()).toBe(false);

    // The next listener opens a new one.
    listen('records:3');
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('reconnects once for every channel after the connection is lost, and tells each listener', () => {
    const a = listen('records:1');
    const b = listen('records:1');
    const c = listen('devices:9');
    const first = FakeSocket.all[0]!;
    act(() => first.open());
    act(() => first.acceptSubscriptions());
    expect(a.onReconnect).not.toHaveBeenCalled();

    act(() => first.drop());
    expect([a, b, c].map((l) => l.state())).toEqual(['connecting', 'connecting', 'connecting']);
    act(() => vi.advanceTimersByTime(1_000));
    expect(FakeSocket.all).toHaveLength(2);
    const second = FakeSocket.all[1]!;
    act(() => second.open());
    expect(subscribesOf(second).sort()).toEqual(['devices:9', 'records:1']);
    act(() => second.acceptSubscriptions());
    expect([a, b, c].map((l) => l.state())).toEqual(['live', 'live', 'live']);
    expect([a, b, c].map((l) => l.onReconnect.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it('a refused channel goes offline alone; a refused token takes every channel offline', () => {
    const allowed = listen('records:1');
    const refused = listen('records:2');
    const socket = FakeSocket.all[0]!;
    act(() => socket.open());
    act(() => socket.acceptSubscriptions(['records:2']));
    expect(allowed.state()).toBe('live');
    expect(refused.state()).toBe('offline');
    expect(socket.isOpen()).toBe(true);

    // Not asked for again after a reconnect.
    act(() => socket.drop());
    act(() => vi.advanceTimersByTime(1_000));
    const second = FakeSocket.all[1]!;
    act(() => second.open());
    expect(subscribesOf(second)).toEqual(['records:1']);

    act(() => second.drop(4401));
    expect(allowed.state()).toBe('offline');
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('a subscription answered after its listener left is ended', () => {
    const chart = listen('records:1');
    const socket = FakeSocket.all[0]!;
    act(() => socket.open());
    chart.hook.unmount();
    socket.sent.length = 0;
    act(() => socket.answer({ code: 0, msg: 'subscribed', data: { channel: 'records:1' } }));
    expect(subscribesOf(socket, 'unsubscribe')).toEqual(['records:1']);
  });

  it("a board and its widgets' charts listen over one socket, one subscription per item", () => {
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children);
    const widgets = [listen('records:1'), listen('records:1'), listen('records:2')];
    const board = renderHook(() => useBoardLive([1, 2, 1]), { wrapper });
    expect(board.result.current).toBe('connecting');
    expect(FakeSocket.all).toHaveLength(1);
    const socket = FakeSocket.all[0]!;
    act(() => socket.open());
    expect(subscribesOf(socket).sort()).toEqual(['records:1', 'records:2']);
    act(() => socket.acceptSubscriptions());
    expect(board.result.current).toBe('live');

    // The board leaves (another tab shown): the widgets' channels stay subscribed.
    board.unmount();
    expect(subscribesOf(socket, 'unsubscribe')).toEqual([]);
    expect(widgets.map((w) => w.state())).toEqual(['live', 'live', 'live']);
  });
});
