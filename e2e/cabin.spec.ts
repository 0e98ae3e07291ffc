import type { Locator, Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect, test, uniqueName, type ApiClient } from './support/fixtures';
import { confirmDialog, createCompanyAdmin, dialog, platformAdmin, toast } from './support/organization';
import { createPerson, createRole } from './support/people';

/** The data cabin (issue 4, /smartdata/datacapsule): the tree, its actions and its permissions. */

// Each test is a whole session (sign-in, several dialogs, up to three people) on a machine other
// runs share: bounded at two minutes instead of the default one.
test.describe.configure({ timeout: 120_000 });

const CABIN = '/smartdata/datacapsule';

interface TreeNode {
  id: number;
  parentId: number | null;
  kind: string;
  name: string;
  refId: number | null;
  level: string;
  children: TreeNode[];
}

/** The tree as `client` may see it, flattened to name → node. */
async function treeOf(client: ApiClient): Promise<Map<string, TreeNode>> {
  const nodes = new Map<string, TreeNode>();
  const visit = (list: TreeNode[]) => {
    for (const node of list) {
      nodes.set(node.name, node);
      visit(node.children);
    }
  };
  visit(await client.get<TreeNode[]>('cabin/getTree'));
  return nodes;
}

/** A second browser session (another person) with the project's settings. */
function contextOptions() {
  const { baseURL, locale, timezoneId } = test.info().project.use;
  return { baseURL, locale, timezoneId };
}

function tree(page: Page): Locator {
  return page.getByRole('tree', { name: '数据舱目录树' });
}

/**
 * A node's row in the tree, by its exact name. Not the copy antd draws while a directory opens or
 * closes (inside .ant-tree-treenode-motion, gone when the motion ends): during a move that opens the
 * target directory both were on the page at once.
 */
function treeItem(page: Page, name: string): Locator {
  return tree(page)
    .locator('[role="treeitem"]:not(.ant-tree-treenode-motion [role="treeitem"])')
    .filter({ has: page.locator('.sd-cabin-tree__name').getByText(name, { exact: true }) });
}

/** A node's title (what one clicks, drags and drops on). */
function nodeTitle(page: Page, name: string): Locator {
  return treeItem(page, name).locator('.ant-tree-node-content-wrapper');
}

function detail(page: Page): Locator {
  return page.locator('.sd-cabin-detail');
}

/** The value shown beside a label of the detail panel. */
function detailValue(page: Page, label: string): Locator {
  return detail(page).locator('.ant-descriptions-row').filter({ has: page.locator('.ant-descriptions-item-label', { hasText: label }) }).locator('.ant-descriptions-item-content');
}

