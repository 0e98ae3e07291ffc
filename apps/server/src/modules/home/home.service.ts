import type { HomeOverview } from '@smartdata/domain';
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

  async overview(session: Session): Promise<HomeOverview> {
    const companyId = session.companyId;
    if (companyId === null) {
      return { company: null, memberCount: 0, roleCount: 0, members: [], cards: [] };
    }
    const [company, memberCount, roleCount, members] = await Promise.all([
      this.companies.find(companyId),
      this.companies.countMembers(companyId),
      this.roles.count(companyId),
      this.companies.listMembers(companyId, 8),
    ]);
    const cards = (await Promise.all(this.cards.map((card) => card(companyId, session)))).filter((c) => c !== null);
    return { company: company ?? null, memberCount, roleCount, members, cards };
  }
}
