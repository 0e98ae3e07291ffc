import { create } from 'zustand';
import { useSessionStore } from '@/shared/session/sessionStore';
import { closeAllTabs, closeOtherTabs, closeTab, openTab, type VisitedTab } from './tabs';

interface TabsState {
  tabs: VisitedTab[];
  /** Bumped by refresh: a new value re-mounts the page kept alive for that path. */
  versions: Record<string, number>;
  open: (tab: VisitedTab) => void;
  close: (path: string) => void;
  closeOthers: (path: string) => void;
  closeAll: () => void;
  refresh: (path: string) => void;
  reset: () => void;
}

export const useTabsStore = create<TabsState>()((set) => ({
  tabs: [],
  versions: {},
  open: (tab) => set((state) => ({ tabs: openTab(state.tabs, tab) })),
  close: (path) => set((state) => ({ tabs: closeTab(state.tabs, path) })),
  closeOthers: (path) => set((state) => ({ tabs: closeOtherTabs(state.tabs, path) })),
  closeAll: () => set((state) => ({ tabs: closeAllTabs(state.tabs) })),
  refresh: (path) => set((state) => ({ versions: { ...state.versions, [path]: (state.versions[path] ?? 0) + 1 } })),
  reset: () => set({ tabs: [], versions: {} }),
}));

// A new session starts with no visited pages.
useSessionStore.subscribe((state, previous) => {
  if (previous.token && !state.token) {
    useTabsStore.getState().reset();
  }
});
