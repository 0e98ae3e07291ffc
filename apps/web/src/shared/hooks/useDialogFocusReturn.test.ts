// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useDialogFocusReturn } from './useDialogFocusReturn';

/** The page: the button that opens the dialog, a search box beside it, a field inside the dialog. */
let opener: HTMLButtonElement;
let search: HTMLInputElement;
let field: HTMLInputElement;

beforeEach(() => {
  document.body.innerHTML = '<button id="opener">新建用户</button><input id="search"><div role="dialog"><input id="field"></div>';
  opener = document.querySelector('#opener')!;
  search = document.querySelector('#search')!;
  field = document.querySelector('#field')!;
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

/** Opens the dialog from the focused opener, focus moves into it, then it is closed (a submit). */
function openAndClose() {
  opener.focus();
  const hook = renderHook(({ open }) => useDialogFocusReturn(open), { initialProps: { open: false } });
  hook.rerender({ open: true });
  field.focus();
  hook.rerender({ open: false });
  return hook;
}

const key = (type: 'keydown' | 'keyup', name: string) => window.dispatchEvent(new KeyboardEvent(type, { key: name }));

describe('useDialogFocusReturn', () => {
  it('tells antd not to move focus itself', () => {
    const { result } = renderHook(() => useDialogFocusReturn(false));
    expect(result.current.focusTriggerAfterClose).toBe(false);
  });

  it('returns focus to the opener when nobody moved it while the dialog closed', () => {
    const { result } = openAndClose();
    act(() => result.current.afterClose());
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus to the opener when it was lost with the dialog (on <body>)', () => {
    const { result } = openAndClose();
    field.remove();
    expect(document.activeElement).toBe(document.body);
    act(() => result.current.afterClose());
    expect(document.activeElement).toBe(opener);
  });

  it('leaves focus where the user moved it while the dialog faded out', () => {
    const { result } = openAndClose();
    search.focus();
    act(() => result.current.afterClose());
    expect(document.activeElement).toBe(search);
  });

  it('waits for a held Enter to be released, so its repeat cannot press the opener', () => {
    const { result } = openAndClose();
    key('keydown', 'Enter');
    act(() => result.current.afterClose());
    expect(document.activeElement).toBe(field);
    key('keydown', 'Enter'); // auto-repeat
    expect(document.activeElement).toBe(field);
    key('keyup', 'Enter');
    expect(document.activeElement).toBe(opener);
  });

  it('does nothing when the opener has left the page (a deleted row)', () => {
    const { result } = openAndClose();
    opener.remove();
    act(() => result.current.afterClose());
    expect(document.activeElement).toBe(field);
  });

  it('knows the opener of a dialog mounted open', () => {
    opener.focus();
    const hook = renderHook(({ open }) => useDialogFocusReturn(open), { initialProps: { open: true } });
    field.focus();
    hook.rerender({ open: false });
    act(() => hook.result.current.afterClose());
    expect(document.activeElement).toBe(opener);
  });
});
