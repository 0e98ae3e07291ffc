import { describe, expect, it } from 'vitest';
import { closeAllTabs, closeOtherTabs, closeTab, openTab, tabAfterClosing, type VisitedTab } from './tabs';

const tab = (path: string, affix = false): VisitedTab => ({ path, fullPath: path, routePath: path, affix });
const home = tab('/home', true);

describe('visited-page tabs', () => {
  it('adds a page once and updates its query', () => {
    let tabs = openTab([home], tab('/a'));
    tabs = openTab(tabs, tab('/a'));
    expect(tabs.map((t) => t.path)).toEqual(['/home', '/a']);
    tabs = openTab(tabs, { ...tab('/a'), fullPath: '/a?x=1' });
    expect(tabs[1].fullPath).toBe('/a?x=1');
  });

  it('never closes a fixed tab', () => {
    const tabs = [home, tab('/a'), tab('/b')];
    expect(closeTab(tabs, '/home').map((t) => t.path)).toEqual(['/home', '/a', '/b']);
    expect(closeTab(tabs, '/a').map((t) => t.path)).toEqual(['/home', '/b']);
    expect(closeOtherTabs(tabs, '/b').map((t) => t.path)).toEqual(['/home', '/b']);
    expect(closeAllTabs(tabs).map((t) => t.path)).toEqual(['/home']);
  });

  it('moves to the neighbour after closing the active tab', () => {
    const before = [home, tab('/a'), tab('/b'), tab('/c')];
    expect(tabAfterClosing(before, closeTab(before, '/b'), '/b')?.path).toBe('/c');
    expect(tabAfterClosing(before, closeTab(before, '/c'), '/c')?.path).toBe('/b');
    expect(tabAfterClosing([tab('/a')], [], '/a')).toBeNull();
  });
});
