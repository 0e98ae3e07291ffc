import { localDay, planWindow, simLimits, type SimAction, type SimStatus } from '@smartdata/domain';
import type { CarrierCardInfo, CarrierCardRef, CarrierLine, CarrierOrder, CarrierProvider, LineAnswer, ProviderCheck, ProviderContext, SubmitAnswer } from './carrierProvider';
import { beijingStamp, type OneLinkAnswer, type OneLinkClient, type OneLinkCredentials } from './oneLinkClient';

/**
 * China Mobile OneLink (IoT open platform, API v5) behind the provider interface (docs/sim.md
 * "China Mobile OneLink"). Per card and sync: status (CMIOT_API25S04 `/ec/query/sim-status`), this
 * month's traffic (CMIOT_API25U04 `/ec/query/sim-data-usage`, KB), the plan's allowance
 * (CMIOT_API23U07 `/ec/query/sim-data-margin`, KB) and the first activation (CMIOT_API23S00
 * `/ec/query/sim-basic-info`); per 100 cards yesterday's traffic (CMIOT_API25U01
 * `/ec/query/sim-data-usage-daily/batch`). Orders go through the single-card life-cycle change
 * (CMIOT_API23S03 `/ec/change/sim-status`, operType) and are confirmed when a later status shows
 * them done. The first import pages through the account's groups (CMIOT_API23E06
 * `/ec/query/group-info`) and their members (CMIOT_API23E01 `/ec/query/group-member`) and reads
 * the ICCIDs (CMIOT_API25S05 `/ec/query/sim-card-info/batch`).
 */

/** The platform's page size limit (group and member queries: at most 50) and batch limit (100 cards). */
const pageSize = 50;
const batchSize = 100;
const KB_PER_MB = 1024;

/**
 * The card statuses OneLink answers (cardStatus) and the spec §3 status each is. OneLink-CT codes:
 * 1 待激活, 2 已激活, 4 停机, 6 可测试, 7 库存, 8 预销户, 9 已销户; OneLink-PB codes: 00 正常,
 * 01 单向停机, 02 停机, 03 预销号, 04 销号, 05 过户, 06 休眠, 07 待激活. A card in stock has no
 * service status yet (none); 停机保号 has no code of its own here.
 */
export const oneLinkStatuses: Record<string, SimStatus> = {
  '1': 'silent',
  '2': 'normal',
  '4': 'suspended',
  '6': 'test',
  '7': 'none',
  '8': 'suspended',
  '9': 'suspended',
  '00': 'normal',
  '01': 'suspended',
  '02': 'suspended',
  '03': 'suspended',
  '04': 'suspended',
  '05': 'normal',
  '06': 'silent',
  '07': 'silent',
};

/**
 * operType of `/ec/change/sim-status` (CMIOT_API23S03): 0 申请停机 (activated → suspended),
 * 1 申请复机 (suspended → activated), 2 库存 → 已激活, 5 可测试 → 已激活, 6 待激活 → 已激活. An
 * activation depends on where the card is.
 */
const activationFrom: Record<string, string> = { '7': '2', '6': '5', '1': '6' };
const operTypeOf = (action: 'suspend' | 'resume') => (action === 'suspend' ? '0' : '1');

/** The status an order has taken effect in. */
const targetOf: Record<Exclude<SimAction, 'changePlan'>, SimStatus> = { activate: 'normal', suspend: 'suspended', resume: 'normal' };

/** A ref names the order and the transid of its call (the platform answers no order id for a single card). */
const refOf = (action: SimAction, transid: string) => `onelink:${action}:${transid}`;
const actionOfRef = (ref: string): Exclude<SimAction, 'changePlan'> | null => {
  const action = ref.split(':')[1];
  return action === 'activate' || action === 'suspend' || action === 'resume' ? action : null;
};

const kbToMb = (value: unknown): number => {
  const kb = Number(typeof value === 'string' ? value.trim() : value);
  // The platform answers " " when a card has no traffic or no plan yet.
  return Number.isFinite(kb) && kb > 0 ? kb / KB_PER_MB : 0;
};

/** "yyyy-MM-dd HH:mm:ss" or "yyyyMMddHHmmss" in Beijing time → epoch ms. */
export function beijingInstant(text: unknown): number | null {
  if (typeof text !== 'string') {
    return null;
  }
  const digits = text.replace(/\D/g, '');
  if (digits.length < 8) {
    return null;
  }
  const [y, mo, d, h, mi, s] = [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8), digits.slice(8, 10) || '0', digits.slice(10, 12) || '0', digits.slice(12, 14) || '0'].map(Number);
  const at = Date.UTC(y, mo - 1, d, h, mi, s) - 8 * 3_600_000;
  return Number.isFinite(at) ? at : null;
}

