import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { confirmDialog, createCompanyAdmin, dialog, platformAdmin, tableRow, toast } from './support/organization';
import { chooseOption } from './support/select';

/**
 * SIM traffic cards in the browser (issue 19): a company administrator sets the simulated China
 * Mobile connection's delay to 0 s on the company page (an accepted operation then takes effect at
 * once, so the next "sync now" confirms it — the setting every company has, no test switch in the
 * server); a file with a bad ICCID is refused with its row report; 50 cards with valid Luhn ICCIDs
 * are imported from a CSV file; sync now; two cards found by search are activated and then
 * suspended in a batch (confirmed first), and the next sync shows them suspended with the
 * operations confirmed; one is bound to a gateway on its page and shows on the gateway's page.
 * Screens in both languages, desktop and phone, go to /tmp/sim-shots.
 */

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const shots = '/tmp/sim-shots';
const LIST = '/device/simcard';

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.waitForTimeout(400); // fade-ins, the chart's first frame
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

/** The Luhn check digit that completes `body` (ITU-T E.118). */
function luhnDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) {
        d -= 9;
      }
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}
const iccidOf = (body: string) => `${body}${luhnDigit(body)}`;

/** The visible SIM page (the tab bar keeps other pages in the DOM). */
const simPage = (page: Page): Locator => page.locator('.sd-sim:visible');

function csv(rows: string[][]): Buffer {
  return Buffer.from(`${rows.map((row) => row.join(',')).join('\n')}\n`, 'utf8');
}

