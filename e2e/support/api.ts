import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';

/**
 * Talking to the server under test directly, to set up data a spec needs (a company, a user, a
 * data item) or to read what only the server knows (the SMS code it "sent"). Specs should drive
 * the screens for what they test and use this only around it.
 *
 *   const admin = await api(request);
 *   const user = await admin.get<CurrentUser>('user/getUser');
 *   await admin.post('companies/addCompany', { name: uniqueName('公司') });
 */

/** The administrator the server under test was started with (see playwright.config.ts). */
export const ADMIN = {
  username: process.env.E2E_ADMIN_USER ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'Admin12345',
} as const;

/** Every API answer: `{ code, msg, data }`, code 0 meaning success (DESIGN.md §5). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** An answer with its HTTP status, for specs that check a refusal. */
export interface RawAnswer<T = unknown> extends Envelope<T> {
  status: number;
}

export type Query = Record<string, string | number | boolean | null | undefined | object>;

export interface Credentials {
  username: string;
  password: string;
}

export interface ApiClient {
  /** The bearer token this client sends. */
  readonly token: string;
  /** GET /general/<path>; expects code 0 and returns `data`. */
  get<T = unknown>(path: string, query?: Query): Promise<T>;
  /** POST /general/<path> with a JSON body; expects code 0 and returns `data`. */
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
  /** The same calls without the code-0 expectation and without signing in again: what the server answered. */
  raw: {
    get<T = unknown>(path: string, query?: Query): Promise<RawAnswer<T>>;
    post<T = unknown>(path: string, body?: unknown): Promise<RawAnswer<T>>;
  };
}

/** `user/getUser` or `/general/user/getUser` → `/general/user/getUser`. */
export function apiPath(path: string): string {
  if (path.startsWith('/general/')) {
    return path;
  }
  return `/general/${path.replace(/^\/+/, '')}`;
}

/** Query parameters as the API takes them: arrays and objects as JSON strings (DESIGN.md §5). */
export function toSearchParams(query: Query = {}): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) {
      continue;
    }
    params[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return params;
}

async function readEnvelope<T>(response: APIResponse, what: string): Promise<RawAnswer<T>> {
  const text = await response.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${what}: HTTP ${response.status()} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  return { status: response.status(), ...body };
}

function expectOk<T>(answer: RawAnswer<T>, what: string): T {
  expect(answer.code, `${what} answered HTTP ${answer.status} code ${answer.code}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
}

/**
 * POST /general/user/access/getToken, form-encoded (username + password, or phone + smsCode).
 * Returns the whole answer so a spec can check a refused login too.
 */
export async function requestToken(
  request: APIRequestContext,
  form: Credentials | { phone: string; smsCode: string },
): Promise<RawAnswer<{ token: string }>> {
  const response = await request.post(apiPath('user/access/getToken'), { form: { ...form } });
  return readEnvelope<{ token: string }>(response, 'POST user/access/getToken');
}

/** A token for these credentials (the admin by default); fails the test when login is refused. */
export async function getToken(request: APIRequestContext, credentials: Credentials = ADMIN): Promise<string> {
  const answer = await requestToken(request, credentials);
  const data = expectOk(answer, `getToken(${credentials.username})`);
  expect(typeof data?.token, 'getToken answers data.token').toBe('string');
  return data.token;
}

// Tokens per worker and user: login is rate limited, and most specs only need "some valid token".
const tokens = new Map<string, string>();

/**
 * Agrees to the current user notice with `token` unless already agreed: the server refuses every
 * other call until then (40330).
 */
async function agreeNoticeWith(request: APIRequestContext, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const notice = expectOk(await readEnvelope<{ version: string; agreed: boolean }>(await request.get(apiPath('user/getNotice'), { headers }), 'GET user/getNotice'), 'GET user/getNotice');
  if (!notice.agreed) {
    expectOk(await readEnvelope(await request.post(apiPath('user/agreeNotice'), { headers, data: { version: notice.version } }), 'POST user/agreeNotice'), 'POST user/agreeNotice');
  }
}

/**
 * An API client signed in as `credentials` (the admin by default), past the user notice (agreed
 * at sign-in unless `agreeNotice` is false: the notice has its own specs). Tokens are reused within
 * a worker; a `get`/`post` answered 70004/70006 (token invalid, expired or revoked, e.g. after a
 * spec logged out) signs in again once and repeats (`raw` calls never do). `fresh: true` always
 * signs in anew.
 */
export async function api(
  request: APIRequestContext,
  credentials: Credentials = ADMIN,
  { fresh = false, agreeNotice = true }: { fresh?: boolean; agreeNotice?: boolean } = {},
): Promise<ApiClient> {
  const key = `${credentials.username}\u0000${credentials.password}`;
  let token = fresh ? undefined : tokens.get(key);
  if (!token) {
    token = await getToken(request, credentials);
    if (agreeNotice) {
      await agreeNoticeWith(request, token);
    }
    tokens.set(key, token);
  }

  const send = async <T>(method: 'GET' | 'POST', path: string, payload: unknown, retry: boolean): Promise<RawAnswer<T>> => {
    const url = apiPath(path);
    const headers = { authorization: `Bearer ${token}` };
    const response =
      method === 'GET'
        ? await request.get(url, { headers, params: toSearchParams(payload as Query | undefined) })
        : await request.post(url, { headers, data: payload ?? {} });
    const answer = await readEnvelope<T>(response, `${method} ${url}`);
    if (retry && (answer.code === 70004 || answer.code === 70006)) {
      token = await getToken(request, credentials);
      tokens.set(key, token);
      return send<T>(method, path, payload, false);
    }
    return answer;
  };

  return {
    get token() {
      return token as string;
    },
    get: async <T>(path: string, query?: Query) => expectOk(await send<T>('GET', path, query, true), `GET ${apiPath(path)}`),
    post: async <T>(path: string, body?: unknown) => expectOk(await send<T>('POST', path, body, true), `POST ${apiPath(path)}`),
    raw: {
      get: <T>(path: string, query?: Query) => send<T>('GET', path, query, false),
      post: <T>(path: string, body?: unknown) => send<T>('POST', path, body, false),
    },
  };
}

/**
 * The last SMS verification code the server "sent" to `phone` (test-only route, enabled by
 * SMARTDATA_TEST_ROUTES=1 in playwright.config.ts). Polls briefly, since sending is asynchronous.
 */
export async function latestSmsCode(request: APIRequestContext, phone: string, { timeoutMs = 5_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request.get(apiPath('test/smsOutbox'), { params: { phone } });
    const answer = await readEnvelope<{ code?: string } | null>(response, 'GET /general/test/smsOutbox');
    const code = answer.code === 0 ? answer.data?.code : undefined;
    if (code) {
      return String(code);
    }
    if (Date.now() > deadline) {
      throw new Error(`no SMS code sent to ${phone} (smsOutbox answered HTTP ${answer.status} code ${answer.code}: ${answer.msg})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let counter = 0;

/**
 * A name no other spec or earlier run uses, within the 25-character limit of names (spec §5):
 * `uniqueName('看板')` → `看板-m3x9k2a1`.
 */
export function uniqueName(prefix: string, maxLength = 25): string {
  counter += 1;
  const suffix = `-${Date.now().toString(36)}${counter.toString(36)}${(process.env.TEST_WORKER_INDEX ?? '0')}`;
  return `${prefix.slice(0, Math.max(1, maxLength - suffix.length))}${suffix}`.slice(0, maxLength);
}
