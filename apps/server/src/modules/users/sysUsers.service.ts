import type { Sessions } from '@server/platform/auth/sessions';
import type { FailureThrottle } from '@server/platform/auth/failureThrottle';
import { ErrorCode } from '@smartdata/domain';
import type { Locale, Page, SysUserItem } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { AppError, conflict, notFound } from '@server/platform/errors';
import { hashPassword, verifyPassword } from '@server/platform/auth/passwords';
import type { CompaniesService } from '../companies/companies.service';
import type { RolesService } from '../roles/roles.service';
import { UsersRepository } from './users.repository';

/** Platform user administration and the personal account settings. */
export class SysUsersService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly companies: Pick<CompaniesService, 'companiesOfUsers' | 'exists' | 'addMember'>,
    private readonly roles: Pick<RolesService, 'requireRoles' | 'setUserRoles'>,
    private readonly sessions: Pick<Sessions, 'revokeUser' | 'forgetUser'>,
    private readonly failures: Pick<FailureThrottle, 'isLocked' | 'recordFailure' | 'recordSuccess'>,
  ) {}

  async list(pageNum: number, pageSize: number, locale: Locale, keyword?: string, companyId?: number): Promise<Page<SysUserItem>> {
    const { total, rows } = await this.users.pageUsers(pageNum, pageSize, keyword, companyId);
    const companies = await this.companies.companiesOfUsers(rows.map((r) => r.id), locale);
    return {
      total,
      list: rows.map((u) => ({
        userId: u.id,
        userName: u.user_name,
        name: u.name,
        phone: u.phone,
        status: u.status,
        isPlatformAdmin: u.is_platform_admin === 1,
        createdAt: u.created_at,
        companies: companies.filter((c) => c.userId === u.id).map(({ companyId, displayName }) => ({ companyId, displayName })),
      })),
    };
  }

  /**
   * A company administrator creates a user with an initial password in their own company, with
   * roles of that company. The administrator chose the password, so the user must change it at
   * first sign-in (docs/security.md).
   */
  async addToCompany(companyId: number, values: { userName: string; password: string; roleIds: number[]; name?: string; phone?: string }): Promise<{ id: number }> {
    return this.add({ ...values, companyId, mustChangePassword: true });
  }

  /** Creates a user as a member of a company with the given roles (one transaction). */
  async add(values: { userName: string; password: string; companyId: number; roleIds: number[]; name?: string; phone?: string; mustChangePassword?: boolean }): Promise<{ id: number }> {
    if (await this.users.findByUserName(values.userName)) {
      throw conflict('auth.userNameTaken');
    }
    if (values.phone && (await this.users.findByPhone(values.phone))) {
      throw conflict('auth.phoneTaken');
    }
    if (!(await this.companies.exists(values.companyId))) {
      throw notFound();
    }
    const roleIds = await this.roles.requireRoles(values.companyId, values.roleIds);
    const passwordHash = await hashPassword(values.password);
    return this.db.transaction().execute(async (trx) => {
      const users = new UsersRepository(trx);
      const id = await users.insert({
        userName: values.userName,
        phone: values.phone ?? null,
        name: values.name?.trim() || values.userName,
        passwordHash,
        mustChangePassword: values.mustChangePassword ?? false,
      });
      await this.companies.addMember(values.companyId, id, trx);
      await this.roles.setUserRoles(values.companyId, id, roleIds, trx);
      await users.setCurrentCompany(id, values.companyId);
      return { id };
    });
  }

  async update(values: { id: number; name?: string; phone?: string | null; disabled?: boolean; password?: string }): Promise<void> {
    const user = await this.users.findById(values.id);
    if (!user) {
      throw notFound();
    }
    if (values.phone) {
      const other = await this.users.findByPhone(values.phone);
      if (other && other.id !== user.id) {
        throw conflict('auth.phoneTaken');
      }
    }
    await this.users.update(user.id, {
      name: values.name,
      phone: values.phone,
      status: values.disabled === undefined ? undefined : values.disabled ? 'disabled' : 'active',
      passwordHash: values.password ? await hashPassword(values.password) : undefined,
    });
    if (values.password || values.disabled) {
      await this.sessions.revokeUser(user.id);
    }
  }

  async updateSelf(userId: number, values: { name?: string; language?: string; email?: string }): Promise<void> {
    await this.users.update(userId, { ...values, email: values.email === undefined ? undefined : values.email || null });
  }

  /**
   * Changing the password keeps the current session and ends all others. The current password is
   * checked under the sign-in failure policy (platform/auth/failureThrottle.ts): a stolen token
   * does not let anyone guess it without limit.
   */
  async changePassword(userId: number, oldPassword: string, newPassword: string, current: { tokenHash: string; ip: string }): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) {
      throw notFound();
    }
    const account = `user:${user.id}`;
    if (await this.failures.isLocked(account, current.ip)) {
      throw new AppError(ErrorCode.rateLimited, 'user.passwordChecksLocked');
    }
    if (!(await verifyPassword(oldPassword, user.password_hash))) {
      await this.failures.recordFailure(account, current.ip);
      throw new AppError(50001, 'user.wrongPassword');
    }
    await this.failures.recordSuccess(account, current.ip);
    if (await verifyPassword(newPassword, user.password_hash)) {
      throw new AppError(50001, 'user.samePassword');
    }
    await this.users.update(userId, { passwordHash: await hashPassword(newPassword), mustChangePassword: false });
    await this.sessions.revokeUser(userId, current.tokenHash);
    // The current session was cached with the old flag.
    this.sessions.forgetUser(userId);
  }
}
