import { describe, expect, it } from 'vitest';
import { NO_PERMISSION } from '@smartdata/domain';
import {
  accessibleRoutes,
  attachElements,
  buildMenu,
  documentTitle,
  firstPermittedPath,
  flattenRoutes,
  matchRoute,
  permittedSections,
  unknownRegistrations,
} from './routeAccess';
import type { ModuleRoutes, RouteEntry, RouteGroup } from './types';

const Page = () => null;
const l = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

const table: RouteEntry[] = [
  { path: '/home', permission: NO_PERMISSION, title: l('首页', 'Home'), affix: true, noCache: true },
  {
    path: '/tasks',
    permission: 'smart_assignment',
    title: l('智能任务', 'Intelligent tasks'),
    icon: 'tasks',
    children: [
      { path: '/tasks/rules', permission: 'sa_rules', title: l('智能规则', 'Intelligent rules') },
      { path: '/tasks/define', permission: 'sa_task_define', title: l('任务定义', 'Task definitions') },
      { path: '/tasks/define/config/:taskId', permission: 'sa_task_define', title: l('任务配置', 'Task settings'), hidden: true },
    ],
  },
  {
    path: '/user',
    permission: NO_PERMISSION,
    title: l('个人中心', 'Personal center'),
    icon: 'personal',
    children: [{ path: '/user/userinfo', permission: NO_PERMISSION, title: l('个人信息', 'My profile') }],
  },
  { path: '/showdashboard/:boardId', permission: 'sd_board', title: l('看板展示', 'Dashboard view'), hidden: true, fullscreen: true },
];

const pages: ModuleRoutes = {
  '/home': Page,
  '/tasks/define': Page,
  '/tasks/define/config/:taskId': Page,
  '/showdashboard/:boardId': Page,
};

const resolved = attachElements(table, pages);
const codes = (...list: string[]) => new Set(list);

describe('route filtering by menu codes', () => {
  it('shows a route whose permission is none or among the codes, and only when its page exists', () => {
    const paths = accessibleRoutes(resolved, codes('smart_assignment', 'sa_task_define', 'sa_rules')).map((r) => r.def.path);
    // /tasks/rules is permitted but no module registered it; /user/userinfo likewise.
    expect(paths).toEqual(['/home', '/tasks/define', '/tasks/define/config/:taskId']);
  });

  it('needs the group code as well as the page code', () => {
    const paths = accessibleRoutes(resolved, codes('sa_task_define')).map((r) => r.def.path);
    expect(paths).toEqual(['/home']);
  });

  it('gives a user without codes only the pages that need none', () => {
    expect(accessibleRoutes(resolved, codes()).map((r) => r.def.path)).toEqual(['/home']);
  });

  it('builds the menu from visible pages, grouped, leaving out hidden pages and empty groups', () => {
    const menu = buildMenu(resolved, codes('smart_assignment', 'sa_task_define', 'sa_rules', 'sd_board'));
    expect(menu).toEqual([
      { path: '/home', title: l('首页', 'Home'), icon: undefined },
      {
        path: '/tasks',
        title: l('智能任务', 'Intelligent tasks'),
        icon: 'tasks',
        children: [{ path: '/tasks/define', title: l('任务定义', 'Task definitions'), icon: undefined }],
      },
    ]);
  });

  it('leads a group to its first permitted page without parameters', () => {
    const group = resolved[1] as RouteGroup;
    expect(firstPermittedPath(group, codes('smart_assignment', 'sa_task_define'))).toBe('/tasks/define');
    expect(firstPermittedPath(group, codes('smart_assignment'))).toBeNull();
  });

  it('lists the sections the user can enter for the home cards', () => {
    expect(permittedSections(resolved, codes('smart_assignment', 'sa_task_define')).map((s) => [s.group.path, s.path])).toEqual([
      ['/tasks', '/tasks/define'],
    ]);
    expect(permittedSections(resolved, codes())).toEqual([]);
  });

  it('reports registrations for paths the table does not declare', () => {
    expect(unknownRegistrations(table, { ...pages, '/nowhere': Page })).toEqual(['/nowhere']);
  });
});

describe('matching and titles', () => {
  const flat = flattenRoutes(resolved);

  it('matches a pathname to its pattern with parameters', () => {
    const matched = matchRoute(flat, '/tasks/define/config/42');
    expect(matched?.def.path).toBe('/tasks/define/config/:taskId');
    expect(matched?.group?.path).toBe('/tasks');
    expect(matched?.params).toEqual({ taskId: '42' });
  });

  it('does not match unknown or differently cased paths', () => {
    expect(matchRoute(flat, '/nothing')).toBeNull();
    expect(matchRoute(flat, '/Home')).toBeNull();
  });

  it('builds "<route title> - <product title>" in the current language', () => {
    expect(documentTitle(l('首页', 'Home'), 'zh-CN')).toBe('首页 - 智慧数据平台');
    expect(documentTitle(l('首页', 'Home'), 'en-US')).toBe('Home - SmartData Console');
    expect(documentTitle(null, 'en-US')).toBe('SmartData Console');
  });
});
