import { startOfDay } from '@smartdata/domain';
import type { AcquisitionItem, AuditLogItem, Locale, MyAssignments, Page, RetentionItem, WhiteIpItem, SystemDataItem, SystemDataItemDetail, SystemDataItemQuery } from '@smartdata/domain';
import type { AssignmentCaller, Registry } from '@server/platform/registry';
import type { IpAllowList } from '@server/platform/ipAllowList';
import type { Scheduler } from '@server/platform/scheduler';
import { conflict, notFound, validationError } from '@server/platform/errors';
import { builtinName } from '@server/platform/i18n';
import type { CompaniesService } from '../companies/companies.service';
import type { UsersService } from '../users/users.service';
import type { DataItemCatalog } from '../data-items/dataItemCatalog.service';
import type { SystemRepository } from './system.repository';

const dayMs = 86_400_000;

export interface SystemDependencies {
  registry: Registry;
  allowList: IpAllowList;
  scheduler: Pick<Scheduler, 'runExclusive'>;
  companies: Pick<CompaniesService, 'exists' | 'activeCompanies'>;
  users: Pick<UsersService, 'userName'>;
  /** The platform's time zone: the acquisition page's days. */
  timeZone: string;
  /** Every company's data items, metadata only (the data-items module). */
  catalog: Pick<DataItemCatalog, 'page' | 'detail'>;
}

/** System maintenance (platform): IP allow-list, audit log, data retention and purge, acquisition status. */
export class SystemService {
  constructor(
    private readonly repository: SystemRepository,
    private readonly deps: SystemDependencies,
  ) {}

  async whiteIps(): Promise<WhiteIpItem[]> {
    return (await this.repository.whiteIps()).map((r) => ({ id: r.id, ip: r.ip, remark: r.remark, createdAt: r.created_at, createdBy: r.created_by }));
  }

  /** Adding an entry must not lock out the address that saves it. */
  async addWhiteIp(ip: string, remark: string, callerIp: string, callerId: number): Promise<{ id: number }> {
    const entries = (await this.repository.whiteIps()).map((r) => r.ip);
    if (entries.includes(ip)) {
      throw conflict('ip.exists');
    }
    if (!this.deps.allowList.allows(callerIp, [...entries, ip])) {
      throw validationError(`ip.lockout|${callerIp}`);
    }
    const id = await this.repository.insertWhiteIp(ip, remark, (await this.deps.users.userName(callerId)) ?? '');
    await this.deps.allowList.reload();
    return { id };
  }

  async deleteWhiteIp(id: number, callerIp: string): Promise<void> {
    const entries = await this.repository.whiteIps();
    if (!entries.some((e) => e.id === id)) {
      throw notFound();
    }
    const remaining = entries.filter((e) => e.id !== id).map((e) => e.ip);
    if (!this.deps.allowList.allows(callerIp, remaining)) {
      throw validationError(`ip.lockout|${callerIp}`);
    }
    await this.repository.deleteWhiteIp(id);
    await this.deps.allowList.reload();
  }

  /** One page of the audit log; the platform company named in the reader's language. */
  async auditLog(filter: Parameters<SystemRepository['pageAudit']>[0], locale: Locale): Promise<Page<AuditLogItem>> {
    const { total, rows } = await this.repository.pageAudit(filter);
    return { total, list: rows.map(({ companyBuiltinKey, ...r }) => ({ ...r, companyName: builtinName(r.companyName ?? '', companyBuiltinKey, locale) })) };
  }

  /** Each company's data retention; the platform company named in the reader's language. */
  async retentions(locale: Locale): Promise<RetentionItem[]> {
    return (await this.repository.retentions()).map(({ builtinKey, ...r }) => ({ ...r, displayName: builtinName(r.displayName, builtinKey, locale) }));
  }