test('a company administrator builds a tree through its forms: directories and a data item with the rules of spec §5, rename with F2', async ({ page, request }) => {
  const adminApi = await platformAdmin(request);
  const owner = await createCompanyAdmin(adminApi, request);
  const plant = uniqueName('车间');
  const line = uniqueName('产线');
  const renamed = uniqueName('一号产线');
  const item = uniqueName('炉温记录');

  await signInAt(page, owner, CABIN);
  await expect(page.getByRole('heading', { name: '数据舱', level: 1 })).toBeVisible();
  await expect(page.getByText('数据舱还是空的')).toBeVisible();

  // A directory at the top; the name rule of spec §5 shows before anything is sent.
  await page.getByRole('button', { name: '新建目录' }).first().click();
  const create = dialog(page, '新建目录');
  await create.getByLabel('目录名称').fill('50%的产量');
  await create.getByLabel('目录名称').press('Enter');
  await expect(create.getByText('目录名称不能包含 %')).toBeVisible();
  await create.getByLabel('目录名称').fill('这是一个超过二十五个字符长度限制的目录名称用来检查规则');
  await expect(create.getByText('目录名称最多 25 个字符')).toBeVisible();
  await create.getByLabel('目录名称').fill(plant);
  await create.getByLabel('目录名称').press('Enter');
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(create).toBeHidden();
  await expect(treeItem(page, plant)).toHaveAttribute('aria-selected', 'true');

  // A sub-directory from the detail panel of the selected directory.
  await detail(page).getByRole('button', { name: '在此新建目录' }).click();
  const sub = dialog(page, '新建目录');
  await expect(sub.getByText(plant, { exact: true })).toBeVisible();
  await sub.getByLabel('目录名称').fill(line);
  await sub.getByRole('button', { name: '保存' }).click();
  await expect(treeItem(page, line)).toBeVisible();
  await expect(detailValue(page, '位置')).toHaveText(`数据舱 / ${plant} / ${line}`);

  // A data item in it: special characters, type and fields are checked in the form.
  await detail(page).getByRole('button', { name: '在此新建数据项' }).click();
  const newItem = dialog(page, '新建数据项');
  await newItem.getByLabel('数据项名称').fill('炉温#1');
  await newItem.getByRole('button', { name: '创建' }).click();
  await expect(newItem.getByText('数据项名称不能包含特殊字符')).toBeVisible();
  await newItem.getByLabel('数据项名称').fill(item);
  await newItem.getByLabel('第 1 个字段的显示名称').fill('温度');
  await newItem.getByLabel('第 1 个字段的字段标识').fill('temperature');
  await newItem.getByLabel('第 1 个字段的类型').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('小数', { exact: true }).click();
  await newItem.getByLabel('第 1 个字段的单位').fill('℃');
  await newItem.getByRole('button', { name: '添加字段' }).click();
  await newItem.getByLabel('第 2 个字段的显示名称').fill('炉号');
  await newItem.getByLabel('第 2 个字段的字段标识').fill('Temperature');
  await newItem.getByRole('button', { name: '创建' }).click();
  await expect(newItem.getByText('字段标识在数据项内不能重复')).toHaveCount(2);
  await newItem.getByLabel('第 2 个字段的字段标识').fill('furnace');
  await newItem.getByRole('button', { name: '创建' }).click();
  const created = confirmDialog(page, `数据项“${item}”已创建`);
  await expect(created).toContainText('打开数据项配置页面');
  // The page offers the new item's settings (the data-items module's page), then the cabin is
  // still there in its tab.
  await created.getByRole('button', { name: '打开数据项配置' }).click();
  await expect(page).toHaveURL(new RegExp(`/smartdata/dataitem/config/\\d+/${encodeURIComponent(item)}/[1-9]\\d*$`));
  await page.getByRole('tablist').getByRole('tab', { name: '数据舱' }).click();
  await expect(page).toHaveURL(CABIN);
  await expect(treeItem(page, item)).toHaveAttribute('aria-selected', 'true');
  await expect(detailValue(page, '数据项类型')).toHaveText('人工列表');
  await expect(detailValue(page, '内容')).toHaveText('2 个字段 · 0 条数据记录');
  await expect(detail(page).getByRole('button', { name: '查看数据记录' })).toBeVisible();

  // Rename with F2 on the selected node.
  await nodeTitle(page, line).click();
  await page.keyboard.press('F2');
  const rename = dialog(page, `重命名：${line}`);
  await expect(rename.getByLabel('目录名称')).toHaveValue(line);
  await rename.getByLabel('目录名称').fill(renamed);
  await rename.getByLabel('目录名称').press('Enter');
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(treeItem(page, renamed)).toBeVisible();
  await expect(treeItem(page, line)).toHaveCount(0);
});

