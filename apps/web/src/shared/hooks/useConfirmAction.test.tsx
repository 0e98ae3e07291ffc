// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { App } from 'antd';
import { act, cleanup, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useConfirmAction } from './useConfirmAction';

beforeAll(() => {
  // jsdom has no matchMedia; antd's modal asks it for the screen size.
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      value: (query: string) => ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }),
    });
  }
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const wrapper = ({ children }: { children: ReactNode }) => <App>{children}</App>;

/** Opens the question and presses its red button; resolves once the step and what follows ran. */
async function askAndConfirm(options: Parameters<ReturnType<typeof useConfirmAction>>[0]) {
  const { result } = renderHook(() => useConfirmAction(), { wrapper });
  act(() => result.current(options));
  const ok = await screen.findByRole('button', { name: options.okText ?? 'OK' });
  expect(ok.className).toContain('ant-btn-dangerous');
  await act(async () => {
    fireEvent.click(ok);
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

describe('useConfirmAction', () => {
  it('asks with the texts given, runs the step on OK, then says so and follows up', async () => {
    const run = vi.fn(async () => null);
    const after = vi.fn();
    await askAndConfirm({ title: 'Delete form A?', content: 'Its records stay.', okText: 'Delete', cancelText: 'Back', run, done: 'Deleted', after });
    expect(screen.getAllByText('Delete form A?').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Its records stay.').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Back' }).length).toBeGreaterThan(0);
    expect(run).toHaveBeenCalledOnce();
    expect(after).toHaveBeenCalledOnce();
    expect((await screen.findAllByText('Deleted')).length).toBeGreaterThan(0);
  });

  it('neither says nor follows up a step that was refused', async () => {
    const after = vi.fn();
    await askAndConfirm({ title: 'Cancel the order?', okText: 'Cancel order', run: () => Promise.reject(new Error('40900')), done: 'Cancelled', after });
    expect(after).not.toHaveBeenCalled();
    expect(screen.queryByText('Cancelled')).toBeNull();
  });
});
