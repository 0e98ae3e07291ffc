import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { zonedMidnight } from '@smartdata/domain';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

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
const allCodes = ['sd_capsule', 'sd_board', 'sd_board_play', 'test_pages', 'board_test', 'um_role'];
async function person(app: FastifyInstance, companyId?: number, codes: string[] = allCodes): Promise<Person> {
  const user = await createCompanyUser(app, { codes, companyId });
  return { api: as(app, await signIn(app, user.userName, user.password)), userId: user.userId, companyId: user.companyId };
}
const en = { 'accept-language': 'en-US' };
const post = (api: Api, url: string, payload: unknown, headers: Record<string, string> = {}) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object, headers });
const get = (api: Api, url: string, query: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return api({ method: 'GET', url: `/general/${url}?${params.toString()}`, headers });
};
const okData = async (response: Promise<LightMyRequestResponse>) => {
  const answer = body(await response);
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data;
};

const fields = [
  { name: '温度', fieldName: 'temperature', type: 1, unit: '℃', priority: 1 },
  { name: '湿度', fieldName: 'humidity', type: 1, unit: '%', priority: 2 },
];
async function addDir(api: Api, name: string, parentId: number | null = null): Promise<number> {
  return (await okData(post(api, 'cabin/addDirectory', { parentId, name }))).id;
}
async function addItem(api: Api, directoryId: number, name: string, itemFields: unknown[] = fields): Promise<number> {
  return (await okData(post(api, 'dataItem/addDataItem', { directoryId, name, kind: 13, fields: itemFields }))).id;
}
const card = (id: string, itemId: number, fieldNames = ['temperature'], x = 0) => ({
  id,
  kind: 'numberCard',
  title: `卡片 ${id}`,
  layout: { x, y: 0, w: 3, h: 3 },
  binding: { itemId, fields: fieldNames },
  options: { unit: '℃' },
});
async function save(api: Api, id: number, widgets: unknown[], extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return body(await post(api, 'dashboard/saveDashboard', { id, boardType: 'grid', width: 1920, height: 1080, refreshMinutes: 5, widgets, ...extra }, headers));
}

