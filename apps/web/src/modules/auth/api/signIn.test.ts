// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@smartdata/domain';
import { LanguageSegmented } from '@/shared/components/LanguageSegmented';
import { changeLocale, LANGUAGE_STORAGE_KEY } from '@/shared/i18n/locale';
import { useSessionStore } from '@/shared/session/sessionStore';
import { signIn } from './signIn';

const fetchMock = vi.fn<typeof fetch>();

function answer(data: unknown): Response {
  return new Response(JSON.stringify({ code: 0, msg: 'success', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

function userWithLanguage(language: string): CurrentUser {
  return {
    userId: 7,
    userName: 'ops',
    name: 'Ops',
    phone: null,
    email: null,
    headImgUrl: '',
    language,
    isPlatformAdmin: false,
    menuCode: [],
    orderInfo: null,
    companyId: 1,
    company: null,
    companies: [],
    notice: { version: '1', agreed: true },
  };
}

/** The server: getToken answers a token, getUser the user with their saved language. */
function serverWithSavedLanguage(language: string) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(String(input).includes('/user/access/getToken') ? answer({ token: 'tok', expiresAt: Date.now() + 60_000 }) : answer(userWithLanguage(language))),
  );
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: {
      'zh-CN': { common: { language: { label: '语言', 'zh-CN': '中文', 'en-US': 'English' } } },
      'en-US': { common: { language: { label: 'Language', 'zh-CN': '中文', 'en-US': 'English' } } },
    },
    lng: 'zh-CN',
    supportedLngs: ['zh-CN', 'en-US'],
    fallbackLng: false,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

beforeEach(async () => {
  // A browser that remembers nothing: Chinese by default.
  localStorage.clear();
  sessionStorage.clear();
  await i18next.changeLanguage('zh-CN');
  useSessionStore.setState({ token: null, user: null, company: null, accessRoutes: false });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the language after signing in', () => {
  it("switches to the user's saved language on a browser that remembers none", async () => {
    serverWithSavedLanguage('en-US');
    await signIn({ username: 'ops', password: 'Passw0rd2026' });
    expect(i18next.language).toBe('en-US');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(useSessionStore.getState().token).toBe('tok');
  });

  it('the saved language wins over the one this browser remembers', async () => {
    await changeLocale('en-US');
    serverWithSavedLanguage('zh-CN');
    await signIn({ username: 'ops', password: 'Passw0rd2026' });
    expect(i18next.language).toBe('zh-CN');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh-CN');
  });

  it("a language picked on the sign-in page's switch wins for that sign-in only", async () => {
    render(createElement(LanguageSegmented));
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    await vi.waitFor(() => expect(i18next.language).toBe('en-US'));
    serverWithSavedLanguage('zh-CN');
    await signIn({ username: 'ops', password: 'Passw0rd2026' });
    expect(i18next.language).toBe('en-US');

    // The next sign-in (no pick this time) starts in the saved language again.
    useSessionStore.getState().signOut();
    await signIn({ username: 'ops', password: 'Passw0rd2026' });
    expect(i18next.language).toBe('zh-CN');
  });

  it('keeps the interface language when the saved one is not a known language', async () => {
    serverWithSavedLanguage('');
    await signIn({ username: 'ops', password: 'Passw0rd2026' });
    expect(i18next.language).toBe('zh-CN');
  });
});
