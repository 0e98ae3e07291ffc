import { ErrorCode, allPermissionCodes, isPermissionCode, platformOnlyCodes, type Locale, type RoleItem, type RoleTemplateItem } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { AppError, conflict, notFound, validationError } from '@server/platform/errors';
import { builtinName, isBuiltinText, translate } from '@server/platform/i18n';
import { parseJsonList } from '@server/platform/scope';
import { RolesRepository } from './roles.repository';

/** Codes a company administrator gets: everything but system maintenance. */
export const companyAdminCodes = allPermissionCodes.filter((code) => !platformOnlyCodes.includes(code));

/**
 * What roles asks of the companies module: whether a company is the platform company (undefined
 * when it does not exist or was deleted). A port, because the companies module calls roles.
 */
export interface CompanyKinds {
  isPlatformCompany(companyId: number): Promise<boolean | undefined>;
}

/** A role a member holds, for member lists. */
export interface HeldRole {
  userId: number;
  roleId: number;
  name: string;
}

/**
 * Roles of a company, who holds them, and the platform's role templates; the only path to the
 * role, user_role and role_template tables.
 *
 * Methods with a last argument `on` run on that executor: another module that must change its own
 * rows and roles at once passes its transaction (`on: trx`); left out, they run on the database.
 * (The same convention holds for every organisation module's service.)
 */
export class RolesService {
  constructor(
    private readonly repository: RolesRepository,
    private readonly companies: CompanyKinds,
  ) {}

  private repositoryOn(on: Db | undefined): RolesRepository {
    return on ? new RolesRepository(on) : this.repository;
  }

  /**
   * Checks a list of codes: every code must exist, and system maintenance codes belong to the
   * platform company alone. Duplicates are dropped.
   */
  private async checkCodes(companyId: number, codes: string[]): Promise<string[]> {
    const unknown = codes.filter((code) => !isPermissionCode(code));
    if (unknown.length > 0) {
      throw validationError(`role.unknownCode|${unknown.join(', ')}`);
    }
    const isPlatform = await this.companies.isPlatformCompany(companyId);
    if (isPlatform === undefined) {
      throw notFound();
    }
    if (!isPlatform && codes.some((code) => platformOnlyCodes.includes(code))) {
      throw validationError('role.platformCode');
    }
    return [...new Set(codes)];
  }

  /**
   * The company's roles; built-in ones named in the caller's language until renamed. A company's
   * role shows no platform code it may still hold from before (sessions never grant them, and
   * saving the role back as read would be refused).
   */
  async list(companyId: number, locale: Locale): Promise<RoleItem[]> {
    const isPlatform = await this.companies.isPlatformCompany(companyId);
    return (await this.repository.list(companyId)).map((r) => ({
      id: r.id,
      name: builtinName(r.name, r.builtin_key, locale),
      codes: parseJsonList<string>(r.codes).filter((code) => isPlatform || !platformOnlyCodes.includes(code)),
      memberCount: Number(r.memberCount),
      createdAt: r.created_at,
    }));
  }

  async add(companyId: number, name: string, codes: string[]): Promise<{ id: number }> {
    const checked = await this.checkCodes(companyId, codes);
    if (await this.repository.findByName(companyId, name)) {
      throw conflict('role.nameTaken');
    }
    return { id: await this.repository.insert(companyId, name, checked) };
  }

  /**
   * Renames a role or changes its codes. A built-in role saved under the name it is shown with
   * (in either language) keeps its key, so it still follows the reader's language.
   */
  async update(companyId: number, id: number, values: { name?: string; codes?: string[] }): Promise<void> {
    const role = await this.repository.find(companyId, id);
    if (!role) {
      throw notFound();
    }
    const codes = values.codes ? await this.checkCodes(companyId, values.codes) : undefined;
    if (values.name !== undefined && isBuiltinText(values.name, role.builtin_key)) {
      values = { ...values, name: undefined };
    }
    if (values.name !== undefined) {
      const same = await this.repository.findByName(companyId, values.name);
      if (same && same.id !== id) {
        throw conflict('role.nameTaken');
      }
    }
    await this.repository.update(companyId, id, { name: values.name, codes });
  }