test('a new data item starts as a manual list with each type explained; field keys follow the field names (pinyin for Chinese) until typed', async ({ page, request }) => {
  const owner = await createCompanyAdmin(await platformAdmin(request), request);
  const directory = uniqueName('车间');
  await owner.api.post('cabin/addDirectory', { parentId: null, name: directory });
  const item = uniqueName('巡检记录');

  await signInAt(page, owner, CABIN);
  // An empty directory offers nothing to expand.
  await expect(treeItem(page, directory).locator('.ant-tree-switcher')).toHaveClass(/ant-tree-switcher-noop/);
  await expect(treeItem(page, directory).locator('.ant-tree-switcher svg')).toHaveCount(0);
  await nodeTitle(page, directory).click();
  await detail(page).getByRole('button', { name: '在此新建数据项' }).click();
  const newItem = dialog(page, '新建数据项');
  // A default type, and what each type is for.
  await expect(newItem.getByRole('radio', { name: '人工列表' })).toBeChecked();
  await expect(newItem.getByText('人工列表：在表格中逐条录入、编辑和导入数据记录。')).toBeVisible();
  await newItem.getByText('物联网数据列表', { exact: true }).click();
  await expect(newItem.getByText('物联网数据列表：由绑定的设备自动上报数据记录，在数据项配置的“设备”中绑定。')).toBeVisible();
  await newItem.getByText('人工表单', { exact: true }).click();
  await expect(newItem.getByText('人工表单：通过设计好的表单（可分享链接）填报数据记录。')).toBeVisible();

  await newItem.getByLabel('数据项名称').fill(item);
  await expect(newItem.getByLabel('第 1 个字段的字段标识')).toHaveValue('field1');
  await newItem.getByLabel('第 1 个字段的显示名称').fill('出口温度');
  await expect(newItem.getByLabel('第 1 个字段的字段标识')).toHaveValue('chu_kou_wen_du');
  await newItem.getByRole('button', { name: '添加字段' }).click();
  await newItem.getByLabel('第 2 个字段的显示名称').fill('出口温度');
  await expect(newItem.getByLabel('第 2 个字段的字段标识')).toHaveValue('chu_kou_wen_du_2');
  // Typed by hand, the key stays as typed when the name changes.
  await newItem.getByLabel('第 2 个字段的字段标识').fill('outlet_b');
  await newItem.getByLabel('第 2 个字段的显示名称').fill('Outlet temperature B');
  await expect(newItem.getByLabel('第 2 个字段的字段标识')).toHaveValue('outlet_b');
  await newItem.getByRole('button', { name: '添加字段' }).click();
  await newItem.getByLabel('第 3 个字段的显示名称').fill('Flow rate (m³/h)');
  await expect(newItem.getByLabel('第 3 个字段的字段标识')).toHaveValue('flow_rate_m3_h');
  await newItem.getByRole('button', { name: '创建' }).click();
  await expect(confirmDialog(page, `数据项“${item}”已创建`)).toBeVisible();
  await expect(treeItem(page, directory).locator('.ant-tree-switcher svg')).toHaveCount(1);

  const created = (await treeOf(owner.api)).get(item);
  expect(created?.refId).toBeTruthy();
  const detailOf = await owner.api.get<{ kind: number; fields: { name: string; fieldName: string }[] }>('dataItem/getDataItem', { id: created?.refId });
  expect(detailOf.kind).toBe(11);
  expect(detailOf.fields.map((field) => field.fieldName)).toEqual(['chu_kou_wen_du', 'outlet_b', 'flow_rate_m3_h']);
});

test('a node moves by drag and drop (never into its own subtree), is copied, and a non-empty directory is deleted after a clear question', async ({ page, request }) => {
  const adminApi = await platformAdmin(request);
  const owner = await createCompanyAdmin(adminApi, request);
  const plant = uniqueName('车间');
  const renamed = uniqueName('一号产线');
  const archive = uniqueName('归档');
  const item = uniqueName('炉温记录');
  const { id: plantId } = await owner.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: plant });
  const { id: lineId } = await owner.api.post<{ id: number }>('cabin/addDirectory', { parentId: plantId, name: renamed });
  await owner.api.post('cabin/addDirectory', { parentId: null, name: archive });
  await owner.api.post('dataItem/addDataItem', { directoryId: lineId, name: item, kind: 10, fields: [{ name: '温度', fieldName: 'temperature', type: 1, unit: '℃' }] });

  await signInAt(page, owner, CABIN);
  // Move by drag and drop: the data item onto another top-level directory.
  await page.getByRole('button', { name: '全部展开' }).click();
  await nodeTitle(page, item).dragTo(nodeTitle(page, archive));
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(detailValue(page, '位置')).toHaveText(`数据舱 / ${archive} / ${item}`);
  let nodes = await treeOf(owner.api);
  expect(nodes.get(item)?.parentId).toBe(nodes.get(archive)?.id);

  // A drop into the node's own subtree is refused before anything is sent (the server would
  // answer with a notification).
  await nodeTitle(page, plant).dragTo(nodeTitle(page, renamed));
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  nodes = await treeOf(owner.api);
  expect(nodes.get(plant)?.parentId).toBeNull();

  // Copy the data item beside itself: the copy takes the next free name.
  await nodeTitle(page, item).click();
  await detail(page).getByRole('button', { name: '复制到…' }).click();
  const copy = dialog(page, `复制“${item}”`);
  await expect(copy).toContainText(archive);
  await copy.getByRole('button', { name: '复制', exact: true }).click();
  await expect(toast(page, '复制成功')).toBeVisible();
  await expect(treeItem(page, `${item}-2`)).toBeVisible();

  // A directory goes with its subtree only after a question that says so (Delete key or button).
  await nodeTitle(page, plant).click();
  await page.keyboard.press('Delete');
  const question = confirmDialog(page, `删除目录“${plant}”及其全部内容？`);
  await expect(question).toContainText('其中的 1 个节点');
  await question.getByRole('button', { name: '取消' }).click();
  await expect(treeItem(page, plant)).toBeVisible();
  await detail(page).getByRole('button', { name: '删除' }).click();
  await question.getByRole('button', { name: '删除目录及其内容' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(treeItem(page, plant)).toHaveCount(0);
  await expect(treeItem(page, renamed)).toHaveCount(0);
  nodes = await treeOf(owner.api);
  expect([...nodes.keys()].sort()).toEqual([archive, item, `${item}-2`].sort());

  // Search narrows the tree and opens the directories holding a match.
  await page.getByRole('button', { name: '全部收起' }).click();
  await page.getByRole('searchbox', { name: '搜索节点名称' }).fill(`${item}-2`);
  await expect(treeItem(page, `${item}-2`)).toBeVisible();
  await expect(treeItem(page, item)).toHaveCount(0);
  await page.getByRole('searchbox', { name: '搜索节点名称' }).fill('没有这个节点');
  await expect(page.getByText('没有名称包含“没有这个节点”的节点')).toBeVisible();

  // Enter on a data item opens its records.
  await page.getByRole('searchbox', { name: '搜索节点名称' }).fill('');
  await nodeTitle(page, item).click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`^[^?]*/smartdata/datavalue/\\d+/${encodeURIComponent(item)}/10/${nodes.get(item)?.id}/${nodes.get(archive)?.id}/`));
});

