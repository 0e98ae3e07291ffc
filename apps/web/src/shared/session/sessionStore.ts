import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { CompanySummary, CurrentUser } from '@smartdata/domain';

/**
 * The session (spec §4): token and current user stored locally, with the current company and the
 * flag telling that this session's routes were generated from the user's menu codes.
 */
export interface SessionState {
  token: string | null;
  user: CurrentUser | null;
  company: CompanySummary | null;
  /** Routes were generated for this session (the user and menu codes were loaded). */
  accessRoutes: boolean;
  /** The user signed out on purpose (not persisted): /login then gets no redirect target. */
  signedOut: boolean;
  setToken: (token: string) => void;
  /** Stores the user and their current company; routes are generated from user.menuCode. */
  setUser: (user: CurrentUser) => void;
  setAccessRoutes: (generated: boolean) => void;
  markNoticeAgreed: (version: string) => void;
  /** The server answered 40330: the current notice is not agreed (a new version) — the guard shows it. */
  markNoticeRequired: () => void;
  /** Forgets token, user, company and the access-route flag (invalid token). */
  clear: () => void;
  /** Logout: clears the session like `clear` and marks it as ended by the user. */
  signOut: () => void;
}

export const SESSION_STORAGE_KEY = 'smartdata-session';

const memory = new Map<string, string>();
const memoryStorage: StateStorage = {
  getItem: (name) => memory.get(name) ?? null,
  setItem: (name, value) => void memory.set(name, value),
  removeItem: (name) => void memory.delete(name),
};

/** localStorage in the browser; memory where there is none (unit tests under Node). */
function safeLocalStorage(): StateStorage {
  return typeof localStorage === 'undefined' ? memoryStorage : localStorage;
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      company: null,
      accessRoutes: false,
      signedOut: false,
      setToken: (token) => set({ token, signedOut: false }),
      setUser: (user) => set({ user, company: user.company }),
      setAccessRoutes: (accessRoutes) => set({ accessRoutes }),
      markNoticeAgreed: (version) =>
        set((state) => (state.user ? { user: { ...state.user, notice: { version, agreed: true } } } : {})),
      markNoticeRequired: () =>
        set((state) => (state.user?.notice.agreed ? { user: { ...state.user, notice: { ...state.user.notice, agreed: false } } } : {})),
      clear: () => set({ token: null, user: null, company: null, accessRoutes: false }),
      signOut: () => set({ token: null, user: null, company: null, accessRoutes: false, signedOut: true }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(safeLocalStorage),
      partialize: ({ token, user, company, accessRoutes }) => ({ token, user, company, accessRoutes }),
    },
  ),
);

/** The user's permission codes (menuCode entries), as a set for route filtering. */
export function menuCodesOf(user: CurrentUser | null): ReadonlySet<string> {
  return new Set((user?.menuCode ?? []).map((entry) => entry.code));
}
