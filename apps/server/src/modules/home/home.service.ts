import type { HomeOverview } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import type { Session } from '@server/platform/auth/sessions';
import { CompaniesRepository } from '../companies/companies.repository';
import { toCompanySummary } from '../companies/companies.service';

/** A card on /home: a section's figure. Later modules register theirs. */
export type HomeCardProvider = (companyId: number, session: Session) => Promise<{ code: string; count: number | null } | null>;

export class HomeService {
  private readonly companies: CompaniesRepository;
  private readonly cards: HomeCardProvider[] = [];

  constructor(db: Db) {
    this.companies = new CompaniesRepository(db);
  }

  addCard(provider: HomeCardProvider): void {
    this.cards.push(provider);
  }

  async overview(session: Session): Promise<HomeOverview> {
    const companyId = session.companyId;
    if (companyId === null) {
      return { company: null, memberCount: 0, roleCount: 0, members: [], cards: [] };
    }
    const [company, memberCount, roleCount, members] = await Promise.all([
      this.companies.findById(companyId),
      this.companies.countMembers(companyId),
      this.companies.countRoles(companyId),
      this.companies.listMembers(companyId, 8),
    ]);
    const cards = (await Promise.all(this.cards.map((card) => card(companyId, session)))).filter((c) => c !== null);
    return { company: company ? toCompanySummary(company) : null, memberCount, roleCount, members, cards };
  }
}
