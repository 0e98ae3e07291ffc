import type { Sessions } from '@server/platform/auth/sessions';
import { type CurrentUser, type Locale, type UserNoticeResponse, allPermissionCodes } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import type { Session } from '@server/platform/auth/sessions';
import { hashPassword } from '@server/platform/auth/passwords';
import { notFound, AppError } from '@server/platform/errors';
import type { CompaniesService } from '../companies/companies.service';
import type { OrdersService } from '../orders/orders.service';
import { UsersRepository, type UserRow } from './users.repository';
import { userNotice } from './notice';

/** A user as sign-in, registration and invitations see them (the password only as its hash). */
export interface UserAccount {
  id: number;
  userName: string;
  phone: string | null;
  name: string;
  passwordHash: string;
  status: string;
  isPlatformAdmin: boolean;
}

function toAccount(row: UserRow): UserAccount {
  return {
    id: row.id,
    userName: row.user_name,
    phone: row.phone,
    name: row.name,
    passwordHash: row.password_hash,
    status: row.status,
    isPlatformAdmin: row.is_platform_admin === 1,
  };
}

/**
 * Users: the only path to the app_user and notice_agreement tables for every other module —
 * accounts for sign-in and invitations, the current user (with their companies and order), the
 * user notice, head images. Methods with a last argument `on` write on the caller's transaction
 * when given one (see RolesService).
 */
export class UsersService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly companies: Pick<CompaniesService, 'companiesOfUser'>,
    private readonly orders: Pick<OrdersService, 'orderInfo'>,
    private readonly sessions: Pick<Sessions, 'revokeUser'>,
  ) {}

  private repositoryOn(on: Db | undefined): UsersRepository {
    return on ? new UsersRepository(on) : this.repository;
  }

  /** The current user as the web stores it (DESIGN.md §5): codes, company, notice state. */
  async currentUser(session: Session, locale: Locale): Promise<CurrentUser> {
    const user = await this.repository.findById(session.userId);
    if (!user) {
      throw notFound();
    }
    const companies = await this.companies.companiesOfUser(user.id, locale);
    const company = companies.find((c) => c.companyId === session.companyId) ?? null;
    // Keep the spec's order of codes: the menu is built in permission-tree order.
    const menuCode = allPermissionCodes.filter((code) => session.codes.has(code)).map((code) => ({ code }));
    return {
      userId: user.id,
      userName: user.user_name,
      name: user.name,
      phone: user.phone,
      email: user.email,
      headImgUrl: user.head_img_url,
      language: user.language,
      isPlatformAdmin: user.is_platform_admin === 1,
      mustChangePassword: user.must_change_password === 1,
      menuCode,
      orderInfo: await this.orders.orderInfo(company ? session.companyId : null),
      companyId: company?.companyId ?? null,
      company,
      companies,
      notice: { version: userNotice.version, agreed: await this.repository.hasAgreed(user.id, userNotice.version) },
    };
  }

  async notice(userId: number, locale: Locale): Promise<UserNoticeResponse> {
    return {
      version: userNotice.version,
      agreed: await this.repository.hasAgreed(userId, userNotice.version),
      title: userNotice.title[locale],
      content: userNotice.content[locale],
    };
  }

  /** Records the agreement; an outdated version is refused so the user reads the current text. */
  async agreeNotice(userId: number, version: string, ip: string): Promise<void> {
    if (version !== userNotice.version) {
      throw new AppError(50001, 'auth.noticeVersion');
    }
    await this.repository.recordAgreement(userId, version, ip);
    this.rememberAgreement(`${userId}:${version}`);
  }

  // "user:version" pairs known to be agreed. Only agreements are cached: they are never taken
  // back, so a cached one is never stale on any instance; a raised version is a new key.
  private readonly agreed = new Set<string>();

  private rememberAgreement(key: string): void {
    if (this.agreed.size > 100_000) {
      this.agreed.clear();
    }
    this.agreed.add(key);
  }

  /** Whether the user agreed to the current notice version (the notice gate asks on every private call). */
  async hasAgreedCurrentNotice(userId: number): Promise<boolean> {
    const key = `${userId}:${userNotice.version}`;
    if (this.agreed.has(key)) {
      return true;
    }
    const agreed = await this.repository.hasAgreed(userId, userNotice.version);
    if (agreed) {
      this.rememberAgreement(key);
    }
    return agreed;
  }

  async findByUserName(userName: string, on?: Db): Promise<UserAccount | undefined> {
    const row = await this.repositoryOn(on).findByUserName(userName);
    return row ? toAccount(row) : undefined;
  }

  /** A user by id (WeChat sign-in finds the bound user so). */
  async findById(userId: number): Promise<UserAccount | undefined> {
    const row = await this.repository.findById(userId);
    return row ? toAccount(row) : undefined;
  }

  async findByPhone(phone: string): Promise<UserAccount | undefined> {
    const row = await this.repository.findByPhone(phone);
    return row ? toAccount(row) : undefined;
  }

  /** A registered user by phone, else by user name (an invitation names either). */
  async findByAccount(account: string): Promise<UserAccount | undefined> {
    return (await this.findByPhone(account)) ?? (await this.findByUserName(account));
  }

  /** The user name of a user, or undefined for an unknown id. */
  async userName(userId: number): Promise<string | undefined> {
    return (await this.repository.findById(userId))?.user_name;
  }

  /** A new active user with no company yet; answers the id. */
  create(
    values: { userName: string; phone: string | null; name: string; passwordHash: string; isPlatformAdmin?: boolean; language?: string },
    on?: Db,
  ): Promise<number> {
    return this.repositoryOn(on).insert(values);
  }

  setCurrentCompany(userId: number, companyId: number, on?: Db): Promise<void> {
    return this.repositoryOn(on).setCurrentCompany(userId, companyId);
  }

  /** Clears the user's current company if it is this one (they are leaving it). */
  clearCurrentCompany(userId: number, companyId: number, on?: Db): Promise<void> {
    return this.repositoryOn(on).clearCurrentCompany(userId, companyId);
  }

  /**
   * Ends the user's sessions when they work in `companyId` now (their current company): a company
   * that disables or removes a member ends what that member was signed in to, as a platform
   * disable does. Sessions in another current company are not this company's to end.
   */
  async endSessionsIn(userId: number, companyId: number): Promise<void> {
    if ((await this.repository.findById(userId))?.current_company_id === companyId) {
      await this.sessions.revokeUser(userId);
    }
  }

  /** Sets a new password and revokes every token of the user (a reset by SMS code). */
  async replacePassword(userId: number, password: string): Promise<void> {
    await this.repository.setPasswordHash(userId, await hashPassword(password));
    await this.sessions.revokeUser(userId);
  }

  /** The user's head image URL ('' when none), or undefined for an unknown id. */
  headImgUrl(userId: number): Promise<string | undefined> {
    return this.repository.headImgUrlOf(userId);
  }

  setHeadImgUrl(userId: number, url: string): Promise<void> {
    return this.repository.setHeadImgUrl(userId, url);
  }

  /** Whether any user shows this head image (an avatar object in use is not deleted). */
  isHeadImgUrlInUse(url: string): Promise<boolean> {
    return this.repository.isHeadImgUrlInUse(url);
  }
}