  /** Refused while any user holds the role, so nobody loses access by surprise. */
  async delete(companyId: number, id: number): Promise<void> {
    if (!(await this.repository.find(companyId, id))) {
      throw notFound();
    }
    const holders = await this.repository.holders(companyId, id);
    if (holders > 0) {
      throw new AppError(ErrorCode.conflict, 'role.inUse', { holders });
    }
    await this.repository.delete(companyId, id);
  }

  /** How many roles the company has (home page). */
  count(companyId: number): Promise<number> {
    return this.repository.count(companyId);
  }

  /**
   * The administrator role of a new company, held by nobody yet: every code for the platform
   * company, all but system maintenance for any other. Named by its key, so each reader sees it in
   * their language; the stored name (the creator's language) is for uniqueness and search.
   */
  createAdminRole(companyId: number, locale: Locale, isPlatform: boolean, on?: Db): Promise<number> {
    const key = isPlatform ? 'role.platformAdmin' : 'role.companyAdmin';
    return this.repositoryOn(on).insert(companyId, translate(key, locale), isPlatform ? allPermissionCodes : companyAdminCodes, key);
  }

  /** `roleIds` without duplicates, once each is known to be a role of the company (50001 otherwise). */
  async requireRoles(companyId: number, roleIds: number[], on?: Db): Promise<number[]> {
    const unique = [...new Set(roleIds)];
    if ((await this.repositoryOn(on).existingIds(companyId, unique)).length !== unique.length) {
      throw validationError('role.unknownRole');
    }
    return unique;
  }

  /** The ids among `roleIds` that are still roles of the company (an invitation's roles may have gone). */
  existingIds(companyId: number, roleIds: number[], on?: Db): Promise<number[]> {
    return this.repositoryOn(on).existingIds(companyId, roleIds);
  }

  /** Replaces the roles a user holds in the company. */
  setUserRoles(companyId: number, userId: number, roleIds: number[], on?: Db): Promise<void> {
    return this.repositoryOn(on).setUserRoles(companyId, userId, roleIds);
  }

  /** Takes every role of the company away from a user (they leave the company). */
  removeUser(companyId: number, userId: number, on?: Db): Promise<void> {
    return this.repositoryOn(on).removeUser(companyId, userId);
  }

  /** The roles each of `userIds` holds in the company, built-in ones in the caller's language. */
  async rolesOfUsers(companyId: number, userIds: number[], locale: Locale): Promise<HeldRole[]> {
    return (await this.repository.rolesOfUsers(companyId, userIds)).map(({ builtinKey, ...role }) => ({ ...role, name: builtinName(role.name, builtinKey, locale) }));
  }

  async listTemplates(): Promise<RoleTemplateItem[]> {
    return (await this.repository.listTemplates()).map((t) => ({ id: t.id, name: t.name, codes: parseJsonList<string>(t.codes), createdAt: t.created_at }));
  }

  private checkTemplateCodes(codes: string[]): string[] {
    const unknown = codes.filter((code) => !isPermissionCode(code));
    if (unknown.length > 0) {
      throw validationError(`role.unknownCode|${unknown.join(', ')}`);
    }
    if (codes.some((code) => platformOnlyCodes.includes(code))) {
      throw validationError('role.platformCode');
    }
    return [...new Set(codes)];
  }

  async addTemplate(name: string, codes: string[]): Promise<{ id: number }> {
    const checked = this.checkTemplateCodes(codes);
    if (await this.repository.findTemplateByName(name)) {
      throw conflict('role.nameTaken');
    }
    return { id: await this.repository.insertTemplate(name, checked) };
  }

  async updateTemplate(id: number, values: { name?: string; codes?: string[] }): Promise<void> {
    if (!(await this.repository.findTemplate(id))) {
      throw notFound();
    }
    if (values.name !== undefined) {
      const same = await this.repository.findTemplateByName(values.name);
      if (same && same.id !== id) {
        throw conflict('role.nameTaken');
      }
    }
    await this.repository.updateTemplate(id, { name: values.name, codes: values.codes ? this.checkTemplateCodes(values.codes) : undefined });
  }

  async deleteTemplate(id: number): Promise<void> {
    if (!(await this.repository.findTemplate(id))) {
      throw notFound();
    }
    await this.repository.deleteTemplate(id);
  }
}
