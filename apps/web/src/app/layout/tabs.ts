/**
 * The tab bar of visited pages (spec §2), as pure functions over the list of tabs. A tab is one
 * pathname; fixed (affix) tabs cannot be closed.
 */
export interface VisitedTab {
  /** Pathname, the tab's identity (`/smartdata/formpage/1/a/2`). */
  path: string;
  /** Pathname with query, where a click on the tab leads. */
  fullPath: string;
  /** The route-table pattern the path matched (title lookup). */
  routePath: string;
  affix: boolean;
}

/** Adds a visited page, or updates its query when it is already open. */
export function openTab(tabs: VisitedTab[], tab: VisitedTab): VisitedTab[] {
  const index = tabs.findIndex((existing) => existing.path === tab.path);
  if (index === -1) {
    return [...tabs, tab];
  }
  if (tabs[index].fullPath === tab.fullPath) {
    return tabs;
  }
  return tabs.map((existing, i) => (i === index ? { ...existing, fullPath: tab.fullPath } : existing));
}

export function closeTab(tabs: VisitedTab[], path: string): VisitedTab[] {
  return tabs.filter((tab) => tab.affix || tab.path !== path);
}

export function closeOtherTabs(tabs: VisitedTab[], path: string): VisitedTab[] {
  return tabs.filter((tab) => tab.affix || tab.path === path);
}

export function closeAllTabs(tabs: VisitedTab[]): VisitedTab[] {
  return tabs.filter((tab) => tab.affix);
}

/**
 * Where to go after closing the active tab: the tab that took its place on the right, else the
 * one on its left.
 */
export function tabAfterClosing(before: VisitedTab[], after: VisitedTab[], closedPath: string): VisitedTab | null {
  const index = before.findIndex((tab) => tab.path === closedPath);
  if (after.length === 0) {
    return null;
  }
  return after[Math.min(Math.max(index, 0), after.length - 1)] ?? after[after.length - 1];
}
