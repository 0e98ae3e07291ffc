// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@smartdata/domain';
import { useSessionStore } from '@/shared/session/sessionStore';
import { PublicOnlyRoute } from './PublicOnlyRoute';
import { AuthGuard } from './AuthGuard';

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/login',
        element: (
          <PublicOnlyRoute>
            <Where />
          </PublicOnlyRoute>
        ),
      },
      { element: <AuthGuard />, children: [{ path: '*', element: <Where /> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

const user = {
  userId: 1,
  userName: 'admin',
  name: 'admin',
  phone: null,
  email: null,
  headImgUrl: '',
  language: 'zh-CN',
  isPlatformAdmin: true,
  menuCode: [],
  orderInfo: null,
  companyId: 1,
  company: null,
  companies: [],
  notice: { version: 'v1', agreed: true },
} satisfies CurrentUser;

// Behind the token the guard renders the console's chunk (ConsoleSession, lazy): load it once
// up front, so the tests wait for a render, not for the first transform of the console's modules.
beforeAll(async () => {
  await Promise.all([import('./ConsoleSession'), import('@/app/layout/ConsoleLayout')]);
}, 60_000);

const findText = (text: string) => screen.findByText(text, undefined, { timeout: 5_000 });

afterEach(() => {
  cleanup();
  useSessionStore.setState({ token: null, user: null, company: null, accessRoutes: false, signedOut: false });
});

describe('guard (spec §2)', () => {
  it('sends a visitor without a token to /login with the wanted path and query', () => {
    renderAt('/smartdata/datacapsule?dir=3');
    expect(screen.getByText('at /login?redirect=%2Fsmartdata%2Fdatacapsule%3Fdir%3D3')).toBeTruthy();
  });

  it('sends a user who signed out to /login without a redirect', () => {
    useSessionStore.setState({ signedOut: true });
    renderAt('/home');
    expect(screen.getByText('at /login')).toBeTruthy();
  });

  it('lets a signed-in user through, and sends them from /login to the redirect target or the root', async () => {
    useSessionStore.setState({ token: 't', user, accessRoutes: true });
    renderAt('/home?x=1');
    expect(await findText('at /home?x=1')).toBeTruthy();
    cleanup();
    renderAt('/login?redirect=%2Ftest%2Fboarddisplay');
    expect(await findText('at /test/boarddisplay')).toBeTruthy();
    cleanup();
    renderAt('/login');
    expect(await findText('at /')).toBeTruthy();
  });

  it('refuses a redirect to another site', async () => {
    useSessionStore.setState({ token: 't', user, accessRoutes: true });
    renderAt('/login?redirect=%2F%2Fevil.example');
    expect(await findText('at /')).toBeTruthy();
  });
});