  /**
   * System data items: every company's items with size, last write, expiry and the company's
   * retention; by company name and item name. Metadata only (the data-items catalogue reads no
   * record value into an answer).
   */
  async dataItems(query: SystemDataItemQuery, locale: Locale): Promise<Page<SystemDataItem>> {
    const companies = await this.retentions(locale);
    const byId = new Map(companies.map((c) => [c.companyId, c]));
    const companyName = query.companyName?.toLowerCase();
    const companyIds = companyName ? companies.filter((c) => c.displayName.toLowerCase().includes(companyName)).map((c) => c.companyId) : undefined;
    const page = await this.deps.catalog.page({ companyIds, keyword: query.keyword || undefined, pageNum: query.pageNum, pageSize: query.pageSize });
    return {
      total: page.total,
      list: page.list.map((entry) => ({ ...entry, companyName: byId.get(entry.companyId)?.displayName ?? '', retentionDays: byId.get(entry.companyId)?.rawDays ?? null })),
    };
  }

  /** One item's metadata (fields, settings, sizes); 40400 when there is no such item. */
  async dataItem(id: number, locale: Locale): Promise<SystemDataItemDetail> {
    const detail = await this.deps.catalog.detail(id);
    if (!detail) {
      throw notFound();
    }
    const company = (await this.retentions(locale)).find((c) => c.companyId === detail.companyId);
    return { ...detail, companyName: company?.displayName ?? '', retentionDays: company?.rawDays ?? null };
  }

  async setRetention(companyId: number, rawDays: number | null): Promise<void> {
    if (!(await this.deps.companies.exists(companyId))) {
      throw notFound();
    }
    await this.repository.setRetention(companyId, rawDays);
  }

  /** The purge job: for each company with a retention, every module deletes older raw values. */
  async purge(now = Date.now()): Promise<{ companies: number; rows: number }> {
    let rows = 0;
    const companies = await this.repository.companiesWithRetention();
    for (const { companyId, rawDays } of companies) {
      const before = now - (rawDays ?? 0) * dayMs;
      let purged = 0;
      for (const purger of this.deps.registry.purgers) {
        purged += await purger(companyId, before);
      }
      await this.repository.recordPurge(companyId, purged);
      rows += purged;
    }
    return { companies: companies.length, rows };
  }

  /** Runs the purge now, unless another instance holds the job (then `ran` is false and nothing is deleted). */
  async purgeNow(): Promise<{ ran: boolean; companies: number; rows: number }> {
    let result = { companies: 0, rows: 0 };
    const ran = await this.deps.scheduler.runExclusive('purge', async () => {
      result = await this.purge();
    });
    return { ran, ...result };
  }

  /** Per company: devices and values received, as the modules that own them report. */
  async acquisition(locale: Locale, now = Date.now()): Promise<AcquisitionItem[]> {
    const companies = await this.deps.companies.activeCompanies(locale);
    const today = startOfDay(now, this.deps.timeZone);
    const yesterday = startOfDay(today - 1, this.deps.timeZone);
    const ids = companies.map((c) => c.companyId);
    const reports = await Promise.all(this.deps.registry.acquisition.map((provider) => provider(ids, { today, yesterday })));
    return companies.map((company) => {
      const item: AcquisitionItem = { companyId: company.companyId, displayName: company.displayName, devicesTotal: null, devicesOnline: null, valuesToday: null, valuesYesterday: null };
      for (const report of reports) {
        const figures = report.get(company.companyId);
        if (figures) {
          item.devicesTotal = (item.devicesTotal ?? 0) + (figures.devicesTotal ?? 0);
          item.devicesOnline = (item.devicesOnline ?? 0) + (figures.devicesOnline ?? 0);
          item.valuesToday = (item.valuesToday ?? 0) + (figures.valuesToday ?? 0);
          item.valuesYesterday = (item.valuesYesterday ?? 0) + (figures.valuesYesterday ?? 0);
        }
      }
      return item;
    });
  }

  /**
   * My assignments (docs/assignments.md): each module that assigns work answers its share through
   * its own service (alarms: active unacknowledged alarms the user may see; tasks: executable tasks
   * the user may run); the counts are the navbar badge's.
   */
  async assignments(caller: AssignmentCaller): Promise<MyAssignments> {
    const sections = await Promise.all(this.deps.registry.assignments.map((provider) => provider(caller)));
    const counts: MyAssignments['counts'] = { alarm: 0, task: 0 };
    for (const section of sections) {
      counts[section.kind] += section.total;
    }
    const list = sections.flatMap((section) => section.list).sort((a, b) => b.createdAt - a.createdAt);
    return { list, total: counts.alarm + counts.task, counts };
  }

}
