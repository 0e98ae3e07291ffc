import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/shared/session/sessionStore';
import { ApiError, NetworkError } from './ApiError';
import { api, encodeParams, SESSION_RELOAD_DELAY_MS } from './client';
import { setNotifier, type ApiNotice } from './notifier';

const notices: ApiNotice[] = [];
const fetchMock = vi.fn<typeof fetch>();

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  notices.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setNotifier((notice) => notices.push(notice));
  useSessionStore.setState({ token: null, user: null, company: null, accessRoutes: false });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('API client envelope handling (spec §7, §8)', () => {
  it('unwraps data on code 0 and sends base path, token and language', async () => {
    useSessionStore.setState({ token: 'tok' });
    fetchMock.mockResolvedValue(answer({ code: 0, msg: 'success', data: { id: 7 } }));
    await expect(api.get('/user/getUser', { ids: [1, 2], empty: undefined, name: 'a b' })).resolves.toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/general/user/getUser?ids=%5B1%2C2%5D&name=a+b');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Accept-Language']).toBe('zh-CN');
    expect(notices).toEqual([]);
  });

  it('sends getToken form-encoded', async () => {
    fetchMock.mockResolvedValue(answer({ code: 0, msg: 'success', data: { token: 't', expiresAt: 1 } }));
    await api.post('/user/access/getToken', { username: 'admin', password: 'p&ss' }, { form: true });
    const [, init] = fetchMock.mock.calls[0];
    expect((init?.headers as Record<string, string>)['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(init?.body).toBe('username=admin&password=p%26ss');
  });

  it('throws a typed ApiError and notifies with 提示 and the message', async () => {
    fetchMock.mockResolvedValue(answer({ code: 40900, msg: '数据冲突', data: null }, 409));
    const error = await api.post('/x/addX', { a: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 40900, message: '数据冲突' });
    expect(notices).toEqual([{ title: '提示', description: '数据冲突' }]);
  });

  it('turns 40330 (user notice not agreed) into the notice gate, without an error notification', async () => {
    const user = { userName: 'u', notice: { version: 'v1', agreed: true } } as unknown as NonNullable<ReturnType<typeof useSessionStore.getState>['user']>;
    useSessionStore.setState({ token: 'tok', user });
    fetchMock.mockResolvedValue(answer({ code: 40330, msg: '请先阅读并同意用户须知', data: null }, 403));
    await expect(api.post('/tag/addTag', { name: 'x' })).rejects.toMatchObject({ code: 40330 });
    expect(useSessionStore.getState().user?.notice).toEqual({ version: 'v1', agreed: false });
    expect(useSessionStore.getState().token).toBe('tok');
    expect(notices).toEqual([]);
  });

  it('shows the data text of a 50001 answer', async () => {
    fetchMock.mockResolvedValue(answer({ code: 50001, msg: '验证失败', data: '名称不能为空' }, 400));
    await expect(api.post('/x/addX', {})).rejects.toMatchObject({ code: 50001, data: '名称不能为空' });
    expect(notices[0].description).toBe('名称不能为空');
  });

  it('does not notify when the caller asks for silence', async () => {
    fetchMock.mockResolvedValue(answer({ code: 40400, msg: '数据不存在', data: null }, 404));
    await expect(api.get('/x/getX', undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(notices).toEqual([]);
  });

  it.each([70004, 70006])('clears the session and reloads after 1 s on %i', async (code) => {
    vi.useFakeTimers();
    const reload = vi.fn();
    vi.stubGlobal('window', { setTimeout, location: { reload } });
    useSessionStore.setState({ token: 'tok', accessRoutes: true });
    fetchMock.mockResolvedValue(answer({ code, msg: '登录已过期，请重新登录', data: null }, 401));
    await expect(api.get('/user/getUser')).rejects.toMatchObject({ code });
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null, company: null, accessRoutes: false });
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SESSION_RELOAD_DELAY_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores a 70004 answer to a call sent with a token the page no longer holds', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    vi.stubGlobal('window', { setTimeout, location: { reload } });
    useSessionStore.setState({ token: 'old', accessRoutes: true });
    let answerOld: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answerOld = resolve)));
    const inFlight = api.get('/user/getUser');
    // The user signs out and in again while the old call is still on its way.
    useSessionStore.setState({ token: 'new', accessRoutes: true });
    answerOld(answer({ code: 70004, msg: '登录已过期，请重新登录', data: null }, 401));
    await expect(inFlight).rejects.toMatchObject({ code: 70004 });
    vi.advanceTimersByTime(SESSION_RELOAD_DELAY_MS);
    expect(reload).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
    expect(useSessionStore.getState()).toMatchObject({ token: 'new', accessRoutes: true });
  });

  it('reports a network failure with 请求无响应:', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await api.get('/x/getX').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(notices[0]).toEqual({ title: '提示', description: '请求无响应:Failed to fetch' });
  });

  it('aborts after the timeout and adds 请求超时！', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const error = await api.get('/test/slow', { ms: 100 }, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'NetworkError', timeout: true });
    expect(notices[0].description).toMatch(/^请求无响应:.*请求超时！$/);
  });

  it('stays quiet when the caller cancels', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/x/getX', undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(notices).toEqual([]);
  });

  it('reports a request that cannot be built', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(api.post('/x/addX', circular)).rejects.toMatchObject({ name: 'RequestSetupError' });
    expect(notices).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('query parameters', () => {
  it('sends arrays and objects as JSON strings and skips empty values', () => {
    expect(encodeParams({ a: [1, 'x'], b: { c: 1 }, d: null, e: undefined, f: 0, g: false }).toString()).toBe(
      'a=%5B1%2C%22x%22%5D&b=%7B%22c%22%3A1%7D&f=0&g=false',
    );
  });
});
