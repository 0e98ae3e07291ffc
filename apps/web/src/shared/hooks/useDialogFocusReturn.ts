import { useEffect, useRef, useState } from 'react';

/** Keys whose press activates a focused button (Enter on keypress, Space on keyup). */
const ACTIVATING_KEYS = new Set(['Enter', ' ']);

function activeElement(): Element | null {
  return typeof document === 'undefined' ? null : document.activeElement;
}

interface FocusMarks {
  open: boolean;
  /** What had focus when the dialog opened: the button or link that opened it, as a rule. */
  opener: Element | null;
  /** What had focus when the dialog began to close: a field or button inside it, or <body>. */
  atClose: Element | null;
}

/**
 * Where focus goes once an antd <Modal> has closed. antd (rc-dialog) focuses the element that
 * opened the dialog at the end of its closing animation, wherever focus is by then. A user who has
 * moved on while it faded (clicked the search box and started typing) has focus taken back to the
 * opener, and the Enter that was meant for the search box opens the dialog again, empty (issue 23:
 * submit "新建用户" with Enter, type a search, press Enter → a new "新建用户" dialog).
 *
 * This returns focus to the opener only when nobody has moved it since the dialog began to close
 * (it is still where it was, or on <body> because the dialog's content went away) and the opener is
 * still in the page; and not while Enter or Space is held down (its auto-repeat would activate the
 * opener and reopen the dialog): then on that key's release. Spread the result on the <Modal>:
 *
 *   const focusReturn = useDialogFocusReturn(open);
 *   <Modal open={open} {...focusReturn} …>
 */
export function useDialogFocusReturn(open: boolean): { focusTriggerAfterClose: false; afterClose: () => void } {
  // Read while rendering the change of `open`: that render runs in the event handler that opened
  // or closed the dialog, before the dialog (or anyone) has moved focus.
  const [marks, setMarks] = useState<FocusMarks>(() => ({ open, opener: open ? activeElement() : null, atClose: null }));
  if (marks.open !== open) {
    setMarks(open ? { open, opener: activeElement(), atClose: null } : { open, opener: marks.opener, atClose: activeElement() });
  }

  // The activating keys held down right now (keydown without its keyup yet).
  const held = useRef(new Set<string>());
  const pendingRelease = useRef<(() => void) | null>(null);
  useEffect(() => {
    const keys = held.current;
    const down = (event: KeyboardEvent) => {
      if (ACTIVATING_KEYS.has(event.key)) {
        keys.add(event.key);
      }
    };
    const up = (event: KeyboardEvent) => {
      keys.delete(event.key);
      if (keys.size === 0 && pendingRelease.current) {
        const returnFocus = pendingRelease.current;
        pendingRelease.current = null;
        returnFocus();
      }
    };
    // A key released in another window or tab never sends its keyup here.
    const forget = () => keys.clear();
    window.addEventListener('keydown', down, true);
    window.addEventListener('keyup', up, true);
    window.addEventListener('blur', forget);
    return () => {
      window.removeEventListener('keydown', down, true);
      window.removeEventListener('keyup', up, true);
      window.removeEventListener('blur', forget);
      pendingRelease.current = null;
    };
  }, []);

  const afterClose = () => {
    const { opener, atClose } = marks;
    if (!(opener instanceof HTMLElement)) {
      return;
    }
    const returnFocus = () => {
      const active = activeElement();
      const untouched = active === null || active === document.body || active === atClose;
      if (untouched && opener.isConnected) {
        opener.focus({ preventScroll: true });
      }
    };
    if (held.current.size === 0) {
      returnFocus();
    } else {
      pendingRelease.current = returnFocus;
    }
  };

  return { focusTriggerAfterClose: false, afterClose };
}
