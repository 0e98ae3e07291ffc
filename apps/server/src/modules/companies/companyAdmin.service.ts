import type { CompanyItem, Locale, Page } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import type { OrdersService } from '../orders/orders.service';
import type { RolesService } from '../roles/roles.service';
import type { CompaniesService } from './companies.service';

/**
 * Company administration that builds on the roles and orders modules: the platform's company
 * list with each company's current order, and new companies with their administrator role.
 */
export class CompanyAdminService {
  constructor(
    private readonly companies: CompaniesService,
    private readonly roles: RolesService,
    private readonly orders: OrdersService,
  ) {}

  /**
   * Creates a company with an administrator role; the given user becomes member and admin
   * (self-registration, first start). Pass the caller's transaction as `on` (see RolesService).
   */
  async createCompanyWithAdmin(displayName: string, adminUserId: number, locale: Locale, isPlatform = false, on?: Db): Promise<number> {
    // The platform company is a built-in record: named by its key, shown in each reader's language.
    const companyId = await this.companies.create({ displayName, isPlatform, ...(isPlatform ? { builtinKey: 'company.platformName' } : {}) }, on);
    const roleId = await this.roles.createAdminRole(companyId, locale, isPlatform, on);
    await this.companies.addMember(companyId, adminUserId, on);
    await this.roles.setUserRoles(companyId, adminUserId, [roleId], on);
    return companyId;
  }

  /** Platform: every active company with its member count and current order. */
  async list(pageNum: number, pageSize: number, locale: Locale, keyword?: string): Promise<Page<CompanyItem>> {
    const page = await this.companies.page(pageNum, pageSize, locale, keyword);
    const orders = await this.orders.currentOrders(page.list.map((company) => company.companyId));
    return { total: page.total, list: page.list.map((company) => ({ ...company, order: orders.get(company.companyId) ?? null })) };
  }

  /** Platform: a new company with an administrator role that nobody holds yet. */
  async add(displayName: string, timeZone: string | undefined, locale: Locale): Promise<{ id: number }> {
    const id = await this.companies.create({ displayName, isPlatform: false, timeZone });
    await this.roles.createAdminRole(id, locale, false);
    return { id };
  }
}