test('50 cards imported from a CSV file, two suspended in a batch and confirmed by a sync, one bound to a gateway and shown on its page', async ({ page, request }) => {
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request, '物联网公司');
  const gatewayName = uniqueName('泵站网关', 20);
  const sn = `SIM${Date.now().toString(36).toUpperCase()}`;
  const gateway = await admin.api.post<{ id: number }>('device/addDevice', { name: gatewayName, sn, model: 'SD-G1' });

  // 50 cards of China Mobile; the two to suspend have numbers no other card shares a part of.
  const run = String(Date.now()).slice(-8);
  const base = `14${run}`;
  const cards = Array.from({ length: 50 }, (_, i) => {
    const target = i < 2;
    return { number: `${base}${target ? '9' : '0'}${String(i).padStart(2, '0')}`, iccid: iccidOf(`8986${run}${String(i).padStart(6, '0')}`) };
  });
  const [first, second] = cards as [(typeof cards)[0], (typeof cards)[0]];
  const targetsKeyword = `${base}9`;

  // ---- carrier connections on the company page: the simulated carrier confirms at once ----
  await signInAt(page, admin, '/sysSetting/companyManagement');
  const connections = page.locator('.sd-sim-connections:visible');
  await expect(tableRow(connections, '移动')).toContainText('模拟运营商');
  await expect(tableRow(connections, '移动')).toContainText('30 秒');
  await connections.getByRole('button', { name: '编辑移动连接' }).click();
  const editor = dialog(page, '移动连接');
  await expect(editor.getByRole('radio', { name: '模拟运营商' })).toBeChecked();
  await editor.getByLabel('生效延时').fill('0');
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(editor).toBeHidden();
  await expect(tableRow(connections, '移动')).toContainText('0 秒');
  await expect(tableRow(connections, '移动')).toContainText('未设置');
  await connections.scrollIntoViewIfNeeded();
  await shoot(page, 'connections-zh-CN', false);

  // ---- the list, empty; a file with a bad check digit is refused with its row report ----
  await page.goto(LIST);
  const list = simPage(page);
  await expect(list.getByText('还没有流量卡')).toBeVisible();
  await list.getByRole('button', { name: '导入' }).click();
  const importer = dialog(page, '导入流量卡');
  const badIccid = `${cards[0]!.iccid.slice(0, -1)}${(Number(cards[0]!.iccid.slice(-1)) + 1) % 10}`;
  await importer.locator('input[type=file]').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: csv([
      ['卡号', 'ICCID', '运营商'],
      [cards[0]!.number, cards[0]!.iccid, '移动'],
      [cards[1]!.number, badIccid, '移动'],
    ]),
  });
  await expect(importer.getByText('bad.csv 未导入')).toBeVisible();
  const report = importer.getByRole('table');
  await expect(tableRow(report, 'ICCID 校验位不正确')).toContainText('3');
  await shoot(page, 'import-report-zh-CN', false);

  // ---- 50 good rows: all imported ----
  await importer.getByRole('button', { name: '重新选择文件' }).click();
  await importer.locator('input[type=file]').setInputFiles({
    name: 'cards.csv',
    mimeType: 'text/csv',
    buffer: csv([['卡号', 'ICCID', '运营商', '套餐流量(MB)'], ...cards.map((card) => [card.number, card.iccid, '移动', '500'])]),
  });
  await expect(toast(page, '已导入 50 张流量卡')).toBeVisible();
  await expect(importer).toBeHidden();
  await expect(list.getByText('共 50 张')).toBeVisible();

  // ---- sync now: the carrier reports every card (the simulated carrier: test period) ----
  await list.getByRole('button', { name: '立即同步' }).click();
  await expect(toast(page, '已同步 50 张卡')).toBeVisible();

  // ---- the two cards, found by search: activated, then suspended in a batch ----
  await list.getByRole('searchbox', { name: '搜索卡号或 ICCID' }).fill(targetsKeyword);
  await list.getByRole('searchbox', { name: '搜索卡号或 ICCID' }).press('Enter');
  await expect(list.getByText('共 2 张')).toBeVisible();
  await expect(tableRow(list, first.number)).toContainText('测试期');
  const selectBoth = async () => {
    await list.getByRole('checkbox', { name: `选择 ${first.number}` }).check();
    await list.getByRole('checkbox', { name: `选择 ${second.number}` }).check();
    await expect(list.getByRole('region', { name: '批量操作' })).toContainText('已选择 2 张');
  };
  await selectBoth();
  await list.getByRole('region', { name: '批量操作' }).getByRole('button', { name: '激活' }).click();
  await expect(toast(page, '已提交 2 张卡的激活操作')).toBeVisible();
  await expect(tableRow(list, first.number)).toContainText('操作中');
  await list.getByRole('button', { name: '立即同步' }).click();
  await expect(tableRow(list, first.number)).toContainText('正常');
  await expect(tableRow(list, second.number)).toContainText('正常');
  await expect(tableRow(list, first.number)).not.toContainText('操作中');

  await selectBoth();
  await list.getByRole('region', { name: '批量操作' }).getByRole('button', { name: '停机' }).click();
  const confirm = confirmDialog(page, '停机 2 张流量卡？');
  await expect(confirm).toContainText(first.number);
  await shoot(page, 'suspend-confirm-zh-CN', false);
  await confirm.getByRole('button', { name: '停机' }).click();
  await expect(toast(page, '已提交 2 张卡的停机操作')).toBeVisible();
  await expect(tableRow(list, first.number)).toContainText('操作中');
  await expect(tableRow(list, first.number)).toContainText('正常');

  // The next sync hands the orders over and the carrier (no delay) confirms them.
  await list.getByRole('button', { name: '立即同步' }).click();
  await expect(toast(page, '确认 2 项操作')).toBeVisible();
  await expect(tableRow(list, first.number)).toContainText('停机');
  await expect(tableRow(list, second.number)).toContainText('停机');
  await expect(tableRow(list, first.number)).not.toContainText('操作中');
  await list.getByRole('searchbox', { name: '搜索卡号或 ICCID' }).clear();
  await expect(list.getByText('共 50 张')).toBeVisible();
  await shoot(page, 'list-zh-CN');

  // ---- the card's page: operations confirmed; bound to the gateway ----
  await page.goto(LIST);
  await list.getByRole('searchbox', { name: '搜索卡号或 ICCID' }).fill(first.number);
  await list.getByRole('searchbox', { name: '搜索卡号或 ICCID' }).press('Enter');
  await expect(list.getByText('共 1 张')).toBeVisible();
  await list.getByRole('link', { name: first.number }).click();
  const detail = simPage(page);
  await expect(detail.getByRole('heading', { name: `流量卡 ${first.number}` })).toBeVisible();
  const history = page.locator('.sd-sim-detail__operations:visible');
  await expect(tableRow(history, '停机')).toContainText('已确认');
  await expect(tableRow(history, '激活')).toContainText('已确认');
  await detail.getByRole('button', { name: '绑定网关' }).click();
  const binder = dialog(page, `绑定网关：${first.number}`);
  await chooseOption(page, binder.getByRole('combobox', { name: '网关' }), gatewayName, { search: gatewayName });
  await shoot(page, 'bind-zh-CN', false);
  await binder.getByRole('button', { name: '绑定' }).click();
  await expect(binder).toBeHidden();
  await expect(detail.getByRole('link', { name: gatewayName })).toBeVisible();
  // The gateway sends 64 KB a minute: a 0.01 MB (10 KB) allowance runs out within 10 seconds, so
  // the plan-exhaustion warning shows whatever the date (only a run in the last 10 s of a Shanghai
  // month would see the period end first).
  await detail.getByRole('button', { name: '编辑' }).click();
  const editor2 = dialog(page, `编辑流量卡 ${first.number}`);
  await editor2.getByLabel('套餐流量').fill('0.01');
  await chooseOption(page, editor2.getByRole('combobox', { name: '数据频率' }), '1 分钟');
  await editor2.getByLabel('单条数据大小').fill('65536');
  await editor2.getByRole('button', { name: '保存' }).click();
  await expect(editor2).toBeHidden();
  await expect(detail.getByText('按网关当前的数据量，套餐将在本周期结束前用完')).toBeVisible();
  await expect(detail).toContainText('每 1 分钟一条、每条 65536 字节');
  await shoot(page, 'detail-zh-CN');

  // ---- the gateway's page shows its card ----
  await detail.getByRole('link', { name: gatewayName }).click();
  await expect(page).toHaveURL(`/smartdata/device/deviceconfig/${gateway.id}`);
  const simCard = page.locator('.sd-sim-gateway-card:visible');
  await expect(simCard.getByRole('link', { name: first.number })).toBeVisible();
  await expect(simCard).toContainText('移动');
  await expect(simCard).toContainText('停机');
  await expect(simCard).toContainText('套餐预警');
  await simCard.scrollIntoViewIfNeeded();
  await shoot(page, 'gateway-card-zh-CN', false);

  // ---- the add form checks the ICCID's Luhn digit before sending ----
  await page.goto(LIST);
  await list.getByRole('button', { name: '添加流量卡' }).click();
  const add = dialog(page, '添加流量卡');
  const newIccid = iccidOf(`8986${run}999999`);
  await add.getByLabel('ICCID').fill(`${newIccid.slice(0, -1)}${(Number(newIccid.slice(-1)) + 1) % 10}`);
  await expect(add.getByTestId('iccid-hint')).toHaveText(/ICCID 校验位不正确/);
  await shoot(page, 'add-luhn-zh-CN', false);
  await add.getByLabel('ICCID').fill(newIccid);
  await expect(add.getByTestId('iccid-hint')).toHaveText(/19 位，校验位正确/);
  await add.getByLabel('卡号').fill(`${base}500`);
  await add.getByRole('button', { name: '添加' }).click();
  await expect(toast(page, `已添加流量卡 ${base}500`)).toBeVisible();
  await expect(list.getByText('共 51 张')).toBeVisible();

  // ---- the screens in English, then on a phone ----
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.goto(LIST);
  await expect(list.getByText('51 cards')).toBeVisible();
  await shoot(page, 'list-en-US');
  await list.getByRole('button', { name: 'Import' }).click();
  await expect(dialog(page, 'Import SIM cards')).toBeVisible();
  await shoot(page, 'import-en-US', false);
  await dialog(page, 'Import SIM cards').getByRole('button', { name: 'Cancel' }).click();
  await list.getByRole('button', { name: 'Add card' }).click();
  await dialog(page, 'Add SIM card').getByLabel('ICCID').fill(newIccid.slice(0, 12));
  await expect(dialog(page, 'Add SIM card').getByTestId('iccid-hint')).toHaveText(/12 digits so far/);
  await shoot(page, 'add-en-US', false);
  await dialog(page, 'Add SIM card').getByRole('button', { name: 'Cancel' }).click();
  await chooseOption(page, list.getByRole('combobox', { name: 'Status' }), 'Suspended, number kept');
  await expect(list.getByText('No cards match')).toBeVisible();
  await chooseOption(page, list.getByRole('combobox', { name: 'Status' }), /^Suspended$/);
  await expect(list.getByText('2 cards')).toBeVisible();
  await expect(tableRow(list, second.number)).toContainText('Suspended');
  await tableRow(list, first.number).getByRole('link', { name: first.number }).click();
  await expect(detail.getByRole('heading', { name: `SIM card ${first.number}` })).toBeVisible();
  await expect(tableRow(history, 'Suspend')).toContainText('Confirmed');
  await shoot(page, 'detail-en-US');
  await page.goto(`/smartdata/device/deviceconfig/${gateway.id}`);
  await expect(page.locator('.sd-sim-gateway-card:visible').getByRole('link', { name: first.number })).toBeVisible();
  await page.locator('.sd-sim-gateway-card:visible').scrollIntoViewIfNeeded();
  await shoot(page, 'gateway-card-en-US');
  await page.goto('/sysSetting/companyManagement');
  await expect(tableRow(page.locator('.sd-sim-connections:visible'), 'China Mobile')).toContainText('0 s');
  await page.locator('.sd-sim-connections:visible').scrollIntoViewIfNeeded();
  await shoot(page, 'connections-en-US', false);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(LIST);
  await expect(list.locator('.ant-table-row').first()).toBeVisible();
  await shoot(page, 'list-phone-en-US');
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.goto(LIST);
  await expect(list.getByText('共 51 张')).toBeVisible();
  await shoot(page, 'list-phone-zh-CN');
  await list.getByRole('searchbox', { name: '搜索卡号或 ICCID' }).fill(first.number);
  await list.getByRole('searchbox', { name: '搜索卡号或 ICCID' }).press('Enter');
  await expect(list.getByText('共 1 张')).toBeVisible();
  await list.getByRole('link', { name: first.number }).click();
  await expect(detail.getByRole('heading', { name: `流量卡 ${first.number}` })).toBeVisible();
  await expect(tableRow(history, '停机')).toContainText('已确认');
  await shoot(page, 'detail-phone-zh-CN');
});

