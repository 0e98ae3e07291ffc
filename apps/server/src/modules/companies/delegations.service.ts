import type { AlertDelegationItem } from '@smartdata/domain';
import { conflict, notFound, validationError } from '@server/platform/errors';
import type { CompaniesRepository } from './companies.repository';
import type { DelegationsRepository } from './delegations.repository';
import type { MembersRepository } from './members.repository';

/**
 * Alert delegations: the delegate receives the company's alarms on the delegator's behalf (for
 * example while the delegator is on leave). Both must be members of the company.
 */
export class DelegationsService {
  constructor(
    private readonly repository: DelegationsRepository,
    private readonly members: MembersRepository,
    private readonly companies: CompaniesRepository,
  ) {}

  list(companyId: number): Promise<AlertDelegationItem[]> {
    return this.repository.list(companyId);
  }

  /** The members who can delegate or receive (the company's active members). */
  async candidates(companyId: number) {
    return (await this.companies.pageMembers(companyId, 1, 1000)).list.filter((m) => m.status === 'active').map((m) => ({ userId: m.userId, name: m.name, userName: m.userName }));
  }

  async add(companyId: number, delegatorId: number, delegateId: number): Promise<{ id: number }> {
    if (delegatorId === delegateId) {
      throw validationError('delegation.same');
    }
    for (const userId of [delegatorId, delegateId]) {
      if (!(await this.members.membership(companyId, userId))) {
        throw notFound('member.notMember');
      }
    }
    if (await this.repository.exists(companyId, delegatorId, delegateId)) {
      throw conflict('delegation.exists');
    }
    return { id: await this.repository.insert(companyId, delegatorId, delegateId) };
  }

  async delete(companyId: number, id: number): Promise<void> {
    if (!(await this.repository.find(companyId, id))) {
      throw notFound();
    }
    await this.repository.delete(companyId, id);
  }
}
