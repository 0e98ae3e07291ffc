import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { GroupsRepository } from '../groups/groups.repository';
import { CabinRepository } from './cabin.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;
interface Person {
  api: Api;
  userId: number;
  companyId: number;
}

/** A member of a company holding `codes` (the data cabin code by default). */
async function person(app: FastifyInstance, companyId?: number, codes: string[] = ['sd_capsule']): Promise<Person> {
  const user = await createCompanyUser(app, { codes, companyId });
  return { api: as(app, await signIn(app, user.userName, user.password)), userId: user.userId, companyId: user.companyId };
}
/** A company administrator (um_role): admin of every node. */
const companyAdmin = (app: FastifyInstance, companyId?: number) => person(app, companyId, ['sd_capsule', 'um_role']);

const post = (api: Api, url: string, payload: unknown, headers: Record<string, string> = {}) => api({ method: 'POST', url: `/general/cabin/${url}`, payload: payload as object, headers });
const get = (api: Api, url: string) => api({ method: 'GET', url: `/general/cabin/${url}` });
const en = { 'accept-language': 'en-US' };

async function addDir(api: Api, name: string, parentId: number | null = null): Promise<number> {
  const answer = body(await post(api, 'addDirectory', { parentId, name }));
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.id as number;
}

async function addItem(api: Api, directoryId: number, name: string): Promise<{ id: number; nodeId: number }> {
  const answer = body(
    await api({
      method: 'POST',
      url: '/general/dataItem/addDataItem',
      payload: { directoryId, name, kind: 10, fields: [{ name: '温度', fieldName: 'temperature', type: 1, unit: '℃', priority: 1 }] },
    }),
  );
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  const detail = body(await api({ url: `/general/dataItem/getDataItem?id=${answer.data.id}` })).data;
  return { id: answer.data.id, nodeId: detail.nodeId };
}

interface TreeNode {
  id: number;
  parentId: number | null;
  kind: string;
  name: string;
  level: string;
  refId: number | null;
  extra: Record<string, unknown>;
  children: TreeNode[];
}

async function tree(api: Api): Promise<TreeNode[]> {
  const answer = body(await get(api, 'getTree'));
  expect(answer.code).toBe(0);
  return answer.data as TreeNode[];
}

