import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ConsoleRouteHandle } from './consoleElements';
import { moduleRoutes } from './moduleRoutes';
import { publicPages } from './publicPages';
import { flattenRoutes } from '@/shared/routing/routeMatch';
import { buildRouteObjects } from './router';
import { routeTable } from './routeTable';
import { isRouteGroup } from '@/shared/routing/types';

function objects(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [route, ...objects(route.children ?? [])]);
}

const table = flattenRoutes(routeTable);
const built = objects(buildRouteObjects());

describe('the router built from the bare route table', () => {
  it('gives every public route its page (sign-in from auth, certificate verification from gas), the same one moduleRoutes registers', () => {
    const publicRoutes = table.filter((route) => route.def.public);
    expect(publicRoutes.map((route) => route.def.path)).toEqual(['/login', '/verify/:code']);
    for (const route of publicRoutes) {
      expect(publicPages[route.def.path]).toBeDefined();
      expect(publicPages[route.def.path]).toBe(moduleRoutes[route.def.path]);
    }
  });

  it('declares every route and group of the table once; console routes carry their table route', () => {
    const paths = built.map((route) => route.path).filter((path): path is string => path !== undefined);
    for (const route of table) {
      expect(paths.filter((path) => path === route.def.path), route.def.path).toHaveLength(1);
      const object = built.find((candidate) => candidate.path === route.def.path);
      const handle = object?.handle as ConsoleRouteHandle | undefined;
      expect(handle?.consoleRoute.def.path ?? null, route.def.path).toBe(route.def.public ? null : route.def.path);
    }
    for (const group of routeTable.filter(isRouteGroup)) {
      expect(paths.filter((path) => path === group.path), group.path).toHaveLength(1);
    }
  });
});
