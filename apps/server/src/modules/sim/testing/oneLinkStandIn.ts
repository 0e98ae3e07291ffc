import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of China Mobile's IoT open platform (OneLink, API v5), built from its published
 * documentation as docs/sim.md "China Mobile OneLink" lists it: a real HTTP server on 127.0.0.1 at
 * a port of the system's choosing, under `/v5/ec/…`. For the API tests and the end-to-end run; no
 * production code imports it (it depends on Node only, so the Playwright specs can start it too).
 *
 * What it does as the platform does: the parameters in the query string (or a JSON body), `transid`
 * = appid + yyyyMMddHHmmss + 8 digits, the token from `/ec/get/token` (appid + password) with a
 * `ttl` and 12021 once it has expired, answers `{status, message, result: [...]}` with status "0",
 * the card statuses of OneLink-CT (1 待激活, 2 已激活, 4 停机, 6 可测试, 7 库存), life-cycle
 * changes by operType taking effect after `changeDelayMs`, traffic in KB, daily traffic of the last
 * 7 days up to yesterday, 50 a page for groups and members and 100 cards a batch. Where the
 * documentation reached is silent it assumes (docs/sim.md says which): the rate limit (HTTP 429),
 * the shapes of the group and member pages, and the texts of its refusals.
 */

export interface StandInCard {
  iccid: string;
  msisdn: string;
  imsi: string;
  /** OneLink-CT cardStatus. */
  status: string;
  /** This month's traffic, KB. */
  usedKb: number;
  /** The plan's allowance, KB (0: no plan offering). */
  planKb: number;
  /** Traffic of whole days, KB, by yyyyMMdd (Beijing). */
  dailyKb: Record<string, number>;
  activeDate: string | null;
  pending: { status: string; at: number } | null;
  changedAt: number | null;
}

export interface StandInCall {
  path: string;
  params: Record<string, string>;
}

export interface OneLinkStandIn {
  /** The API's base, as a connection's endpoint: http://127.0.0.1:<port>/v5 */
  readonly url: string;
  readonly appid: string;
  readonly password: string;
  readonly cards: Map<string, StandInCard>;
  readonly groups: { groupId: string; groupName: string; msisdns: string[] }[];
  /** Every request received, in order. */
  readonly calls: StandInCall[];
  tokenTtlSeconds: number;
  /** A life-cycle change takes effect this long after it was accepted. */
  changeDelayMs: number;
  /** At most `calls` requests in any `windowMs`; more answer HTTP 429. Null: no limit. */
  rateLimit: { calls: number; windowMs: number } | null;
  addCard(card: Partial<StandInCard> & { iccid: string; msisdn: string }, groupId?: string): StandInCard;
  /** Every token issued so far answers 12021 from now on. */
  expireTokens(): void;
  /** The requests to one path. */
  callsTo(path: string): StandInCall[];
  close(): Promise<void>;
}

const statusNames: Record<string, string> = { '1': '待激活', '2': '已激活', '4': '停机', '6': '可测试', '7': '库存', '8': '预销户', '9': '已销户' };
/** operType of `/ec/change/sim-status` → [from, to]. */
const changes: Record<string, [string, string]> = {
  '0': ['2', '4'],
  '1': ['4', '2'],
  '2': ['7', '2'],
  '3': ['6', '7'],
  '4': ['6', '1'],
  '5': ['6', '2'],
  '6': ['1', '2'],
};

const beijing = (at: number) => new Date(at + 8 * 3_600_000).toISOString();
const day8 = (at: number) => beijing(at).slice(0, 10).replaceAll('-', '');
const dateTime = (at: number) => beijing(at).slice(0, 19).replace('T', ' ');