function flatten(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

const find = async (api: Api, id: number) => flatten(await tree(api)).find((n) => n.id === id);

async function setPermission(api: Api, nodeId: number, mode: 'default' | 'custom', grants: { scope: string; targetId?: number; level: string }[] = []) {
  return body(await post(api, 'setPermission', { nodeId, mode, grants }));
}

describe('tree: create, rename, move, copy, delete', () => {
  it('builds a nested tree; parentId null or absent is the root', async () => {
    const admin = await companyAdmin(t.app);
    const plant = await addDir(admin.api, '一号工厂');
    const absent = body(await post(admin.api, 'addDirectory', { name: 'Line B' }));
    expect(absent.code).toBe(0);
    const line = await addDir(admin.api, 'Line A', plant);
    const item = await addItem(admin.api, line, '温度记录');
    const roots = await tree(admin.api);
    expect(roots.map((n) => n.name)).toEqual(['一号工厂', 'Line B']);
    expect(roots[0]).toMatchObject({ id: plant, kind: 'directory', parentId: null, level: 'admin', mode: 'default' });
    expect(roots[0]!.children[0]).toMatchObject({ id: line, parentId: plant, name: 'Line A' });
    expect(roots[0]!.children[0]!.children[0]).toMatchObject({ id: item.nodeId, kind: 'dataItem', refId: item.id, name: '温度记录', extra: { itemKind: 10 } });
  });

  it('checks directory names: required, at most 25 characters, no percent sign, unique among siblings', async () => {
    const admin = await companyAdmin(t.app);
    expect(body(await post(admin.api, 'addDirectory', { parentId: null, name: '  ' }))).toEqual({ code: 50001, msg: '验证失败', data: '名称不能为空' });
    expect(body(await post(admin.api, 'addDirectory', { parentId: null, name: 'd'.repeat(26) }, en)).data).toBe('A directory name can have at most 25 characters');
    expect(body(await post(admin.api, 'addDirectory', { parentId: null, name: '50% done' }, en)).data).toBe('A directory name cannot contain %');
    const ok = await addDir(admin.api, '目'.repeat(25));
    expect(ok).toBeGreaterThan(0);
    const taken = await post(admin.api, 'addDirectory', { parentId: null, name: '目'.repeat(25) });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).code).toBe(40900);
    // The same name under another parent is fine.
    expect(await addDir(admin.api, '目'.repeat(25), ok)).toBeGreaterThan(0);
    // A directory cannot go under a data item.
    const item = await addItem(admin.api, ok, 'Item A');
    expect(body(await post(admin.api, 'addDirectory', { parentId: item.nodeId, name: 'x' })).code).toBe(50001);
  });

  it('renames with the rule of the node kind', async () => {
    const admin = await companyAdmin(t.app);
    const dir = await addDir(admin.api, 'Old');
    const item = await addItem(admin.api, dir, 'Meter data');
    expect(body(await post(admin.api, 'renameNode', { id: dir, name: 'New' })).code).toBe(0);
    expect(body(await post(admin.api, 'renameNode', { id: dir, name: 'a%b' })).code).toBe(50001);
    expect(body(await post(admin.api, 'renameNode', { id: dir, name: 'x'.repeat(26) })).code).toBe(50001);
    expect(body(await post(admin.api, 'renameNode', { id: item.nodeId, name: 'Meter#1' }, en))).toEqual({
      code: 50001,
      msg: 'Validation failed',
      data: 'A data item name cannot contain special characters (only letters, digits, spaces, underscores and hyphens)',
    });
    expect(body(await post(admin.api, 'renameNode', { id: item.nodeId, name: '电表 数据_1' })).code).toBe(0);
    expect((await find(admin.api, dir))?.name).toBe('New');
    const detail = body(await admin.api({ url: `/general/dataItem/getDataItem?id=${item.id}` })).data;
    expect(detail.name).toBe('电表 数据_1');
  });

  it('moves under another directory or the root, never into its own subtree', async () => {
    const admin = await companyAdmin(t.app);
    const a = await addDir(admin.api, 'A');
    const b = await addDir(admin.api, 'B', a);
    const c = await addDir(admin.api, 'C', b);
    const other = await addDir(admin.api, 'Other');
    const item = await addItem(admin.api, other, 'Readings');
    expect(body(await post(admin.api, 'moveNode', { id: a, parentId: c }, en))).toEqual({ code: 50001, msg: 'Validation failed', data: 'A node cannot be moved into itself or its own subtree' });
    expect(body(await post(admin.api, 'moveNode', { id: a, parentId: a })).code).toBe(50001);
    expect(body(await post(admin.api, 'moveNode', { id: a, parentId: item.nodeId })).code).toBe(50001);
    expect(body(await post(admin.api, 'moveNode', { id: c, parentId: other })).code).toBe(0);
    expect((await find(admin.api, c))?.parentId).toBe(other);
    expect(body(await post(admin.api, 'moveNode', { id: item.nodeId, parentId: a })).code).toBe(0);
    expect(body(await post(admin.api, 'moveNode', { id: b, parentId: null })).code).toBe(0);
    expect((await tree(admin.api)).some((n) => n.id === b)).toBe(true);
    // A same-named sibling at the destination is a conflict.
    const twin = await addDir(admin.api, 'B', other);
    expect(body(await post(admin.api, 'moveNode', { id: twin, parentId: null })).code).toBe(40900);
  });

  it('copies a directory with its sub-directories and data item definitions, not other kinds nor records', async () => {
    const admin = await companyAdmin(t.app);
    const source = await addDir(admin.api, 'Source');
    const sub = await addDir(admin.api, 'Sub', source);
    const item = await addItem(admin.api, sub, 'Flow');
    expect(body(await admin.api({ method: 'POST', url: '/general/dataItem/addRecord', payload: { itemId: item.id, values: { temperature: 21.5 } } })).code).toBe(0);
    // A node of a kind that a later module owns (a dashboard).
    const dashboardId = await new CabinRepository(t.app.platform.db).insertNode({ companyId: admin.companyId, parentId: source, kind: 'dashboard', name: 'Board', refId: null, sortOrder: 9, userId: admin.userId });
    const target = await addDir(admin.api, 'Target');

    const copied = body(await post(admin.api, 'copyNode', { id: source, parentId: target }));
    expect(copied.code).toBe(0);
    const copy = (await find(admin.api, copied.data.id))!;
    expect(copy).toMatchObject({ name: 'Source', parentId: target, kind: 'directory' });
    expect(copy.children.map((n) => [n.kind, n.name])).toEqual([['directory', 'Sub']]);
    const copiedItem = copy.children[0]!.children[0]!;
    expect(copiedItem).toMatchObject({ kind: 'dataItem', name: 'Flow' });
    expect(copiedItem.refId).not.toBe(item.id);
    const detail = body(await admin.api({ url: `/general/dataItem/getDataItem?id=${copiedItem.refId}` })).data;
    expect(detail.fields).toEqual(body(await admin.api({ url: `/general/dataItem/getDataItem?id=${item.id}` })).data.fields);
    expect(body(await admin.api({ url: `/general/dataItem/getRecords?itemId=${copiedItem.refId}` })).data.total).toBe(0);

    // Copying in place gives a free name; only directories and data items can be copied.
    expect(body(await post(admin.api, 'copyNode', { id: item.nodeId, parentId: sub })).code).toBe(0);
    expect((await find(admin.api, sub))!.children.map((n) => n.name).sort()).toEqual(['Flow', 'Flow-2']);
    expect(body(await post(admin.api, 'copyNode', { id: dashboardId, parentId: target }, en))).toEqual({ code: 50001, msg: 'Validation failed', data: 'Only directories and data items can be copied' });
    expect(body(await post(admin.api, 'copyNode', { id: source, parentId: sub })).code).toBe(50001);
  });

  it('deletes a non-empty directory with its whole subtree and the records of its data items', async () => {
    const admin = await companyAdmin(t.app);
    const top = await addDir(admin.api, 'Top');
    const inner = await addDir(admin.api, 'Inner', top);
    const item = await addItem(admin.api, inner, 'Pressure');
    for (const value of [1, 2, 3]) {
      await admin.api({ method: 'POST', url: '/general/dataItem/addRecord', payload: { itemId: item.id, values: { temperature: value } } });
    }
    const deleted = body(await post(admin.api, 'deleteNode', { id: top }));
    expect(deleted).toEqual({ code: 0, msg: 'success', data: { deleted: 3 } });
    expect(await find(admin.api, top)).toBeUndefined();
    expect(body(await admin.api({ url: `/general/dataItem/getDataItem?id=${item.id}` })).code).toBe(40400);
    const left = await t.app.platform.db.selectFrom('data_record').select('id').where('item_id', '=', item.id).execute();
    expect(left).toEqual([]);
    expect(body(await post(admin.api, 'deleteNode', { id: top })).code).toBe(40400);
  });

  it('needs the data cabin code', async () => {
    const outsider = await person(t.app, undefined, []);
    expect(body(await get(outsider.api, 'getTree')).code).toBe(40300);
    expect(body(await post(outsider.api, 'addDirectory', { name: 'x' })).code).toBe(40300);
  });
});