test('at 1440 px a new card reads "not synced yet" (not a bare 无 / None), its 20-digit ICCID on one line and its carrier tag clear of the status', async ({ page, request }) => {
  mkdirSync('/tmp/h31', { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request, '流量卡公司');
  const run = String(Date.now()).slice(-8);
  const iccid = iccidOf(`8986${run}1234567`);
  expect(iccid).toHaveLength(20);
  const number = `14${run}9`;
  await admin.api.post('sim/addCard', { number, iccid, carrier: 'telecom', planMb: 500 });
  await signInAt(page, admin, LIST);

  for (const [language, notSynced] of [['zh-CN', '未同步'], ['en-US', 'Not synced yet']] as const) {
    if (language === 'en-US') {
      await page.evaluate(() => localStorage.setItem('language', 'en-US'));
      await page.reload();
    }
    const row = tableRow(simPage(page), number);
    await expect(row).toBeVisible();
    const status = row.locator('td').nth(4).locator('.ant-tag').first();
    await expect(status).toHaveText(notSynced);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/h31/sim-list-1440-${language}.png` });
    const iccidLines = await row.getByText(iccid, { exact: true }).evaluate((span) => span.getClientRects().length);
    expect(iccidLines, `${language}: the ICCID on one line`).toBe(1);
    const carrier = row.locator('td').nth(3).locator('.ant-tag');
    const [carrierBox, carrierCell, statusBox] = [(await carrier.boundingBox())!, (await row.locator('td').nth(3).boundingBox())!, (await status.boundingBox())!];
    expect(carrierBox.height, `${language}: the carrier's name on one line`).toBeLessThan(26);
    expect(carrierBox.x + carrierBox.width, `${language}: the carrier tag inside its cell`).toBeLessThanOrEqual(carrierCell.x + carrierCell.width - 8);
    expect(statusBox.x - (carrierBox.x + carrierBox.width), `${language}: room between the carrier and the status`).toBeGreaterThanOrEqual(16);
  }
});
