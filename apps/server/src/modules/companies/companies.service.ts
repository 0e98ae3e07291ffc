import { allPermissionCodes, platformOnlyCodes, type CompanyItem, type CompanySummary, type Locale, type MemberItem, type Page } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { translate } from '@server/platform/i18n';
import { AppError, notFound } from '@server/platform/errors';
import { OrdersRepository } from '../orders/orders.repository';
import { CompaniesRepository, type CompanyRow } from './companies.repository';

export function toCompanySummary(row: CompanyRow): CompanySummary {
  return { companyId: row.id, displayName: row.display_name, cfg: row.cfg, timeZone: row.time_zone, isPlatform: row.is_platform === 1 };
}

/** Codes a company administrator gets: everything but system maintenance. */
export const companyAdminCodes = allPermissionCodes.filter((code) => !platformOnlyCodes.includes(code));

export class CompaniesService {
  readonly repository: CompaniesRepository;
  constructor(private readonly db: Db) {
    this.repository = new CompaniesRepository(db);
  }

  /** Creates a company with an administrator role; the given user becomes member and admin. */
  async createCompanyWithAdmin(displayName: string, adminUserId: number, locale: Locale, isPlatform = false): Promise<number> {
    const companyId = await this.repository.insertCompany({ displayName, isPlatform });
    const roleName = translate(isPlatform ? 'role.platformAdmin' : 'role.companyAdmin', locale);
    const roleId = await this.repository.insertRole(companyId, roleName, isPlatform ? allPermissionCodes : companyAdminCodes);
    await this.repository.addMember(companyId, adminUserId);
    await this.repository.assignRole(companyId, adminUserId, roleId);
    return companyId;
  }

  /** The company's time zone, or undefined for an unknown id (callers fall back to the configured default). */
  timeZoneOf(companyId: number): Promise<string | undefined> {
    return this.repository.timeZone(companyId);
  }

  async getCompany(companyId: number): Promise<CompanySummary> {
    const row = await this.repository.findById(companyId);
    if (!row) {
      throw notFound();
    }
    return toCompanySummary(row);
  }

  async memberPage(companyId: number, pageNum: number, pageSize: number, keyword?: string): Promise<Page<MemberItem>> {
    const page = await this.repository.pageMembers(companyId, pageNum, pageSize, keyword);
    const roles = await this.repository.rolesOfMembers(companyId, page.list.map((m) => m.userId));
    return {
      total: page.total,
      list: page.list.map((m) => ({ ...m, roles: roles.filter((r) => r.userId === m.userId).map(({ roleId, name }) => ({ roleId, name })) })),
    };
  }

  /** Platform: every active company with its member count and current order. */
  async list(pageNum: number, pageSize: number, keyword?: string): Promise<Page<CompanyItem>> {
    const { total, rows } = await this.repository.pageCompanies(pageNum, pageSize, keyword);
    const orders = await new OrdersRepository(this.db).currentOrders(rows.map((r) => r.id));
    return {
      total,
      list: rows.map((row) => {
        const order = orders.get(row.id);
        return {
          ...toCompanySummary(row),
          memberCount: Number(row.memberCount ?? 0),
          createdAt: row.created_at,
          order: order ? { swProductId: order.sw_product_id, subTypeId: order.sub_type_id, expireAt: order.expire_at } : null,
        };
      }),
    };
  }

  /** Platform: a new company with an administrator role that nobody holds yet. */
  async add(displayName: string, timeZone: string | undefined, locale: Locale): Promise<{ id: number }> {
    const id = await this.repository.insertCompany({ displayName, isPlatform: false, timeZone });
    await this.repository.insertRole(id, translate('role.companyAdmin', locale), companyAdminCodes);
    return { id };
  }

  async update(id: number, values: { displayName?: string; timeZone?: string }): Promise<void> {
    if (!(await this.repository.findById(id))) {
      throw notFound();
    }
    await this.repository.updateCompany(id, values);
  }

  async delete(id: number): Promise<void> {
    const company = await this.repository.findById(id);
    if (!company) {
      throw notFound();
    }
    if (company.is_platform === 1) {
      throw new AppError(40900, 'company.platformUndeletable');
    }
    await this.repository.markDeleted(id);
  }

  async companiesOfUser(userId: number): Promise<CompanySummary[]> {
    return (await this.repository.companiesOfUser(userId)).map(toCompanySummary);
  }
}