test('a group gets read on a directory and the company none: its member sees a read-only branch, another member does not see it', async ({ page, browser, request }) => {
  const adminApi = await platformAdmin(request);
  const owner = await createCompanyAdmin(adminApi, request);
  const role = await createRole(adminApi, owner.companyId, ['smart_data', 'sd_capsule']);
  const inside = await createPerson(adminApi, request, owner.companyId, [role.id]);
  const outside = await createPerson(adminApi, request, owner.companyId, [role.id]);
  const groupName = uniqueName('质检组');
  const { id: groupId } = await owner.api.post<{ id: number }>('company/group/addGroup', { name: groupName });
  await owner.api.post(`company/group/addUserToGroup?groupId=${groupId}&userId=${inside.userId}`);
  const secret = uniqueName('质检档案');
  const below = uniqueName('抽检');
  const open = uniqueName('公共资料');
  const { id: secretId } = await owner.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: secret });
  await owner.api.post('cabin/addDirectory', { parentId: secretId, name: below });
  await owner.api.post('cabin/addDirectory', { parentId: null, name: open });

  await signInAt(page, owner, CABIN);
  await nodeTitle(page, secret).click();
  await detail(page).getByRole('button', { name: '权限设置' }).click();
  const permissions = dialog(page, `权限设置：${secret}`);
  await expect(permissions.getByText('您在此节点的有效权限：')).toBeVisible();
  await expect(permissions.locator('.ant-alert')).toContainText('管理');
  await expect(permissions.locator('.ant-alert')).toContainText('公司管理员');
  await expect(permissions.getByRole('radio', { name: '默认（继承上级）' })).toBeChecked();
  // The inherited grant: the whole company reads and writes at the top of the cabin.
  const inherited = permissions.getByRole('region', { name: '继承的权限' });
  await expect(inherited.getByRole('row').nth(1)).toContainText('全体成员');
  await expect(inherited.getByRole('row').nth(1)).toContainText('读写');

  await permissions.getByText('自定义', { exact: true }).click();
  const own = permissions.getByRole('region', { name: '本节点的授权' });
  // Custom starts from what was inherited: the company's read-write, which is set to none.
  await own.getByRole('combobox', { name: `${owner.companyName} 的权限` }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('无权限', { exact: true }).click();
  const target = own.getByRole('combobox', { name: '选择用户组' });
  await target.click();
  await target.fill(groupName.slice(0, 6));
  await page.locator('.ant-select-dropdown:visible').getByTitle(groupName, { exact: true }).click();
  await own.getByRole('button', { name: '添加授权' }).click();
  await expect(own.getByRole('row').filter({ hasText: groupName })).toContainText('只读');
  await permissions.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(permissions).toBeHidden();
  await expect(detailValue(page, '权限模式')).toHaveText('自定义');

  // The server holds what the dialog showed.
  const saved = await owner.api.get<{ mode: string; grants: { scope: string; targetId: number; level: string }[] }>('cabin/getPermission', { nodeId: secretId });
  expect(saved.mode).toBe('custom');
  expect(saved.grants.map((g) => `${g.scope}:${g.level}`).sort()).toEqual(['company:none', 'group:read']);

  // A member of the group sees the branch, read only: no create, rename or delete.
  const insideContext = await browser.newContext(contextOptions());
  const insidePage = await insideContext.newPage();
  await signInAt(insidePage, inside, CABIN);
  await expect(treeItem(insidePage, open)).toBeVisible();
  await expect(treeItem(insidePage, secret)).toContainText('只读');
  await nodeTitle(insidePage, secret).click();
  await expect(detailValue(insidePage, '我的权限')).toHaveText('只读');
  await expect(detail(insidePage).getByRole('button', { name: '重命名' })).toHaveCount(0);
  await expect(detail(insidePage).getByRole('button', { name: '删除' })).toHaveCount(0);
  await expect(detail(insidePage).getByRole('button', { name: '在此新建目录' })).toHaveCount(0);
  await expect(detail(insidePage).getByRole('button', { name: '权限设置' })).toHaveCount(0);
  await insidePage.keyboard.press('F2');
  await expect(insidePage.getByRole('dialog')).toHaveCount(0);
  await insidePage.keyboard.press('ArrowRight');
  await expect(treeItem(insidePage, below)).toBeVisible();
  await insideContext.close();

  // Someone outside the group does not see it at all.
  const outsideContext = await browser.newContext(contextOptions());
  const outsidePage = await outsideContext.newPage();
  await signInAt(outsidePage, outside, CABIN);
  await expect(treeItem(outsidePage, open)).toBeVisible();
  await expect(treeItem(outsidePage, secret)).toHaveCount(0);
  await expect(treeItem(outsidePage, below)).toHaveCount(0);
  await outsideContext.close();
});

