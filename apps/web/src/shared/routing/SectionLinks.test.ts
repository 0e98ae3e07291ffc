import { describe, expect, it } from 'vitest';
import type { RouteGroup } from './types';
import { sectionPages } from './SectionLinks';

const Page = () => null;
const l = (text: string) => ({ 'zh-CN': text, 'en-US': text });

const maintenance: RouteGroup = {
  path: '/systemMaintenance',
  permission: 'system_maintenance',
  title: l('系统维护'),
  icon: 'maintenance',
  children: [
    { path: '/systemMaintenance/log', permission: 'sys_m_log', title: l('操作日志'), element: Page },
    { path: '/systemMaintenance/systemuser', permission: 'system_user', title: l('系统用户'), hidden: true, element: Page },
    { path: '/systemMaintenance/systemwhiteip', permission: 'system_white_ip', title: l('IP 白名单'), hidden: true, element: Page },
    { path: '/systemMaintenance/systemquartz', permission: 'system_quartz', title: l('调度任务'), hidden: true },
    { path: '/systemMaintenance/detail/:id', permission: 'sys_m_log', title: l('详情'), hidden: true, element: Page },
  ],
};

describe('links between the pages of a group', () => {
  it('lists hidden pages too, when they exist and the user holds their code', () => {
    const codes = new Set(['system_maintenance', 'sys_m_log', 'system_white_ip', 'system_quartz']);
    expect(sectionPages(maintenance, codes).map((page) => page.path)).toEqual(['/systemMaintenance/log', '/systemMaintenance/systemwhiteip']);
  });

  it('lists nothing without the group code', () => {
    expect(sectionPages(maintenance, new Set(['sys_m_log', 'system_user']))).toEqual([]);
  });
});