export async function startOneLinkStandIn(options: { appid?: string; password?: string; now?: () => number } = {}): Promise<OneLinkStandIn> {
  const appid = options.appid ?? '100001';
  const password = options.password ?? 'onelink-standin-secret';
  const now = options.now ?? Date.now;
  const tokens = new Map<string, { expiresAt: number }>();
  let current: string | null = null;
  const recent: number[] = [];

  const ok = (result: unknown[]) => ({ status: '0', message: '正确', result });
  const fail = (status: string, message: string) => ({ status, message, result: [] });

  function settle(card: StandInCard): StandInCard {
    if (card.pending && card.pending.at <= now()) {
      if (card.pending.status === '2' && card.activeDate === null) {
        card.activeDate = dateTime(card.pending.at);
      }
      card.status = card.pending.status;
      card.changedAt = card.pending.at;
      card.pending = null;
    }
    return card;
  }

  const findCard = (params: Record<string, string>) => {
    const card = params.iccid ? standIn.cards.get(params.iccid) : [...standIn.cards.values()].find((c) => c.msisdn === params.msisdn || c.imsi === params.imsi);
    return card ? settle(card) : null;
  };

  function handle(path: string, params: Record<string, string>): { http: number; body: unknown } {
    if (standIn.rateLimit) {
      const at = now();
      while (recent.length > 0 && recent[0] <= at - standIn.rateLimit.windowMs) {
        recent.shift();
      }
      if (recent.length >= standIn.rateLimit.calls) {
        return { http: 429, body: fail('429', '调用过于频繁，请稍后再试') };
      }
      recent.push(at);
    }
    if (!new RegExp(`^${params.appid ?? appid}\\d{14}\\d{8}$`).test(params.transid ?? '')) {
      return { http: 200, body: fail('12004', 'transid 或 appid 或 token 鉴权失败') };
    }
    if (path === '/ec/get/token') {
      if (params.appid !== appid || params.password !== password) {
        return { http: 200, body: fail('12022', 'appid 或 password 鉴权不通过') };
      }
      const valid = current ? tokens.get(current) : undefined;
      if (!current || !valid || valid.expiresAt <= now() || params.refresh === '1') {
        current = randomBytes(32).toString('hex');
        tokens.set(current, { expiresAt: now() + standIn.tokenTtlSeconds * 1000 });
      }
      const ttl = Math.max(0, Math.round((tokens.get(current)!.expiresAt - now()) / 1000));
      return { http: 200, body: ok([{ token: current, ttl: String(ttl) }]) };
    }
    const token = tokens.get(params.token ?? '');
    if (!token) {
      return { http: 200, body: fail('12004', 'transid 或 appid 或 token 鉴权失败') };
    }
    if (token.expiresAt <= now()) {
      return { http: 200, body: fail('12021', 'token 已失效，请重新获取') };
    }
    const numbers = (key: string) => (params[key] ?? '').split('_').filter((n) => n !== '');
    const page = () => {
      const size = Number(params.pageSize);
      const start = Number(params.startNum);
      return Number.isInteger(size) && size >= 1 && size <= 50 && Number.isInteger(start) && start >= 1 ? { size, offset: (start - 1) * size } : null;
    };
    switch (path) {
      case '/ec/query/sim-status':
      case '/ec/query/sim-data-usage':
      case '/ec/query/sim-data-margin':
      case '/ec/query/sim-basic-info':
      case '/ec/change/sim-status': {
        const card = findCard(params);
        if (!card) {
          return { http: 200, body: fail('12010', '卡号鉴权失败，不存在本系统') };
        }
        if (path === '/ec/query/sim-status') {
          return { http: 200, body: ok([{ cardStatus: card.status, lastChangeDate: card.changedAt === null ? '' : dateTime(card.changedAt) }]) };
        }
        if (path === '/ec/query/sim-data-usage') {
          return { http: 200, body: ok([{ dataAmount: card.usedKb > 0 ? String(card.usedKb) : ' ' }]) };
        }
        if (path === '/ec/query/sim-data-margin') {
          const list = card.planKb > 0 ? [{ offeringId: 'I00010100001', offeringName: '物联网流量套餐', apnName: 'CMIOT', totalAmount: String(card.planKb), useAmount: String(Math.min(card.usedKb, card.planKb)), remainAmount: String(Math.max(0, card.planKb - card.usedKb)) }] : [];
          return { http: 200, body: ok([{ accmMarginList: list }]) };
        }
        if (path === '/ec/query/sim-basic-info') {
          return { http: 200, body: ok([{ msisdn: card.msisdn, imsi: card.imsi, iccid: card.iccid, activeDate: card.activeDate ?? '', openDate: '2026-01-05 10:00:00' }]) };
        }
        const change = changes[params.operType ?? ''];
        if (!change) {
          return { http: 200, body: fail('11000', '请求参数错误：operType') };
        }
        if (card.pending || card.status !== change[0]) {
          return { http: 200, body: fail('12089', `卡当前状态为“${statusNames[card.pending?.status ?? card.status] ?? card.status}”，不能办理该状态变更`) };
        }
        card.pending = { status: change[1], at: now() + standIn.changeDelayMs };
        settle(card);
        return { http: 200, body: ok([{ iccid: card.iccid }]) };
      }
      case '/ec/query/sim-data-usage-daily/batch': {
        const iccids = numbers('iccids');
        const date = params.queryDate ?? '';
        const allowed = Array.from({ length: 7 }, (_, i) => day8(now() - (i + 1) * 86_400_000));
        if (iccids.length === 0 || iccids.length > 100 || !allowed.includes(date)) {
          return { http: 200, body: fail('11000', '请求参数错误：仅支持查询近 7 天中某一天、每次不超过 100 张卡') };
        }
        const list = iccids.flatMap((iccid) => {
          const card = standIn.cards.get(iccid);
          return card ? [{ iccid, dataAmount: String(card.dailyKb[date] ?? 0), apnDataAmountList: [] }] : [];
        });
        return { http: 200, body: ok([{ dataAmountList: list }]) };
      }
      case '/ec/query/group-info': {
        const p = page();
        if (!p) {
          return { http: 200, body: fail('11000', '请求参数错误：pageSize 不超过 50，startNum 从 1 开始') };
        }
        const list = standIn.groups.slice(p.offset, p.offset + p.size).map((g) => ({ groupId: g.groupId, groupName: g.groupName }));
        return { http: 200, body: ok([{ totalCount: String(standIn.groups.length), groupList: list }]) };
      }
      case '/ec/query/group-member': {
        const p = page();
        const group = standIn.groups.find((g) => g.groupId === params.groupId);
        if (!p) {
          return { http: 200, body: fail('11000', '请求参数错误：pageSize 不超过 50，startNum 从 1 开始') };
        }
        if (!group) {
          return { http: 200, body: fail('12034', '群组 ID 不属于本企业') };
        }
        return { http: 200, body: ok([{ totalCount: String(group.msisdns.length), memberList: group.msisdns.slice(p.offset, p.offset + p.size).map((msisdn) => ({ msisdn })) }]) };
      }
      case '/ec/query/sim-card-info/batch': {
        const msisdns = numbers('msisdns');
        if (msisdns.length === 0 || msisdns.length > 100) {
          return { http: 200, body: fail('11000', '请求参数错误：每次不超过 100 张卡') };
        }
        const byNumber = new Map([...standIn.cards.values()].map((c) => [c.msisdn, c]));
        return { http: 200, body: ok(msisdns.flatMap((msisdn) => (byNumber.has(msisdn) ? [{ msisdn, iccid: byNumber.get(msisdn)!.iccid, imsi: byNumber.get(msisdn)!.imsi }] : []))) };
      }
      default:
        return { http: 404, body: { status: '404', message: 'not found', result: [] } };
    }
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const params: Record<string, string> = {};
      try {
        const body = Buffer.concat(chunks).toString('utf8');
        if (body.trim().startsWith('{')) {
          for (const [key, value] of Object.entries(JSON.parse(body) as Record<string, unknown>)) {
            params[key] = String(value);
          }
        }
      } catch {
        // An unreadable body: the query string alone counts.
      }
      url.searchParams.forEach((value, key) => (params[key] = value));
      const path = url.pathname.replace(/^\/v5/, '');
      standIn.calls.push({ path, params });
      const answer = handle(path, params);
      response.writeHead(answer.http, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const standIn: OneLinkStandIn = {
    url: `http://127.0.0.1:${port}/v5`,
    appid,
    password,
    cards: new Map(),
    groups: [],
    calls: [],
    tokenTtlSeconds: 3600,
    changeDelayMs: 0,
    rateLimit: null,
    addCard(card, groupId = 'G0001') {
      const full: StandInCard = { imsi: `46004${card.msisdn.slice(-10)}`, status: '6', usedKb: 0, planKb: 0, dailyKb: {}, activeDate: null, pending: null, changedAt: null, ...card };
      standIn.cards.set(full.iccid, full);
      let group = standIn.groups.find((g) => g.groupId === groupId);
      if (!group) {
        group = { groupId, groupName: `群组 ${groupId}`, msisdns: [] };
        standIn.groups.push(group);
      }
      group.msisdns.push(full.msisdn);
      return full;
    },
    expireTokens() {
      for (const token of tokens.values()) {
        token.expiresAt = Number.NEGATIVE_INFINITY;
      }
    },
    callsTo: (path) => standIn.calls.filter((c) => c.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
