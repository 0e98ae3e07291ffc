import { defaultLocale, type CompanySummary, type Locale, type Page } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { AppError, notFound } from '@server/platform/errors';
import { builtinName, isBuiltinText } from '@server/platform/i18n';
import { CompaniesRepository, type CompanyRow } from './companies.repository';
import type { MembersRepository } from './members.repository';

/** A company as the domain shows it; the id is a number here (the spec's type also allows a string). */
export type CompanyInfo = CompanySummary & { companyId: number };

/** The company as shown to a reader of `locale`: the platform company's built-in name in their language. */
export function toCompanySummary(row: CompanyRow, locale: Locale): CompanyInfo {
  return { companyId: row.id, displayName: builtinName(row.display_name, row.builtin_key, locale), cfg: row.cfg, timeZone: row.time_zone, isPlatform: row.is_platform === 1 };
}

/** A company a user belongs to, in a list of users. */
export interface CompanyOfUser {
  userId: number;
  companyId: number;
  displayName: string;
}

/**
 * Companies and who belongs to them: the only path to the company and company_member tables for
 * every other module. It depends on no other module, so roles, orders, groups and users are built
 * on it; what needs those modules (members, invitations, new companies) is in MembersService and
 * CompanyAdminService. `create` and `addMember` take an executor `on` (see RolesService).
 */
export class CompaniesService {
  constructor(
    private readonly repository: CompaniesRepository,
    private readonly memberships: MembersRepository,
  ) {}

  private repositoryOn(on: Db | undefined): CompaniesRepository {
    return on ? new CompaniesRepository(on) : this.repository;
  }

  /** The company's time zone, or undefined for an unknown id (callers fall back to the configured default). */
  timeZoneOf(companyId: number): Promise<string | undefined> {
    return this.repository.timeZone(companyId);
  }

  /** An active company, or undefined (unknown or deleted); named for a reader of `locale`. */
  async find(companyId: number, locale: Locale = defaultLocale): Promise<CompanyInfo | undefined> {
    const row = await this.repository.findById(companyId);
    return row ? toCompanySummary(row, locale) : undefined;
  }

  /** An active company (not found otherwise); named for a reader of `locale` (the default for messages to devices). */
  async getCompany(companyId: number, locale: Locale = defaultLocale): Promise<CompanyInfo> {
    const company = await this.find(companyId, locale);
    if (!company) {
      throw notFound();
    }
    return company;
  }

  /** True for a company that exists and was not deleted. */
  async exists(companyId: number): Promise<boolean> {
    return (await this.repository.findById(companyId)) !== undefined;
  }

  /** Whether an active company is the platform company; undefined when it is unknown or deleted. */
  async isPlatformCompany(companyId: number): Promise<boolean | undefined> {
    const row = await this.repository.findById(companyId);
    return row ? row.is_platform === 1 : undefined;
  }

  /** The platform company once the first start has made it. */
  async platformCompany(): Promise<CompanyInfo | undefined> {
    const row = await this.repository.findPlatformCompany();
    return row ? toCompanySummary(row, defaultLocale) : undefined;
  }

  /** Every active company, by id, named for a reader of `locale`. */
  async activeCompanies(locale: Locale): Promise<{ companyId: number; displayName: string }[]> {
    return (await this.repository.activeCompanies()).map((row) => ({ companyId: row.id, displayName: builtinName(row.display_name, row.builtin_key, locale) }));
  }

  /** The active companies where the user is an active member, in the order they joined. */
  async companiesOfUser(userId: number, locale: Locale): Promise<CompanyInfo[]> {
    return (await this.repository.companiesOfUser(userId)).map((row) => toCompanySummary(row, locale));
  }

  /** The active companies each of `userIds` belongs to, whatever their membership status. */
  async companiesOfUsers(userIds: number[], locale: Locale): Promise<CompanyOfUser[]> {
    return (await this.repository.companiesOfUsers(userIds)).map(({ builtinKey, ...company }) => ({ ...company, displayName: builtinName(company.displayName, builtinKey, locale) }));
  }

  /** Whether the user is a member of the company, enabled or disabled. */
  async isMember(companyId: number, userId: number): Promise<boolean> {
    return (await this.memberships.membership(companyId, userId)) !== undefined;
  }

  addMember(companyId: number, userId: number, on?: Db): Promise<void> {
    return this.repositoryOn(on).addMember(companyId, userId);
  }

  countMembers(companyId: number): Promise<number> {
    return this.repository.countMembers(companyId);
  }

  /** The first `limit` active members, in the order they joined. */
  listMembers(companyId: number, limit: number): Promise<{ userId: number; name: string; userName: string }[]> {
    return this.repository.listMembers(companyId, limit);
  }

  /** Platform: one page of the active companies with their member counts, by id. */
  async page(pageNum: number, pageSize: number, locale: Locale, keyword?: string): Promise<Page<CompanyInfo & { memberCount: number; createdAt: number }>> {
    const { total, rows } = await this.repository.pageCompanies(pageNum, pageSize, keyword);
    return { total, list: rows.map((row) => ({ ...toCompanySummary(row, locale), memberCount: Number(row.memberCount ?? 0), createdAt: row.created_at })) };
  }

  /** A new active company (no roles, no members: see CompanyAdminService for a usable one). */
  create(values: { displayName: string; isPlatform: boolean; timeZone?: string; builtinKey?: string }, on?: Db): Promise<number> {
    return this.repositoryOn(on).insertCompany(values);
  }

  /** Changes the name or time zone; saving the built-in name as shown (either language) is no rename. */
  async update(id: number, values: { displayName?: string; timeZone?: string }): Promise<void> {
    const company = await this.repository.findById(id);
    if (!company) {
      throw notFound();
    }
    const keepsBuiltinName = values.displayName !== undefined && isBuiltinText(values.displayName, company.builtin_key);
    await this.repository.updateCompany(id, keepsBuiltinName ? { ...values, displayName: undefined } : values);
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

  /** The company's cfg JSON text, whatever its status (the storage module keeps the logo there). */
  cfg(companyId: number): Promise<string | undefined> {
    return this.repository.cfg(companyId);
  }

  /**
   * Changes cfg in one transaction: `change` gets the stored JSON text and answers the new one,
   * so the keys other modules keep there survive. Undefined for an unknown company.
   */
  updateCfg(companyId: number, change: (cfg: string) => string): Promise<{ before: string; after: string } | undefined> {
    return this.repository.updateCfg(companyId, change);
  }
}
