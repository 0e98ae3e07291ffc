// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type DataRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/app/providers/queryClient';
import { RedirectPage } from './RedirectPage';

let calls = 0;

function Overview() {
  const overview = useQuery({ queryKey: ['overview'], queryFn: async () => ++calls });
  return <p>answer {overview.data ?? '…'}</p>;
}

function renderAt(path: string): DataRouter {
  const router = createMemoryRouter(
    [
      { path: '/home', element: <Overview /> },
      { path: '/redirect/*', element: <RedirectPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  calls = 0;
});

describe('/redirect (refresh)', () => {
  it('shows the page with data fetched anew, though the cached answer is still fresh', async () => {
    const router = renderAt('/home');
    expect(await screen.findByText('answer 1')).toBeTruthy();

    await act(() => router.navigate('/redirect/home', { replace: true }));

    expect(await screen.findByText('answer 2')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
  });
});
