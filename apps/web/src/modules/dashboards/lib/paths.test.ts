import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { flattenRoutes } from '@/shared/routing/routeAccess';
import { routeTable } from '@/app/router/routeTable';
import { dashboardsRoutes } from '../routes';
import { dashboardPaths } from './paths';

describe('links to the dashboards pages', () => {
  const patterns = Object.keys(dashboardsRoutes);
  const matches = (path: string) => patterns.filter((pattern) => matchPath(pattern, path.split('?')[0]!) !== null);

  it('every registered page is a route of the route table, full-screen ones marked so', () => {
    const table = new Map(flattenRoutes(routeTable).map((route) => [route.def.path, route.def]));
    for (const pattern of patterns) {
      expect(table.has(pattern), pattern).toBe(true);
    }
    for (const path of ['/showdashboard/:boardId', '/big_screen/:boardPlayId', '/dashboardmarquee/:boardPlayId', '/editblankboard/:boardId/:boardName/:boardType']) {
      expect(table.get(path)?.fullscreen, path).toBe(true);
    }
  });

  it('each link lands on exactly one page, names encoded', () => {
    const grid = { id: 3, name: '一号 车间/总览', nodeId: 40, boardType: 'grid' as const };
    expect(matches(dashboardPaths.edit(grid))).toEqual(['/smartdata/dashboard3/EditBoard/:boardId/:boardName/:id']);
    expect(matchPath('/smartdata/dashboard3/EditBoard/:boardId/:boardName/:id', dashboardPaths.edit(grid))?.params).toMatchObject({ boardId: '3', id: '40' });
    expect(matches(dashboardPaths.edit({ ...grid, boardType: 'bigScreen' }))).toEqual(['/editblankboard/:boardId/:boardName/:boardType']);
    expect(matches(dashboardPaths.view(3))).toEqual(['/smartdata/currentshowdashboard/:boardId']);
    expect(matches(dashboardPaths.fullscreen(3))).toEqual(['/showdashboard/:boardId']);
    expect(matches(dashboardPaths.config('new', 'energy'))).toEqual(['/smartdata/boardconfig/:boardId/:templateCode']);
    expect(matches(dashboardPaths.carouselConfig(9))).toEqual(['/smartdata/configboardplay/:boardPlayId']);
    expect(matches(dashboardPaths.bigScreen(9))).toEqual(['/big_screen/:boardPlayId']);
    expect(matches(dashboardPaths.marquee(9))).toEqual(['/dashboardmarquee/:boardPlayId']);
    expect(matches(dashboardPaths.playgroundConfig(9))).toEqual(['/test/boarddisplayconfig/:boardPlayId']);
  });
});