describe('dashboards', () => {
  it('creates from blank and from each template, lists with paging and search, copies, renames, deletes', async () => {
    const admin = await person(t.app);
    const templates = await okData(get(admin.api, 'dashboard/getTemplates', {}, en));
    expect(templates.map((x: { code: string }) => x.code)).toEqual(['blank', 'deviceOverview', 'energy', 'productionLine']);
    expect(templates[2].name).toBe('Energy');

    const blank = await okData(post(admin.api, 'dashboard/addDashboard', { name: '空白', parentId: null }));
    expect((await okData(get(admin.api, 'dashboard/getDashboard', { id: String(blank.id) }))).widgets).toEqual([]);
    const energy = await okData(post(admin.api, 'dashboard/addDashboard', { name: 'Energy board', templateCode: 'energy' }, en));
    const detail = await okData(get(admin.api, 'dashboard/getDashboard', { id: String(energy.id) }));
    expect(detail.widgets.length).toBe(9);
    expect(detail.widgets.map((w: { title: string }) => w.title)).toContain('Energy today');
    expect(detail.widgets.find((w: { kind: string }) => w.kind === 'numberCard').access).toBe('unbound');
    const big = await okData(post(admin.api, 'dashboard/addDashboard', { name: '产线大屏', templateCode: 'productionLine', boardType: 'bigScreen' }));
    const bigDetail = await okData(get(admin.api, 'dashboard/getDashboard', { id: String(big.id) }));
    expect(bigDetail).toMatchObject({ boardType: 'bigScreen', width: 1920, height: 1080 });
    expect(Math.max(...bigDetail.widgets.map((w: { layout: { x: number; w: number } }) => w.layout.x + w.layout.w))).toBeLessThanOrEqual(1920);
    await okData(post(admin.api, 'dashboard/addDashboard', { name: '设备', templateCode: 'deviceOverview' }));

    // The board is a node of the cabin tree.
    const tree = await okData(get(admin.api, 'cabin/getTree'));
    expect(tree.find((n: { kind: string; name: string }) => n.kind === 'dashboard' && n.name === 'Energy board')).toMatchObject({ refId: energy.id, extra: { widgetCount: 9 } });

    const page = await okData(get(admin.api, 'dashboard/getDashboardList', { pageNum: '1', pageSize: '2' }));
    expect(page.total).toBe(4);
    expect(page.list.length).toBe(2);
    const found = await okData(get(admin.api, 'dashboard/getDashboardList', { keyword: 'energy' }));
    expect(found.list.map((b: { name: string }) => b.name)).toEqual(['Energy board']);

    const copy = await okData(post(admin.api, 'dashboard/copyDashboard', { id: energy.id }));
    const copied = await okData(get(admin.api, 'dashboard/getDashboard', { id: String(copy.id) }));
    expect(copied.name).toBe('Energy board-2');
    expect(copied.widgets.length).toBe(9);

    await okData(post(admin.api, 'dashboard/renameDashboard', { id: copy.id, name: '能耗副本' }));
    expect((await okData(get(admin.api, 'dashboard/getDashboard', { id: String(copy.id) }))).name).toBe('能耗副本');
    const taken = body(await post(admin.api, 'dashboard/renameDashboard', { id: copy.id, name: 'Energy board' }));
    expect(taken.code).toBe(40900);

    await okData(post(admin.api, 'dashboard/deleteDashboard', { id: copy.id }));
    expect(body(await get(admin.api, 'dashboard/getDashboard', { id: String(copy.id) })).code).toBe(40400);
    expect((await okData(get(admin.api, 'cabin/getTree'))).some((n: { name: string }) => n.name === '能耗副本')).toBe(false);
  });

  it('validation answers 50001 with readable texts in both languages and changes nothing', async () => {
    const admin = await person(t.app);
    const empty = body(await post(admin.api, 'dashboard/addDashboard', { name: '  ' }));
    expect(empty).toMatchObject({ code: 50001 });
    expect(empty.data).toContain('名称不能为空');
    const long = body(await post(admin.api, 'dashboard/addDashboard', { name: 'x'.repeat(26) }, en));
    expect(long.data).toContain('A dashboard name can have at most 25 characters');
    const template = body(await post(admin.api, 'dashboard/addDashboard', { name: 'T', templateCode: 'nope' }, en));
    expect(template.data).toContain('No such template');
    const canvas = body(await post(admin.api, 'dashboard/addDashboard', { name: 'T', boardType: 'bigScreen', width: 100 }));
    expect(canvas.data).toContain('画布宽度为 640 到 7680');
    expect((await okData(get(admin.api, 'dashboard/getDashboardList'))).total).toBe(0);

    const board = await okData(post(admin.api, 'dashboard/addDashboard', { name: 'B' }));
    const refresh = await save(admin.api, board.id, [], { refreshMinutes: 3 }, en);
    expect(refresh.data).toContain('The refresh interval is 1, 5, 10 or 15 minutes');
    const outside = await save(admin.api, board.id, [{ id: 'a', kind: 'text', layout: { x: 10, y: 0, w: 4, h: 2 } }]);
    expect(outside).toMatchObject({ code: 50001, data: '组件超出了看板范围' });
    const dir = await addDir(admin.api, '车间');
    const itemId = await addItem(admin.api, dir, '温湿度');
    const badField = await save(admin.api, board.id, [card('a', itemId, ['pressure'])], {}, en);
    expect(badField.data).toBe('Widget "卡片 a" is bound to a field "pressure" the item does not have');
    const clockBound = await save(admin.api, board.id, [{ id: 'c', kind: 'clock', layout: { x: 0, y: 0, w: 2, h: 2 }, binding: { itemId, fields: ['temperature'] } }]);
    expect(clockBound).toMatchObject({ code: 50001 });
    expect(clockBound.data).toContain('该组件不绑定数据项');
    expect((await okData(get(admin.api, 'dashboard/getDashboard', { id: String(board.id) }))).widgets).toEqual([]);
  });

  it("filters widgets by the viewer's permission on their data items: noPermission, not an error page", async () => {
    const admin = await person(t.app);
    const dir = await addDir(admin.api, '产线');
    const open = await addItem(admin.api, dir, '公开读数');
    const secret = await addItem(admin.api, dir, '保密读数');
    const board = await okData(post(admin.api, 'dashboard/addDashboard', { name: '混合' }));
    expect((await save(admin.api, board.id, [card('a', open), card('b', secret, ['humidity'], 3)])).code).toBe(0);

    const viewer = await person(t.app, admin.companyId, ['sd_capsule', 'sd_board']);
    const tree = await okData(get(admin.api, 'cabin/getTree'));
    const secretNode = tree[0].children.find((n: { name: string }) => n.name === '保密读数');
    await okData(post(admin.api, 'cabin/setPermission', { nodeId: secretNode.id, mode: 'custom', grants: [{ scope: 'user', targetId: viewer.userId, level: 'none' }] }));

    const seen = await okData(get(viewer.api, 'dashboard/getDashboard', { id: String(board.id) }));
    expect(seen.widgets.map((w: { id: string; access: string }) => [w.id, w.access])).toEqual([
      ['a', 'ok'],
      ['b', 'noPermission'],
    ]);
    expect(seen.widgets[0].item).toMatchObject({ id: open, name: '公开读数' });
    expect(JSON.stringify(seen.widgets[1])).not.toContain('保密读数');
    expect(seen.widgets[1].binding.fields).toEqual([]);

    // Without sd_capsule no data widget can read records: every one shows noPermission.
    const boardsOnly = await person(t.app, admin.companyId, ['sd_board']);
    const boardsOnlyView = await okData(get(boardsOnly.api, 'dashboard/getDashboard', { id: String(board.id) }));
    expect(boardsOnlyView.widgets.map((w: { access: string }) => w.access)).toEqual(['noPermission', 'noPermission']);

    // The viewer (read-write on the board) saves a layout change; the hidden binding survives.
    const moved = [card('a', open), { ...card('b', secret, [], 6), binding: { itemId: secret, fields: [] } }];
    moved[1]!.binding = { itemId: secret, fields: ['humidity'] };
    expect((await save(viewer.api, board.id, moved)).code).toBe(0);
    const after = await okData(get(admin.api, 'dashboard/getDashboard', { id: String(board.id) }));
    expect(after.widgets[1]).toMatchObject({ access: 'ok', layout: { x: 6 }, binding: { itemId: secret, fields: ['humidity'] } });
    // But the viewer cannot bind a new widget to the hidden item.
    const refused = await save(viewer.api, board.id, [...moved, card('c', secret, ['temperature'], 9)], {}, en);
    expect(refused).toMatchObject({ code: 50001, data: 'The data item of widget "卡片 c" does not exist or you cannot read it' });

    // A board hidden in the cabin is refused (40300), not leaked.
    const boardNode = (await okData(get(admin.api, 'cabin/getTree'))).find((n: { kind: string; refId: number }) => n.kind === 'dashboard' && n.refId === board.id);
    await okData(post(admin.api, 'cabin/setPermission', { nodeId: boardNode.id, mode: 'custom', grants: [{ scope: 'user', targetId: viewer.userId, level: 'none' }] }));
    expect(body(await get(viewer.api, 'dashboard/getDashboard', { id: String(board.id) })).code).toBe(40300);
    expect((await okData(get(viewer.api, 'dashboard/getDashboardList'))).list.some((b: { id: number }) => b.id === board.id)).toBe(false);
  });

  it('exports a board and imports it into another company: references re-mapped by path and name, the rest reported', async () => {
    const a = await person(t.app);
    const plant = await addDir(a.api, '工厂');
    const line = await addDir(a.api, '一号线', plant);
    const readings = await addItem(a.api, line, '读数');
    const other = await addItem(a.api, plant, '仅A公司有');
    const board = await okData(post(a.api, 'dashboard/addDashboard', { name: '导出看板' }));
    const widgets = [card('a', readings, ['temperature', 'humidity']), card('b', other, ['temperature'], 3), { id: 'c', kind: 'clock', title: '时钟', layout: { x: 6, y: 0, w: 2, h: 2 } }];
    expect((await save(a.api, board.id, widgets)).code).toBe(0);
    const document = await okData(get(a.api, 'dashboard/exportDashboard', { id: String(board.id) }));
    expect(document).toMatchObject({ format: 'smartdata.dashboard', version: 1, board: { name: '导出看板' } });
    expect(document.widgets[0].item).toEqual({ path: ['工厂', '一号线'], name: '读数' });

    const b = await person(t.app);
    const bPlant = await addDir(b.api, '工厂');
    const bLine = await addDir(b.api, '一号线', bPlant);
    // Same path and name, but only one of the two fields.
    const bReadings = await addItem(b.api, bLine, '读数', [fields[0]]);
    const imported = await okData(post(b.api, 'dashboard/importDashboard', { document }));
    expect(imported.name).toBe('导出看板');
    expect(imported.unresolved).toEqual([
      { widgetId: 'a', widgetTitle: '卡片 a', reference: { path: ['工厂', '一号线'], name: '读数' }, reason: 'fieldsMissing', missingFields: ['humidity'] },
      { widgetId: 'b', widgetTitle: '卡片 b', reference: { path: ['工厂'], name: '仅A公司有' }, reason: 'itemNotFound', missingFields: [] },
    ]);
    const seen = await okData(get(b.api, 'dashboard/getDashboard', { id: String(imported.id) }));
    expect(seen.widgets.map((w: { id: string; access: string }) => [w.id, w.access])).toEqual([
      ['a', 'ok'],
      ['b', 'unbound'],
      ['c', 'ok'],
    ]);
    expect(seen.widgets[0].binding).toEqual({ itemId: bReadings, fields: ['temperature'] });
    // Importing again lands beside the first with a free name.
    expect((await okData(post(b.api, 'dashboard/importDashboard', { document }))).name).toBe('导出看板-2');
    const notExport = body(await post(b.api, 'dashboard/importDashboard', { document: { ...document, format: 'other' } }, en));
    expect(notExport.code).toBe(50001);
    expect(notExport.data).toContain('The file is not a dashboard export');
  });

  it('a saved-chart widget draws the chart as it is now, shows a deleted chart as missing, and travels by name on export', async () => {
    const a = await person(t.app);
    const plant = await addDir(a.api, '工厂');
    const readings = await addItem(a.api, plant, '读数');
    const chart = await okData(post(a.api, 'chart/addChart', { itemId: readings, name: '温度曲线', kind: 'line', series: [{ field: 'temperature', aggregate: 'AVG' }], bucket: 'hour' }));
    const doomed = await okData(post(a.api, 'chart/addChart', { itemId: readings, name: '将删除', kind: 'bar', series: [{ field: 'humidity' }] }));
    const board = await okData(post(a.api, 'dashboard/addDashboard', { name: '图表看板' }));
    const saved = (id: string, chartId: number | undefined, x = 0) => ({ id, kind: 'savedChart', title: id, layout: { x, y: 0, w: 4, h: 4 }, options: chartId === undefined ? {} : { chartId } });
    expect((await save(a.api, board.id, [saved('s', chart.id), saved('d', doomed.id, 4), saved('e', undefined, 8)])).code).toBe(0);

    // The board keeps the id; the chart's later changes show on the board.
    await okData(post(a.api, 'chart/updateChart', { id: chart.id, name: '温度曲线', kind: 'bar', series: [{ field: 'temperature', aggregate: 'MAX' }], bucket: 'day' }));
    await okData(post(a.api, 'chart/deleteChart', { id: doomed.id }));
    const seen = await okData(get(a.api, 'dashboard/getDashboard', { id: String(board.id) }));
    expect(seen.widgets.map((w: { id: string; access: string }) => [w.id, w.access])).toEqual([
      ['s', 'ok'],
      ['d', 'missing'],
      ['e', 'unbound'],
    ]);
    expect(seen.widgets[0].chart).toMatchObject({ id: chart.id, itemId: readings, kind: 'bar', bucket: 'day', series: [{ field: 'temperature', aggregate: 'MAX' }] });
    expect(seen.widgets[0].item).toMatchObject({ id: readings, name: '读数' });

    // Another company's chart cannot be put on a board.
    const b = await person(t.app);
    const bBoard = await okData(post(b.api, 'dashboard/addDashboard', { name: '别人的图表' }));
    expect(await save(b.api, bBoard.id, [saved('x', chart.id)], {}, en)).toMatchObject({ code: 50001, data: 'The chart of widget "x" does not exist or you cannot read it' });

    // Export names the chart by its item and name, never by id; import maps it to the importer's chart of that name.
    const document = await okData(get(a.api, 'dashboard/exportDashboard', { id: String(board.id) }));
    expect(document.widgets[0].chart).toEqual({ item: { path: ['工厂'], name: '读数' }, name: '温度曲线' });
    expect(document.widgets.every((w: { widget: { options: Record<string, unknown> } }) => !('chartId' in w.widget.options))).toBe(true);
    const bPlant = await addDir(b.api, '工厂');
    const bReadings = await addItem(b.api, bPlant, '读数');
    // A forged file that still carries company A's chart id: the id is ignored.
    const forged = { ...document, widgets: document.widgets.map((w: { widget: object; chart: unknown }) => ({ ...w, widget: { ...w.widget, options: { chartId: chart.id } } })) };
    const first = await okData(post(b.api, 'dashboard/importDashboard', { document: forged }));
    expect(first.unresolved).toEqual([
      { widgetId: 's', widgetTitle: 's', reference: { path: ['工厂'], name: '读数' }, reason: 'chartNotFound', missingFields: [], chartName: '温度曲线' },
    ]);
    const firstSeen = await okData(get(b.api, 'dashboard/getDashboard', { id: String(first.id) }));
    expect(firstSeen.widgets.map((w: { access: string }) => w.access)).toEqual(['unbound', 'unbound', 'unbound']);
    expect(JSON.stringify(firstSeen)).not.toContain(`"chartId":${chart.id}`);

    const bChart = await okData(post(b.api, 'chart/addChart', { itemId: bReadings, name: '温度曲线', kind: 'area', series: [{ field: 'temperature' }] }));
    const second = await okData(post(b.api, 'dashboard/importDashboard', { document }));
    expect(second.unresolved).toEqual([]);
    const secondSeen = await okData(get(b.api, 'dashboard/getDashboard', { id: String(second.id) }));
    expect(secondSeen.widgets[0]).toMatchObject({ access: 'ok', options: { chartId: bChart.id }, chart: { kind: 'area', itemId: bReadings } });
  });

  it("another company's boards and carousels answer 40400", async () => {
    const a = await person(t.app);
    const b = await person(t.app);
    const board = await okData(post(a.api, 'dashboard/addDashboard', { name: 'A 的看板' }));
    const play = await okData(post(a.api, 'boardPlay/addBoardPlay', { name: 'A 的轮播' }));
    for (const [method, url, payload] of [
      ['GET', 'dashboard/getDashboard', { id: String(board.id) }],
      ['GET', 'dashboard/exportDashboard', { id: String(board.id) }],
      ['POST', 'dashboard/saveDashboard', { id: board.id, boardType: 'grid', width: 1920, height: 1080, refreshMinutes: 5, widgets: [] }],
      ['POST', 'dashboard/renameDashboard', { id: board.id, name: 'x' }],
      ['POST', 'dashboard/copyDashboard', { id: board.id }],
      ['POST', 'dashboard/deleteDashboard', { id: board.id }],
      ['GET', 'boardPlay/getBoardPlay', { id: String(play.id) }],
      ['GET', 'boardPlay/getSchedule', { id: String(play.id), version: 'draft' }],
      ['POST', 'boardPlay/updateBoardPlay', { id: play.id, name: 'x', entries: [] }],
      ['POST', 'boardPlay/publishBoardPlay', { id: play.id }],
      ['POST', 'boardPlay/deleteBoardPlay', { id: play.id }],
    ] as const) {
      const answer = method === 'GET' ? body(await get(b.api, url, payload)) : body(await post(b.api, url, payload));
      expect(answer.code, `${method} ${url}`).toBe(40400);
    }
    // Nor can B's carousel name A's board.
    const bPlay = await okData(post(b.api, 'boardPlay/addBoardPlay', { name: 'B 的轮播' }));
    const refused = body(await post(b.api, 'boardPlay/updateBoardPlay', { id: bPlay.id, name: 'B 的轮播', entries: [{ boardId: board.id }] }));
    expect(refused).toMatchObject({ code: 50001, data: '轮播中的看板不存在' });
    expect((await okData(get(b.api, 'dashboard/getDashboardList'))).total).toBe(0);
    expect((await okData(get(a.api, 'dashboard/getDashboard', { id: String(board.id) }))).name).toBe('A 的看板');
  });

  it('permission codes: sd_board for boards, sd_board_play or board_test for carousels', async () => {
    const admin = await person(t.app);
    const player = await person(t.app, admin.companyId, ['sd_board_play']);
    expect(body(await post(player.api, 'dashboard/addDashboard', { name: 'x' })).code).toBe(40300);
    expect((await okData(get(player.api, 'dashboard/getDashboardList'))).total).toBe(0);
    const boardsOnly = await person(t.app, admin.companyId, ['sd_board']);
    expect(body(await get(boardsOnly.api, 'boardPlay/getBoardPlayList')).code).toBe(40300);
    // The test pages belong to the platform (issue 31.15): a company's role does not grant them.
    const tester = await person(t.app, admin.companyId, ['test_pages', 'board_test']);
    expect(body(await get(tester.api, 'boardPlay/getBoardPlayList')).code).toBe(40300);
    const platformAdmin = as(t.app, await signIn(t.app, 'admin', adminPassword));
    expect(body(await get(platformAdmin, 'boardPlay/getBoardPlayList')).code).toBe(0);
  });
});

