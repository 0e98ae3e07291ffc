import { type CurrentUser, type Locale, type UserNoticeResponse, allPermissionCodes } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import type { Session } from '@server/platform/auth/sessions';
import { notFound, AppError } from '@server/platform/errors';
import { CompaniesService } from '../companies/companies.service';
import { UsersRepository } from './users.repository';
import { userNotice } from './notice';
import { OrdersService } from '../orders/orders.service';

export class UsersService {
  readonly repository: UsersRepository;
  private readonly companies: CompaniesService;
  private readonly orders: OrdersService;

  constructor(db: Db) {
    this.orders = new OrdersService(db);
    this.repository = new UsersRepository(db);
    this.companies = new CompaniesService(db);
  }

  /** The current user as the web stores it (DESIGN.md §5): codes, company, notice state. */
  async currentUser(session: Session): Promise<CurrentUser> {
    const user = await this.repository.findById(session.userId);
    if (!user) {
      throw notFound();
    }
    const companies = await this.companies.companiesOfUser(user.id);
    const company = companies.find((c) => c.companyId === session.companyId) ?? null;
    // Keep the spec's order of codes: the menu is built in permission-tree order.
    const menuCode = allPermissionCodes.filter((code) => session.codes.has(code)).map((code) => ({ code }));
    return {
      userId: user.id,
      userName: user.user_name,
      name: user.name,
      phone: user.phone,
      headImgUrl: user.head_img_url,
      language: user.language,
      isPlatformAdmin: user.is_platform_admin === 1,
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
  }
}
