import { ErrorCode, errorCodeInfo, limits, userText, type Envelope } from '@smartdata/domain';
import { currentLocale } from '@/shared/i18n/locale';
import { useSessionStore } from '@/shared/session/sessionStore';
import { ApiError, NetworkError, RequestSetupError } from './ApiError';
import { notify } from './notifier';

/** Every call goes under this base path (spec §7). */
export const API_BASE = '/general';

/** How long after a 70004/70006 answer the page reloads (spec §8: after 1 second). */
export const SESSION_RELOAD_DELAY_MS = 1000;

export type QueryParams = Record<string, unknown>;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Query parameters; arrays and objects are sent as JSON strings (spec §7). */
  params?: QueryParams;
  /** JSON body, or form fields when `form` is set. */
  body?: unknown;
  /** Send the body as application/x-www-form-urlencoded (getToken). */
  form?: boolean;
  /** Cancels the call without any notification (TanStack Query passes one). */
  signal?: AbortSignal;
  /** Do not show the error notification; the caller shows its own. */
  silent?: boolean;
  /** Use this token instead of the stored one (sign-in loads the user before storing it). */
  token?: string;
  timeoutMs?: number;
}

/** Turns parameters into a query string: skips null/undefined, JSON-encodes arrays and objects. */
export function encodeParams(params: QueryParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) {
      continue;
    }
    search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return search;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

/** The text shown for an envelope error: for 50001 the `data` reason when it is text (spec §8). */
export function envelopeErrorText(envelope: Envelope): string {
  if (envelope.code === ErrorCode.validationFailed && typeof envelope.data === 'string' && envelope.data !== '') {
    return envelope.data;
  }
  return envelope.msg;
}

let reloadScheduled = false;

/**
 * 70004/70006: forget the session and reload after a second, which lands on /login — only when the
 * answer is about the session the page holds now. An answer to a call sent with an older token
 * (a console query still in flight while the user signed out, or signed out and in again) says
 * nothing about the current session: acting on it reloaded the sign-in page under the user's
 * hands, or threw a fresh session away.
 */
function isCurrentSession(options: RequestOptions, sentToken: string | null): boolean {
  // A token given by the caller is the session being opened (sign-in loads its user with it).
  return options.token !== undefined || (sentToken !== null && useSessionStore.getState().token === sentToken);
}

function handleSessionInvalid(): void {
  useSessionStore.getState().clear();
  if (reloadScheduled || typeof window === 'undefined') {
    return;
  }
  reloadScheduled = true;
  window.setTimeout(() => {
    reloadScheduled = false;
    window.location.reload();
  }, SESSION_RELOAD_DELAY_MS);
}

function noticeTitle(): string {
  return userText('notice', currentLocale());
}

function buildRequest(path: string, options: RequestOptions, signal: AbortSignal): { url: string; init: RequestInit; token: string | null } {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { 'Accept-Language': currentLocale(), Accept: 'application/json' };
  const token = options.token ?? useSessionStore.getState().token;
  if (token) {
    headers.Authorization = `Bearer ${token}`;
  }
  let url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (options.params) {
    const query = encodeParams(options.params).toString();
    if (query) {
      url += `?${query}`;
    }
  }
  let body: string | undefined;
  if (options.body !== undefined && method !== 'GET') {
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = encodeParams(options.body as QueryParams).toString();
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }
  return { url, init: { method, headers, body, signal }, token: token ?? null };
}

/**
 * Calls the API and unwraps the envelope (spec §7, §8). On code ≠ 0 it shows a notification titled
 * 提示 and throws an ApiError; on 70004/70006 it also clears the session and reloads after 1 s; on
 * 40330 (user notice not agreed) it shows no notification but sends the console to the notice; on
 * no answer it shows 请求无响应: (and 请求超时！ on timeout) and throws a NetworkError.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? limits.requestTimeoutMs;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCancel = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onCancel, { once: true });

  const show = (description: string) => {
    if (!options.silent) {
      notify({ title: noticeTitle(), description });
    }
  };

  try {
    let prepared: { url: string; init: RequestInit; token: string | null };
    try {
      prepared = buildRequest(path, options, controller.signal);
    } catch (error) {
      const setupError = new RequestSetupError(error instanceof Error ? error.message : String(error));
      show(setupError.message);
      throw setupError;
    }

    let envelope: unknown;
    let response: Response;
    try {
      response = await fetch(prepared.url, prepared.init);
      const text = await response.text();
      try {
        envelope = text === '' ? undefined : JSON.parse(text);
      } catch {
        envelope = undefined;
      }
    } catch (error) {
      if (options.signal?.aborted && !timedOut) {
        throw error;
      }
      const locale = currentLocale();
      const reason = timedOut ? `timeout of ${timeoutMs}ms exceeded` : error instanceof Error ? error.message : String(error);
      const networkError = new NetworkError(reason, timedOut);
      show(`${userText('noResponse', locale)}${reason}${timedOut ? ` ${userText('timeout', locale)}` : ''}`);
      throw networkError;
    }

    if (!isEnvelope(envelope)) {
      const locale = currentLocale();
      if (!response.ok) {
        const reason = `HTTP ${response.status} ${response.statusText}`.trim();
        show(`${userText('noResponse', locale)}${reason}`);
        throw new NetworkError(reason, false);
      }
      const msg = errorCodeInfo[ErrorCode.internal][locale];
      show(msg);
      throw new ApiError(ErrorCode.internal, msg, null);
    }

    if (envelope.code !== ErrorCode.ok) {
      const error = new ApiError(envelope.code, envelope.msg, envelope.data);
      if (error.code === ErrorCode.noticeRequired) {
        // The server asks for the user notice (a new version, or agreed nowhere yet): the console
        // guard shows the notice dialog instead of an error notification.
        if (isCurrentSession(options, prepared.token)) {
          useSessionStore.getState().markNoticeRequired();
        }
      } else if (!error.isSessionInvalid) {
        show(envelopeErrorText(envelope));
      } else if (isCurrentSession(options, prepared.token)) {
        show(envelopeErrorText(envelope));
        handleSessionInvalid();
      }
      throw error;
    }
    return envelope.data as T;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCancel);
  }
}

/** Shorthands for the two verbs the API uses (DESIGN.md §5: GET getX, POST addX/updateX/...). */
export const api = {
  get<T>(path: string, params?: QueryParams, options: Omit<RequestOptions, 'method' | 'params'> = {}): Promise<T> {
    return request<T>(path, { ...options, method: 'GET', params });
  },
  post<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return request<T>(path, { ...options, method: 'POST', body });
  },
};
