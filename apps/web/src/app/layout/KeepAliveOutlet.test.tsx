// @vitest-environment jsdom
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RedirectPage } from '@/app/pages/RedirectPage';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { useTrackVisitedTab } from './TabBar';
import { useTabsStore } from './tabsStore';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <div>
      <output aria-label={`count ${name}`}>{count}</output>
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        increment {name}
      </button>
    </div>
  );
}

let navigateTo: (path: string) => void = () => undefined;

function Shell() {
  useTrackVisitedTab();
  const navigate = useNavigate();
  navigateTo = (path) => void navigate(path);
  return <KeepAliveOutlet />;
}

function renderConsole(start: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/home', element: <Counter name="home" /> },
          { path: '/smartdata/datacapsule', element: <Counter name="cabin" /> },
          { path: '/taskmanagement/tasklog', element: <Counter name="log" /> },
          { path: '/redirect/*', element: <RedirectPage /> },
        ],
      },
    ],
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
}

async function go(path: string) {
  await act(async () => {
    navigateTo(path);
    await Promise.resolve();
  });
}

const count = (name: string) => screen.getByRole('status', { name: `count ${name}` }).textContent;
const increment = (name: string) => fireEvent.click(screen.getByRole('button', { name: `increment ${name}` }));

beforeEach(() => useTabsStore.getState().reset());
afterEach(cleanup);

describe('kept-alive pages of the tab bar', () => {
  it('keeps a page state while another tab is open', async () => {
    renderConsole('/smartdata/datacapsule');
    increment('cabin');
    increment('cabin');
    await go('/taskmanagement/tasklog');
    expect(screen.queryByRole('status', { name: 'count cabin' })).toBeNull();
    increment('log');
    await go('/smartdata/datacapsule');
    expect(count('cabin')).toBe('2');
    await go('/taskmanagement/tasklog');
    expect(count('log')).toBe('1');
  });

  it('mounts /home afresh on every visit', async () => {
    renderConsole('/home');
    increment('home');
    expect(count('home')).toBe('1');
    await go('/smartdata/datacapsule');
    await go('/home');
    expect(count('home')).toBe('0');
  });

  it('re-mounts a page refreshed through /redirect', async () => {
    renderConsole('/smartdata/datacapsule');
    increment('cabin');
    await go('/redirect/smartdata/datacapsule');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(count('cabin')).toBe('0');
  });

  it('forgets a page whose tab was closed', async () => {
    renderConsole('/smartdata/datacapsule');
    increment('cabin');
    await go('/taskmanagement/tasklog');
    act(() => useTabsStore.getState().close('/smartdata/datacapsule'));
    await go('/smartdata/datacapsule');
    expect(count('cabin')).toBe('0');
    expect(useTabsStore.getState().tabs.map((tab) => tab.path)).toEqual(['/home', '/taskmanagement/tasklog', '/smartdata/datacapsule']);
  });
});
