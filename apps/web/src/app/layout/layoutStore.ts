import { create } from 'zustand';
import { readCookie, writeCookie } from '@/shared/utils/cookie';

/** Cookie holding the sidebar state (spec §2): `1` opened, `0` collapsed. */
export const SIDEBAR_COOKIE = 'sidebarStatus';

interface LayoutState {
  sidebarOpened: boolean;
  /** The drawer menu of mobile mode. */
  mobileMenuOpen: boolean;
  toggleSidebar: () => void;
  setMobileMenuOpen: (open: boolean) => void;
}

export const useLayoutStore = create<LayoutState>()((set) => ({
  sidebarOpened: readCookie(SIDEBAR_COOKIE) !== '0',
  mobileMenuOpen: false,
  toggleSidebar: () =>
    set((state) => {
      const sidebarOpened = !state.sidebarOpened;
      writeCookie(SIDEBAR_COOKIE, sidebarOpened ? '1' : '0');
      return { sidebarOpened };
    }),
  setMobileMenuOpen: (mobileMenuOpen) => set({ mobileMenuOpen }),
}));
