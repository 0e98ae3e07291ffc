import { ErrorCode, isPermissionCode, platformOnlyCodes, type RoleItem, type RoleTemplateItem } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { AppError, conflict, notFound, validationError } from '@server/platform/errors';
import { parseJsonList } from '@server/platform/scope';
import { CompaniesRepository } from '../companies/companies.repository';
import { RolesRepository } from './roles.repository';

export class RolesService {
  readonly repository: RolesRepository;
  private readonly companies: CompaniesRepository;

  constructor(db: Db) {
    this.repository = new RolesRepository(db);
    this.companies = new CompaniesRepository(db);
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
    const company = await this.companies.findById(companyId);
    if (!company) {
      throw notFound();
    }
    if (company.is_platform !== 1 && codes.some((code) => platformOnlyCodes.includes(code))) {
      throw validationError('role.platformCode');
    }
    return [...new Set(codes)];
  }

  async list(companyId: number): Promise<RoleItem[]> {
    return (await this.repository.list(companyId)).map((r) => ({
      id: r.id,
      name: r.name,
      codes: parseJsonList<string>(r.codes),
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

  async update(companyId: number, id: number, values: { name?: string; codes?: string[] }): Promise<void> {
    if (!(await this.repository.find(companyId, id))) {
      throw notFound();
    }
    const codes = values.codes ? await this.checkCodes(companyId, values.codes) : undefined;
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
