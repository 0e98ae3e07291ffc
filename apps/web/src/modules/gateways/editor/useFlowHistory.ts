import { useCallback, useReducer } from 'react';
import type { FlowDocument } from '@smartdata/domain';

/**
 * The document with undo and redo. A change with a `group` (typing in one field of one node)
 * joins the previous change of the same group, so undo takes back the whole edit of a field,
 * not one character.
 */
interface HistoryState {
  past: FlowDocument[];
  present: FlowDocument;
  future: FlowDocument[];
  group: string | null;
}

type Action = { type: 'set'; doc: FlowDocument; group?: string } | { type: 'reset'; doc: FlowDocument } | { type: 'undo' } | { type: 'redo' };

const LIMIT = 100;

export function historyReducer(state: HistoryState, action: Action): HistoryState {
  switch (action.type) {
    case 'set':
      if (action.doc === state.present) {
        return state;
      }
      if (action.group && action.group === state.group) {
        return { ...state, present: action.doc, future: [] };
      }
      return { past: [...state.past, state.present].slice(-LIMIT), present: action.doc, future: [], group: action.group ?? null };
    case 'reset':
      return { past: [], present: action.doc, future: [], group: null };
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      return previous ? { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future], group: null } : state;
    }
    case 'redo': {
      const next = state.future[0];
      return next ? { past: [...state.past, state.present], present: next, future: state.future.slice(1), group: null } : state;
    }
  }
}

export function useFlowHistory(initial: FlowDocument) {
  const [state, dispatch] = useReducer(historyReducer, { past: [], present: initial, future: [], group: null });
  return {
    doc: state.present,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    set: useCallback((doc: FlowDocument, group?: string) => dispatch({ type: 'set', doc, group }), []),
    reset: useCallback((doc: FlowDocument) => dispatch({ type: 'reset', doc }), []),
    undo: useCallback(() => dispatch({ type: 'undo' }), []),
    redo: useCallback(() => dispatch({ type: 'redo' }), []),
  };
}