type StatusRow = { cardStatus?: unknown };
type UsageRow = { dataAmount?: unknown };
type MarginRow = { accmMarginList?: { totalAmount?: unknown }[] };
type BasicRow = { activeDate?: unknown };
type DailyRow = { dataAmountList?: { iccid?: unknown; dataAmount?: unknown }[] };
type GroupPage = { totalCount?: unknown; groupList?: { groupId?: unknown }[] };
type MemberPage = { totalCount?: unknown; memberList?: { msisdn?: unknown }[] };
type CardInfoRow = { msisdn?: unknown; iccid?: unknown; imsi?: unknown };

export class OneLinkProvider implements CarrierProvider {
  readonly working = true;

  constructor(private readonly client: OneLinkClient) {}

  private credentials(context: ProviderContext): OneLinkCredentials {
    return { appid: context.connection.account.trim(), password: context.connection.secret ?? '', endpoint: context.connection.endpoint };
  }

  private call<T>(context: ProviderContext, path: string, params: Record<string, string>): Promise<OneLinkAnswer<T>> {
    return this.client.call<T>(this.credentials(context), path, params, context.now);
  }

  /** The token call proves the AppID and password. */
  async test(context: ProviderContext): Promise<ProviderCheck> {
    const answer = await this.client.token(this.credentials(context), context.now);
    return answer.ok ? { ok: true } : { ok: false, message: answer.message };
  }

  async submit(context: ProviderContext, card: CarrierCardRef, order: CarrierOrder): Promise<SubmitAnswer> {
    if (order.action === 'changePlan') {
      return { accepted: false, message: 'sim.onelink.noPlanChange' };
    }
    let operType: string;
    if (order.action === 'activate') {
      const status = await this.call<StatusRow>(context, '/ec/query/sim-status', { iccid: card.iccid });
      if (!status.ok) {
        return { accepted: false, message: status.message, retryLater: status.rateLimited };
      }
      const raw = String(status.result[0]?.cardStatus ?? '');
      const type = activationFrom[raw];
      if (!type) {
        return { accepted: false, message: `sim.onelink.noActivation|${raw}` };
      }
      operType = type;
    } else {
      operType = operTypeOf(order.action);
    }
    const answer = await this.call<unknown>(context, '/ec/change/sim-status', { iccid: card.iccid, operType });
    if (!answer.ok) {
      return { accepted: false, message: answer.message, retryLater: answer.rateLimited };
    }
    return { accepted: true, ref: refOf(order.action, answer.transid) };
  }

  async query(context: ProviderContext, cards: readonly CarrierCardRef[]): Promise<Map<string, LineAnswer>> {
    const answers = new Map<string, LineAnswer>();
    const periodStart = planWindow('monthly', context.now, context.timeZone).from;
    for (const card of cards) {
      answers.set(card.iccid, await this.line(context, card, periodStart));
    }
    await this.addYesterday(context, answers);
    return answers;
  }

  private async line(context: ProviderContext, card: CarrierCardRef, periodStart: number): Promise<LineAnswer> {
    const status = await this.call<StatusRow>(context, '/ec/query/sim-status', { iccid: card.iccid });
    if (!status.ok) {
      return { ok: false, message: status.message };
    }
    const raw = String(status.result[0]?.cardStatus ?? '');
    if (raw === '99') {
      return { ok: false, message: 'sim.provider.unknownCard' };
    }
    const usage = await this.call<UsageRow>(context, '/ec/query/sim-data-usage', { iccid: card.iccid });
    if (!usage.ok) {
      return { ok: false, message: usage.message };
    }
    // The allowance and the activation date are extras: without them the card's own record stands.
    const margin = await this.call<MarginRow>(context, '/ec/query/sim-data-margin', { iccid: card.iccid });
    if (!margin.ok && margin.rateLimited) {
      return { ok: false, message: margin.message };
    }
    const offerings = margin.ok ? (margin.result[0]?.accmMarginList ?? []) : [];
    const planMb = offerings.length > 0 ? offerings.reduce((sum, o) => sum + kbToMb(o.totalAmount), 0) : card.planMb;
    const basic = await this.call<BasicRow>(context, '/ec/query/sim-basic-info', { iccid: card.iccid });
    if (!basic.ok && basic.rateLimited) {
      return { ok: false, message: basic.message };
    }
    const mapped: SimStatus = oneLinkStatuses[raw] ?? 'none';
    const finished: Record<string, string | null> = {};
    for (const ref of card.submitted ?? []) {
      const action = actionOfRef(ref);
      if (action && targetOf[action] === mapped) {
        finished[ref] = null;
      }
    }
    const line: CarrierLine = {
      status: mapped,
      rawStatus: raw,
      usedMb: kbToMb(usage.result[0]?.dataAmount),
      planMb,
      periodStart,
      activatedAt: basic.ok ? beijingInstant(basic.result[0]?.activeDate) : null,
      expiresAt: null,
      finished,
    };
    return { ok: true, line };
  }

