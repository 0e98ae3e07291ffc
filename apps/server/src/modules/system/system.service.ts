import { startOfDay } from '@smartdata/domain';
import type { AcquisitionItem, AuditLogItem, Page, RetentionItem, WhiteIpItem, AssignmentItem } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import type { Registry } from '@server/platform/registry';
import type { IpAllowList } from '@server/platform/ipAllowList';
import { conflict, notFound, validationError } from '@server/platform/errors';
import { CompaniesRepository } from '../companies/companies.repository';
import { SystemRepository } from './system.repository';

const dayMs = 86_400_000;

export class SystemService {
  private readonly repository: SystemRepository;
  private readonly companies: CompaniesRepository;

  constructor(
    db: Db,
    private readonly registry: Registry,
    private readonly allowList: IpAllowList,
  ) {
    this.repository = new SystemRepository(db);
    this.companies = new CompaniesRepository(db);
  }

  async whiteIps(): Promise<WhiteIpItem[]> {
    return (await this.repository.whiteIps()).map((r) => ({ id: r.id, ip: r.ip, remark: r.remark, createdAt: r.created_at, createdBy: r.created_by }));
  }

  /** Adding an entry must not lock out the address that saves it. */
  async addWhiteIp(ip: string, remark: string, callerIp: string, callerName: string): Promise<{ id: number }> {
    const entries = (await this.repository.whiteIps()).map((r) => r.ip);
    if (entries.includes(ip)) {
      throw conflict('ip.exists');
    }
    if (!this.allowList.allows(callerIp, [...entries, ip])) {
      throw validationError(`ip.lockout|${callerIp}`);
    }
    const id = await this.repository.insertWhiteIp(ip, remark, callerName);
    await this.allowList.reload();
    return { id };
  }

  async deleteWhiteIp(id: number, callerIp: string): Promise<void> {
    const entries = await this.repository.whiteIps();
    if (!entries.some((e) => e.id === id)) {
      throw notFound();
    }
    const remaining = entries.filter((e) => e.id !== id).map((e) => e.ip);
    if (!this.allowList.allows(callerIp, remaining)) {
      throw validationError(`ip.lockout|${callerIp}`);
    }
    await this.repository.deleteWhiteIp(id);
    await this.allowList.reload();
  }

  async auditLog(filter: Parameters<SystemRepository['pageAudit']>[0]): Promise<Page<AuditLogItem>> {
    const { total, rows } = await this.repository.pageAudit(filter);
    return { total, list: rows.map((r) => ({ ...r, companyName: r.companyName ?? '' })) };
  }

  retentions(): Promise<RetentionItem[]> {
    return this.repository.retentions();
  }

  async setRetention(companyId: number, rawDays: number | null): Promise<void> {
    if (!(await this.companies.findById(companyId))) {
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
      for (const purger of this.registry.purgers) {
        purged += await purger(companyId, before);
      }
      await this.repository.recordPurge(companyId, purged);
      rows += purged;
    }
    return { companies: companies.length, rows };
  }

  /** Per company: devices and values received, as the modules that own them report. */
  async acquisition(timeZone: string, now = Date.now()): Promise<AcquisitionItem[]> {
    const companies = await this.repository.activeCompanies();
    const today = startOfDay(now, timeZone);
    const yesterday = startOfDay(today - 1, timeZone);
    const ids = companies.map((c) => c.id);
    const reports = await Promise.all(this.registry.acquisition.map((provider) => provider(ids, { today, yesterday })));
    return companies.map((company) => {
      const item: AcquisitionItem = { companyId: company.id, displayName: company.display_name, devicesTotal: null, devicesOnline: null, valuesToday: null, valuesYesterday: null };
      for (const report of reports) {
        const figures = report.get(company.id);
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

  async assignments(companyId: number, userId: number): Promise<AssignmentItem[]> {
    const lists = await Promise.all(this.registry.assignments.map((provider) => provider(companyId, userId)));
    return lists.flat().sort((a, b) => b.createdAt - a.createdAt);
  }
}