describe('carousels', () => {
  it('draft, publish, schedule: which board is on at a time, windows crossing midnight in the company time zone', async () => {
    const admin = await person(t.app);
    const day = await okData(post(admin.api, 'dashboard/addDashboard', { name: '白班' }));
    const night = await okData(post(admin.api, 'dashboard/addDashboard', { name: '夜班' }));
    const always = await okData(post(admin.api, 'dashboard/addDashboard', { name: '总览' }));
    const play = await okData(post(admin.api, 'boardPlay/addBoardPlay', { name: '车间轮播' }));
    expect(body(await post(admin.api, 'boardPlay/addBoardPlay', { name: '车间轮播' })).code).toBe(40900);

    // Nothing published yet: big_screen has nothing to play.
    expect(body(await get(admin.api, 'boardPlay/getSchedule', { id: String(play.id) }, en))).toMatchObject({ code: 40900, msg: 'This carousel has not been published yet' });
    const noEntries = body(await post(admin.api, 'boardPlay/publishBoardPlay', { id: play.id }));
    expect(noEntries).toMatchObject({ code: 50001, data: '请至少添加一个看板后再发布' });

    const badWindow = body(await post(admin.api, 'boardPlay/updateBoardPlay', { id: play.id, name: '车间轮播', entries: [{ boardId: day.id, window: { from: '25:00', to: '06:00' } }] }, en));
    expect(badWindow.data).toContain('Times are written HH:mm');
    const badSeconds = body(await post(admin.api, 'boardPlay/updateBoardPlay', { id: play.id, name: '车间轮播', entries: [{ boardId: day.id, seconds: 2 }] }));
    expect(badSeconds.data).toContain('展示时长为 5 到 3600 秒');

    const entries = [
      { boardId: day.id, seconds: 60, window: { from: '08:00', to: '20:00' } },
      { boardId: night.id, seconds: 60, window: { from: '22:00', to: '06:00' } },
      { boardId: always.id, seconds: 30, window: null },
    ];
    await okData(post(admin.api, 'boardPlay/updateBoardPlay', { id: play.id, name: '车间轮播', defaultSeconds: 20, transition: 'fade', entries }));
    const listed = await okData(get(admin.api, 'boardPlay/getBoardPlayList', { keyword: '车间' }));
    expect(listed.list[0]).toMatchObject({ name: '车间轮播', boardCount: 3, state: 'draft' });
    await okData(post(admin.api, 'boardPlay/publishBoardPlay', { id: play.id }));
    expect((await okData(get(admin.api, 'boardPlay/getBoardPlay', { id: String(play.id) }))).state).toBe('published');

    // Company time zone: Asia/Shanghai (the default). 23:00:10 local → night (60 s) + always (30 s) cycle.
    const midnight = zonedMidnight(2026, 11, 22, 'Asia/Shanghai');
    const at = (h: number, m: number, s = 0) => midnight + ((h * 60 + m) * 60 + s) * 1000;
    const schedule = async (instant: number, version = 'published') => okData(get(admin.api, 'boardPlay/getSchedule', { id: String(play.id), at: String(instant), version }));
    // 23:00:10 is 82810 s after midnight; 82810 mod 90 = 10 → the night board.
    expect((await schedule(at(23, 0, 10))).current).toMatchObject({ boardId: night.id, boardName: '夜班', index: 1 });
    // 23:01:10 → 70 mod 90 → the always board.
    expect((await schedule(at(23, 1, 10))).current).toMatchObject({ boardId: always.id, index: 2 });
    // 02:00 the next night (window crosses midnight): still the night shift's cycle.
    const early = await schedule(at(2, 0, 0) + 86_400_000);
    expect([night.id, always.id]).toContain(early.current.boardId);
    // 12:00 → day + always; 21:00 → only always.
    expect([day.id, always.id]).toContain((await schedule(at(12, 0, 0))).current.boardId);
    expect((await schedule(at(21, 0, 0))).current.boardId).toBe(always.id);
    const preview = await schedule(at(12, 0, 0));
    expect(preview.upcoming.length).toBe(5);
    expect(preview.upcoming[1].startsAt).toBe(preview.upcoming[0].endsAt);

    // A changed draft does not change what plays until it is published.
    await okData(post(admin.api, 'boardPlay/updateBoardPlay', { id: play.id, name: '车间轮播', defaultSeconds: 20, transition: 'slide', entries: [{ boardId: day.id, seconds: 5, window: null }] }));
    expect((await okData(get(admin.api, 'boardPlay/getBoardPlay', { id: String(play.id) }))).state).toBe('changed');
    expect((await schedule(at(21, 0, 0))).current.boardId).toBe(always.id);
    expect((await schedule(at(21, 0, 0), 'draft')).current.boardId).toBe(day.id);

    // A deleted board stays in the list without a name.
    await okData(post(admin.api, 'dashboard/deleteDashboard', { id: always.id }));
    expect((await schedule(at(21, 0, 0))).current).toMatchObject({ boardId: always.id, boardName: null });
    await okData(post(admin.api, 'boardPlay/deleteBoardPlay', { id: play.id }));
    expect(body(await get(admin.api, 'boardPlay/getBoardPlay', { id: String(play.id) })).code).toBe(40400);
  });

  it('the alarm feed is provided by cloud monitoring and empty while no alarm is open (alarms/alarmFeed.api.test.ts fills it)', async () => {
    const admin = await person(t.app);
    expect(await okData(get(admin.api, 'dashboard/getAlarmFeed'))).toEqual({ provided: true, list: [] });
  });
});
