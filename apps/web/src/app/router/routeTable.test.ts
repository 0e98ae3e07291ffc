import { describe, expect, it } from 'vitest';
import { allPermissionCodes, NO_PERMISSION } from '@smartdata/domain';
import { flattenRoutes, unknownRegistrations } from '@/shared/routing/routeAccess';
import { moduleRoutes } from './moduleRoutes';
import { routeTable } from './routeTable';
import { isRouteGroup } from '@/shared/routing/types';

const flat = flattenRoutes(routeTable);
const byPath = new Map(flat.map((route) => [route.def.path, route]));

describe('the route table (spec §2, §6)', () => {
  it('uses only known permission codes or none', () => {
    const known = new Set([...allPermissionCodes, NO_PERMISSION]);
    const groups = routeTable.filter(isRouteGroup);
    for (const entry of [...flat.map((route) => route.def), ...groups]) {
      expect(known.has(entry.permission), `${entry.path}: ${entry.permission}`).toBe(true);
    }
  });

  it('declares every path once, with both titles', () => {
    const paths = flat.map((route) => route.def.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const { def } of flat) {
      expect(def.title['zh-CN'], def.path).not.toBe('');
      expect(def.title['en-US'], def.path).not.toBe('');
    }
  });

  it('holds the groups and pages of spec §2', () => {
    const groups = routeTable.filter(isRouteGroup).map((group) => group.path);
    expect(groups).toEqual(
      expect.arrayContaining(['/smartdata', '/taskmanagement', '/cloudSurveillance', '/sysSetting', '/userManagement', '/user', '/systemMaintenance', '/test', '/sales', '/production', '/inventory', '/device', '/gas']),
    );
    for (const path of [
      '/smartdata/datacapsule',
      '/smartdata/ChildValue/:objId/:itemId/:itemName/:parentItemId/:parentObjId/:recordId/:parentName/:filterList/:parentTitleColumn',
      '/smartdata/electricMeterConfig/:electricMeterId/:electricMeterName',
      '/dashboardmarquee/:boardPlayId',
      '/big_screen/:boardPlayId',
      '/intelligentrules/AddRule',
      '/taskmanagement/executabletask/ExecutableTaskConfig/:taskId/:accessMode',
      '/cloudSurveillance/dataUpdate',
      '/sysSetting/ioSocket',
      '/userManagement/role',
      '/user/myassignmentanze',
      '/systemMaintenance/systemwhiteip',
      '/test/boarddisplayconfig/:boardPlayId',
    ]) {
      expect(byPath.has(path), path).toBe(true);
    }
    expect(byPath.get('/systemMaintenance/systemquartz')?.def.hidden).toBe(true);
    expect(byPath.get('/smartdata/Doctemplate')?.def.hidden).toBe(true);
  });

  it('needs no code for home and user info, and keeps /home a fixed, uncached tab', () => {
    expect(byPath.get('/user/userinfo')?.def.permission).toBe(NO_PERMISSION);
    expect(byPath.get('/user/userinfo')?.group?.permission).toBe(NO_PERMISSION);
    const home = byPath.get('/home')?.def;
    expect(home).toMatchObject({ permission: NO_PERMISSION, affix: true, noCache: true });
  });

  it('has /login and the certificate verification page as its only public routes', () => {
    // Spec §2 names /login alone; issue 20 adds /verify/:code, which a gas certificate's QR code
    // opens for anyone (its key facts and state only, docs/gas.md).
    expect(flat.filter((route) => route.def.public).map((route) => route.def.path)).toEqual(['/login', '/verify/:code']);
  });

  it('has a route for every page a module registers', () => {
    expect(unknownRegistrations(routeTable, moduleRoutes)).toEqual([]);
  });
});
