import type { HomeOverview, Locale } from '@smartdata/domain';
import type { Session } from '@server/platform/auth/sessions';
import type { CompaniesService } from '../companies/companies.service';
import type { RolesService } from '../roles/roles.service';

/** A card on /home: a section's figure. Later modules register theirs. */
export type HomeCardProvider = (companyId: number, session: Session) => Promise<{ code: string; count: number | null } | null>;

/** The home page: the current company, its people and roles, and the cards other modules add. */
export class HomeService {
  private readonly cards: HomeCardProvider[] = [];

  constructor(
    private readonly companies: Pick<CompaniesService, 'find' | 'countMembers' | 'listMembers'>,
    private readonly roles: Pick<RolesService, 'count'>,
  ) {}

  addCard(provider: HomeCardProvider): void {
    this.cards.push(provider);
  }

  async overview(session: Session, locale: Locale): Promise<HomeOverview> {
    const companyId = session.companyId;
    if (companyId === null) {
      return { company: null, memberCount: null, roleCount: null, members: null, cards: [] };
    }
    // Who works here is for those who may manage users (um_user), how many roles for um_role: a
    // member without those codes sees the company and the cards of their own sections only.
    const seesMembers = session.codes.has('um_user');
    const seesRoles = session.codes.has('um_role');
    const [company, memberCount, roleCount, members] = await Promise.all([
      this.companies.find(companyId, locale),
      seesMembers ? this.companies.countMembers(companyId) : null,
      seesRoles ? this.roles.count(companyId) : null,
      seesMembers ? this.companies.listMembers(companyId, 8) : null,
    ]);
    const cards = (await Promise.all(this.cards.map((card) => card(companyId, session)))).filter((c) => c !== null);
    return { company: company ?? null, memberCount, roleCount, members, cards };
  }
}