test('an item group is created from its list, given data items in an order, and saved', async ({ page, request }) => {
  const adminApi = await platformAdmin(request);
  const owner = await createCompanyAdmin(adminApi, request);
  const directory = uniqueName('车间');
  const first = uniqueName('炉温');
  const second = uniqueName('电耗');
  const groupName = uniqueName('车间总览');
  const { id: directoryId } = await owner.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: directory });
  const fields = [{ name: '数值', fieldName: 'value', type: 1 }];
  const { id: firstId } = await owner.api.post<{ id: number }>('dataItem/addDataItem', { directoryId, name: first, kind: 10, fields });
  const { id: secondId } = await owner.api.post<{ id: number }>('dataItem/addDataItem', { directoryId, name: second, kind: 13, fields });

  await signInAt(page, owner, '/smartdata/itemgroup');
  await expect(page.getByRole('heading', { name: '数据项分组', level: 1 })).toBeVisible();
  await expect(page.getByText('还没有数据项分组')).toBeVisible();
  await page.getByRole('button', { name: '新建数据项分组' }).click();
  const create = dialog(page, '新建数据项分组');
  await create.getByLabel('分组名称').fill(groupName);
  await create.getByLabel('分组名称').press('Enter');
  await expect(page).toHaveURL(/\/smartdata\/itemgroup\/config\/\d+$/);
  await expect(page.getByRole('heading', { name: `数据项分组：${groupName}`, level: 1 })).toBeVisible();
  await expect(page.getByText('分组中还没有数据项')).toBeVisible();

  const picker = page.getByRole('combobox', { name: '选择要加入的数据项' });
  for (const name of [first, second]) {
    await picker.click();
    await picker.fill(name);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).click();
  }
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '加入分组' }).click();
  // (The list page stays mounted, hidden, in its tab.)
  const rows = page.locator('.sd-cabin-group .ant-table-tbody > tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(first);
  await expect(rows.nth(0)).toContainText(directory);
  await page.getByRole('button', { name: `上移 ${second}` }).click();
  await expect(rows.nth(0)).toContainText(second);
  await expect(page.getByText('有未保存的更改')).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(page.getByText('有未保存的更改')).toBeHidden();

  const groupId = Number(new URL(page.url()).pathname.split('/').pop());
  const saved = await owner.api.get<{ name: string; items: { id: number }[] }>('itemGroup/getItemGroup', { id: groupId });
  expect(saved.items.map((i) => i.id)).toEqual([secondId, firstId]);

  await page.getByRole('button', { name: '返回分组列表' }).click();
  await expect(page.locator('.ant-table-tbody > tr.ant-table-row:visible').filter({ hasText: groupName })).toContainText(`${second}${first}`);
});
