import { describe, expect, it } from 'vitest';
import { itemGroupPath, itemSettingsPath, recordsPath } from './nodeLinks';
import { grantsToSend, putGrant, sortGrants } from './grants';

describe('links from the cabin', () => {
  it('fill the records route of spec §2', () => {
    const item = { id: 12, name: '温度 记录', refId: 5, extra: { itemKind: 10 } };
    expect(recordsPath(item, { id: 3, name: '车间/一' })).toBe('/smartdata/datavalue/5/%E6%B8%A9%E5%BA%A6%20%E8%AE%B0%E5%BD%95/10/12/3/%E8%BD%A6%E9%97%B4%2F%E4%B8%80');
    expect(recordsPath(item, null)).toBe('/smartdata/datavalue/5/%E6%B8%A9%E5%BA%A6%20%E8%AE%B0%E5%BD%95/10/12/0/-');
  });

  it('fill the settings and item group routes', () => {
    expect(itemSettingsPath({ itemId: 5, name: 'Line_1', nodeId: 12 })).toBe('/smartdata/dataitem/config/5/Line_1/12');
    expect(itemGroupPath(7)).toBe('/smartdata/itemgroup/config/7');
  });
});

describe('grants in the permission dialog', () => {
  it('keep one grant per target, sorted company, groups, members', () => {
    let rows = putGrant([], { scope: 'user', targetId: 9, targetName: '王工', level: 'read' });
    rows = putGrant(rows, { scope: 'group', targetId: 2, targetName: '巡检组', level: 'readWrite' });
    rows = putGrant(rows, { scope: 'company', targetId: 1, targetName: '', level: 'none' });
    rows = putGrant(rows, { scope: 'group', targetId: 2, targetName: '巡检组', level: 'admin' });
    expect(rows.map((r) => [r.scope, r.targetId, r.level])).toEqual([
      ['company', 1, 'none'],
      ['group', 2, 'admin'],
      ['user', 9, 'read'],
    ]);
    expect(sortGrants(rows)).toEqual(rows);
  });

  it('send the company grant without a target id', () => {
    expect(
      grantsToSend([
        { scope: 'company', targetId: 1, targetName: '', level: 'none' },
        { scope: 'group', targetId: 2, targetName: 'g', level: 'read' },
      ]),
    ).toEqual([
      { scope: 'company', level: 'none' },
      { scope: 'group', targetId: 2, level: 'read' },
    ]);
  });
});