describe('permissions through inheritance and overrides', () => {
  it('by default every member reads and writes, and only company administrators manage', async () => {
    const admin = await companyAdmin(t.app);
    const member = await person(t.app, admin.companyId);
    const dir = await addDir(admin.api, 'Shared');
    expect((await find(member.api, dir))?.level).toBe('readWrite');
    const child = await addDir(member.api, 'Mine', dir);
    expect(body(await post(member.api, 'renameNode', { id: child, name: 'Mine 2' })).code).toBe(0);
    for (const [url, payload] of [
      ['moveNode', { id: child, parentId: null }],
      ['deleteNode', { id: child }],
      ['setPermission', { nodeId: child, mode: 'custom', grants: [] }],
    ] as const) {
      const answer = await post(member.api, url, payload, en);
      expect(answer.statusCode).toBe(403);
      expect(body(answer)).toMatchObject({ code: 40300 });
    }
    const permission = body(await get(member.api, `getPermission?nodeId=${child}`)).data;
    expect(permission).toMatchObject({ mode: 'default', grants: [], inheritedFrom: null, effective: { level: 'readWrite', source: 'company' } });
    expect(permission.inherited).toEqual([{ scope: 'company', targetId: admin.companyId, targetName: expect.any(String), level: 'readWrite' }]);
    expect(body(await get(admin.api, `getPermission?nodeId=${child}`)).data.effective).toEqual({ level: 'admin', source: 'companyAdmin' });
  });

  it('company-wide read: members see but cannot write; a group grant overrides the company grant; a person grant overrides both', async () => {
    const admin = await companyAdmin(t.app);
    const [reader, grouped, owner] = [await person(t.app, admin.companyId), await person(t.app, admin.companyId), await person(t.app, admin.companyId)];
    const groups = new GroupsRepository(t.app.platform.db);
    const operators = await groups.insert(admin.companyId, 'Operators', '');
    await groups.addMember(admin.companyId, operators, grouped.userId);
    await groups.addMember(admin.companyId, operators, owner.userId);
    const dir = await addDir(admin.api, 'Plant');
    const item = await addItem(admin.api, dir, 'Energy');
    expect(
      await setPermission(admin.api, dir, 'custom', [
        { scope: 'company', targetId: admin.companyId, level: 'read' },
        { scope: 'group', targetId: operators, level: 'readWrite' },
        { scope: 'user', targetId: owner.userId, level: 'admin' },
      ]),
    ).toEqual({ code: 0, msg: 'success', data: null });

    expect((await find(reader.api, dir))?.level).toBe('read');
    expect((await find(reader.api, item.nodeId))?.level).toBe('read');
    expect(body(await post(reader.api, 'addDirectory', { parentId: dir, name: 'x' })).code).toBe(40300);
    expect(body(await post(reader.api, 'renameNode', { id: dir, name: 'x' })).code).toBe(40300);
    expect(body(await reader.api({ method: 'POST', url: '/general/dataItem/addRecord', payload: { itemId: item.id, values: { temperature: 1 } } })).code).toBe(40300);
    expect(body(await reader.api({ url: `/general/dataItem/getRecords?itemId=${item.id}` })).code).toBe(0);

    expect((await find(grouped.api, dir))?.level).toBe('readWrite');
    expect(body(await grouped.api({ method: 'POST', url: '/general/dataItem/addRecord', payload: { itemId: item.id, values: { temperature: 1 } } })).code).toBe(0);
    const sub = await addDir(grouped.api, 'Sub', dir);
    expect(body(await post(grouped.api, 'deleteNode', { id: sub })).code).toBe(40300);
    expect(body(await get(grouped.api, `getPermission?nodeId=${dir}`)).data.effective).toEqual({ level: 'readWrite', source: 'group' });

    // The person's own grant wins over their group's.
    expect((await find(owner.api, dir))?.level).toBe('admin');
    expect(body(await post(owner.api, 'deleteNode', { id: sub })).code).toBe(0);
    expect(body(await get(owner.api, `getPermission?nodeId=${item.nodeId}`)).data).toMatchObject({
      mode: 'default',
      inheritedFrom: { nodeId: dir, name: 'Plant' },
      effective: { level: 'admin', source: 'user' },
    });
    const permission = body(await get(owner.api, `getPermission?nodeId=${dir}`)).data;
    expect(permission.grants.map((g: { scope: string; targetName: string; level: string }) => [g.scope, g.targetName, g.level])).toEqual([
      ['company', expect.any(String), 'read'],
      ['group', 'Operators', 'readWrite'],
      ['user', expect.any(String), 'admin'],
    ]);
  });

  it("a person's custom none under a company-wide read-write hides the node from that person only", async () => {
    const admin = await companyAdmin(t.app);
    const hidden = await person(t.app, admin.companyId);
    const colleague = await person(t.app, admin.companyId);
    const dir = await addDir(admin.api, 'Finance');
    const item = await addItem(admin.api, dir, 'Costs');
    const child = await addDir(admin.api, 'Quarterly', dir);
    expect(
      (
        await setPermission(admin.api, dir, 'custom', [
          { scope: 'company', level: 'readWrite' },
          { scope: 'user', targetId: hidden.userId, level: 'none' },
        ])
      ).code,
    ).toBe(0);
    expect(await find(hidden.api, dir)).toBeUndefined();
    expect(await find(hidden.api, child)).toBeUndefined();
    expect(await find(hidden.api, item.nodeId)).toBeUndefined();
    expect(body(await get(hidden.api, `getPermission?nodeId=${dir}`)).code).toBe(40300);
    expect(body(await hidden.api({ url: `/general/dataItem/getRecords?itemId=${item.id}` })).code).toBe(40300);
    expect(body(await hidden.api({ method: 'POST', url: '/general/dataItem/addRecord', payload: { itemId: item.id, values: { temperature: 3 } } })).code).toBe(40300);
    expect(body(await post(hidden.api, 'addDirectory', { parentId: dir, name: 'x' })).code).toBe(40300);
    expect((await find(colleague.api, dir))?.level).toBe('readWrite');
    expect((await find(colleague.api, item.nodeId))?.level).toBe('readWrite');
  });

  it('a custom node replaces what it inherits; a visible node under a hidden one is shown at the top', async () => {
    const admin = await companyAdmin(t.app);
    const member = await person(t.app, admin.companyId);
    const inGroup = await person(t.app, admin.companyId);
    const groups = new GroupsRepository(t.app.platform.db);
    const auditors = await groups.insert(admin.companyId, 'Auditors', '');
    const viewers = await groups.insert(admin.companyId, 'Viewers', '');
    await groups.addMember(admin.companyId, auditors, inGroup.userId);
    await groups.addMember(admin.companyId, viewers, inGroup.userId);
    const outer = await addDir(admin.api, 'Outer');
    const inner = await addDir(admin.api, 'Inner', outer);
    const deep = await addDir(admin.api, 'Deep', inner);
    // Outer: nobody but company administrators; Inner: read for the whole company.
    await setPermission(admin.api, outer, 'custom', [{ scope: 'company', level: 'none' }]);
    await setPermission(admin.api, inner, 'custom', [
      { scope: 'company', level: 'read' },
      { scope: 'group', targetId: auditors, level: 'read' },
      { scope: 'group', targetId: viewers, level: 'readWrite' },
    ]);
    const roots = await tree(member.api);
    expect(roots.some((n) => n.id === outer)).toBe(false);
    const lifted = roots.find((n) => n.id === inner)!;
    expect(lifted).toMatchObject({ parentId: null, level: 'read' });
    expect(lifted.children.map((n) => [n.id, n.level])).toEqual([[deep, 'read']]);
    // Among several groups, the most generous grant counts.
    expect((await find(inGroup.api, deep))?.level).toBe('readWrite');

    const permission = body(await get(admin.api, `getPermission?nodeId=${deep}`)).data;
    expect(permission.inheritedFrom).toEqual({ nodeId: inner, name: 'Inner' });
    expect(permission.inherited.map((g: { scope: string; level: string }) => [g.scope, g.level])).toEqual([
      ['company', 'read'],
      ['group', 'read'],
      ['group', 'readWrite'],
    ]);

    // Back to default: Inner inherits Outer's none again.
    expect((await setPermission(admin.api, inner, 'default', [{ scope: 'company', level: 'admin' }])).code).toBe(0);
    expect(body(await get(admin.api, `getPermission?nodeId=${inner}`)).data).toMatchObject({ mode: 'default', grants: [] });
    expect(flatten(await tree(member.api)).some((n) => [outer, inner, deep].includes(n.id))).toBe(false);
  });

  it('refuses deleting a directory that holds a node the caller does not administer', async () => {
    const admin = await companyAdmin(t.app);
    const manager = await person(t.app, admin.companyId);
    const dir = await addDir(admin.api, 'Managed');
    const locked = await addDir(admin.api, 'Locked', dir);
    await setPermission(admin.api, dir, 'custom', [{ scope: 'user', targetId: manager.userId, level: 'admin' }]);
    await setPermission(admin.api, locked, 'custom', [{ scope: 'user', targetId: manager.userId, level: 'read' }]);
    expect(body(await post(manager.api, 'deleteNode', { id: dir }, en))).toMatchObject({ code: 40300, msg: 'This directory holds nodes you do not administer, so it cannot be deleted' });
    expect(await find(admin.api, locked)).toBeDefined();
    // Moving needs admin on the node: read on Locked is not enough.
    expect(body(await post(manager.api, 'moveNode', { id: locked, parentId: null })).code).toBe(40300);
  });

  it('checks the grants of setPermission', async () => {
    const admin = await companyAdmin(t.app);
    const stranger = await companyAdmin(t.app);
    const member = await person(t.app, admin.companyId);
    const strangerGroup = await new GroupsRepository(t.app.platform.db).insert(stranger.companyId, 'Elsewhere', '');
    const dir = await addDir(admin.api, 'Grants');
    expect((await setPermission(admin.api, dir, 'custom', [{ scope: 'group', targetId: strangerGroup, level: 'read' }])).code).toBe(40400);
    expect((await setPermission(admin.api, dir, 'custom', [{ scope: 'user', targetId: stranger.userId, level: 'read' }])).code).toBe(40400);
    expect((await setPermission(admin.api, dir, 'custom', [{ scope: 'company', targetId: stranger.companyId, level: 'read' }])).code).toBe(40400);
    expect((await setPermission(admin.api, dir, 'custom', [{ scope: 'user', level: 'read' }])).code).toBe(50001);
    expect((await setPermission(admin.api, dir, 'custom', [{ scope: 'user', targetId: member.userId, level: 'owner' }])).code).toBe(50001);
    expect(
      (
        await setPermission(admin.api, dir, 'custom', [
          { scope: 'user', targetId: member.userId, level: 'read' },
          { scope: 'user', targetId: member.userId, level: 'admin' },
        ])
      ).code,
    ).toBe(50001);
    expect(body(await post(admin.api, 'setPermission', { nodeId: dir, mode: 'shared', grants: [] })).code).toBe(50001);
    // Custom with no grants: only company administrators.
    expect((await setPermission(admin.api, dir, 'custom', [])).code).toBe(0);
    expect(await find(member.api, dir)).toBeUndefined();
  });
});