  /** Yesterday's traffic of the cards answered, 100 a call (the platform keeps the last 7 days, up to yesterday). */
  private async addYesterday(context: ProviderContext, answers: Map<string, LineAnswer>): Promise<void> {
    const answered = [...answers].filter(([, answer]) => answer.ok).map(([iccid]) => iccid);
    const yesterday = context.now - 86_400_000;
    const queryDate = beijingStamp(yesterday).slice(0, 8);
    const day = localDay(yesterday, context.timeZone);
    for (let i = 0; i < answered.length; i += batchSize) {
      const answer = await this.call<DailyRow>(context, '/ec/query/sim-data-usage-daily/batch', { iccids: answered.slice(i, i + batchSize).join('_'), queryDate });
      if (!answer.ok) {
        return; // The monthly figures stand; the day keeps its share of them.
      }
      for (const row of answer.result[0]?.dataAmountList ?? []) {
        const entry = typeof row.iccid === 'string' ? answers.get(row.iccid) : undefined;
        if (entry?.ok) {
          entry.line.days = [{ day, usedMb: kbToMb(row.dataAmount) }];
        }
      }
    }
  }

  /** Every card of the account's groups: group pages, member pages (50 each), then ICCIDs 100 at a time. */
  async listCards(context: ProviderContext): Promise<{ ok: true; cards: CarrierCardInfo[] } | { ok: false; message: string }> {
    const groups: string[] = [];
    const maxPages = Math.ceil(simLimits.importRowsMax / pageSize) + 1;
    for (let page = 1; page <= maxPages; page += 1) {
      const answer = await this.call<GroupPage>(context, '/ec/query/group-info', { pageSize: String(pageSize), startNum: String(page) });
      if (!answer.ok) {
        return { ok: false, message: answer.message };
      }
      const list = answer.result[0]?.groupList ?? [];
      groups.push(...list.flatMap((g) => (typeof g.groupId === 'string' || typeof g.groupId === 'number' ? [String(g.groupId)] : [])));
      if (list.length < pageSize || groups.length >= Number(answer.result[0]?.totalCount ?? 0)) {
        break;
      }
    }
    const msisdns = new Set<string>();
    for (const groupId of groups) {
      let seen = 0;
      for (let page = 1; page <= maxPages && msisdns.size < simLimits.importRowsMax; page += 1) {
        const answer = await this.call<MemberPage>(context, '/ec/query/group-member', { groupId, pageSize: String(pageSize), startNum: String(page) });
        if (!answer.ok) {
          return { ok: false, message: answer.message };
        }
        const list = answer.result[0]?.memberList ?? [];
        for (const member of list) {
          if (typeof member.msisdn === 'string') {
            msisdns.add(member.msisdn);
          }
        }
        seen += list.length;
        if (list.length < pageSize || seen >= Number(answer.result[0]?.totalCount ?? 0)) {
          break;
        }
      }
    }
    const numbers = [...msisdns].slice(0, simLimits.importRowsMax);
    const cards: CarrierCardInfo[] = [];
    for (let i = 0; i < numbers.length; i += batchSize) {
      const answer = await this.call<CardInfoRow>(context, '/ec/query/sim-card-info/batch', { msisdns: numbers.slice(i, i + batchSize).join('_') });
      if (!answer.ok) {
        return { ok: false, message: answer.message };
      }
      for (const row of answer.result) {
        if (typeof row.iccid === 'string' && typeof row.msisdn === 'string') {
          cards.push({ iccid: row.iccid, msisdn: row.msisdn, imsi: typeof row.imsi === 'string' && row.imsi !== '' ? row.imsi : null });
        }
      }
    }
    return { ok: true, cards };
  }
}