describe('tenant isolation', () => {
  it("company B gets 40400 for company A's node ids", async () => {
    const a = await companyAdmin(t.app);
    const b = await companyAdmin(t.app);
    const dirA = await addDir(a.api, 'A only');
    const itemA = await addItem(a.api, dirA, 'Secret');
    const dirB = await addDir(b.api, 'B only');
    expect(flatten(await tree(b.api)).map((n) => n.id)).toEqual([dirB]);
    const calls: [string, unknown][] = [
      ['addDirectory', { parentId: dirA, name: 'x' }],
      ['renameNode', { id: dirA, name: 'x' }],
      ['moveNode', { id: dirA, parentId: null }],
      ['moveNode', { id: dirB, parentId: dirA }],
      ['copyNode', { id: dirA, parentId: null }],
      ['copyNode', { id: dirB, parentId: dirA }],
      ['deleteNode', { id: itemA.nodeId }],
      ['setPermission', { nodeId: dirA, mode: 'custom', grants: [] }],
    ];
    for (const [url, payload] of calls) {
      const answer = await post(b.api, url, payload);
      expect(answer.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(404);
      expect(body(answer).code).toBe(40400);
    }
    expect(body(await get(b.api, `getPermission?nodeId=${dirA}`)).code).toBe(40400);
    expect((await find(a.api, dirA))?.name).toBe('A only');
  });
});
