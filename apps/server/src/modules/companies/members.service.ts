import type { InvitationItem, Locale, MemberItem, Page, SentInvitationItem } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { conflict, notFound, AppError } from '@server/platform/errors';
import { builtinName } from '@server/platform/i18n';
import { parseJsonList } from '@server/platform/scope';
import type { RolesService } from '../roles/roles.service';
import { CompaniesRepository } from './companies.repository';
import { MembersRepository } from './members.repository';

type InvitationStatus = InvitationItem['status'];

/**
 * What members asks of the users module (a port: the users module calls companies). Methods with
 * `on` write on the caller's transaction when given one (see RolesService).
 */
export interface MemberAccounts {
  /** A registered user by phone, else by user name. */
  findByAccount(account: string): Promise<{ id: number } | undefined>;
  setCurrentCompany(userId: number, companyId: number, on?: Db): Promise<void>;
  /** Clears the user's current company if it is this one (they are leaving it). */
  clearCurrentCompany(userId: number, companyId: number, on?: Db): Promise<void>;
  /** Ends the user's sessions if this is their current company (disabled or removed here). */
  endSessionsIn(userId: number, companyId: number): Promise<void>;
}

/** What members asks of the groups module when someone leaves (a port: the groups module calls companies). */
export interface MemberGroups {
  removeUserFromAll(companyId: number, userId: number, on?: Db): Promise<void>;
}

/** Members of a company, their roles and status, and the invitations that make them members. */
export class MembersService {
  constructor(
    private readonly db: Db,
    private readonly repository: MembersRepository,
    private readonly companies: CompaniesRepository,
    private readonly roles: RolesService,
    private readonly users: MemberAccounts,
    private readonly groups: MemberGroups,
  ) {}

  /** One page of the company's members with the roles each holds. */
  async memberPage(companyId: number, pageNum: number, pageSize: number, locale: Locale, keyword?: string): Promise<Page<MemberItem>> {
    const page = await this.companies.pageMembers(companyId, pageNum, pageSize, keyword);
    const roles = await this.roles.rolesOfUsers(companyId, page.list.map((m) => m.userId), locale);
    return {
      total: page.total,
      list: page.list.map((m) => ({ ...m, roles: roles.filter((r) => r.userId === m.userId).map(({ roleId, name }) => ({ roleId, name })) })),
    };
  }

  /** Invites a registered user by phone or user name; they answer in their personal center. */
  async invite(companyId: number, inviterId: number, account: string, roleIds: number[]): Promise<{ id: number }> {
    const user = await this.users.findByAccount(account);
    if (!user) {
      throw notFound('member.userNotFound');
    }
    if (await this.repository.membership(companyId, user.id)) {
      throw conflict('member.alreadyMember');
    }
    if (await this.repository.pendingInvitation(companyId, user.id)) {
      throw conflict('member.alreadyInvited');
    }
    const roles = await this.roles.requireRoles(companyId, roleIds);
    return { id: await this.repository.insertInvitation(companyId, user.id, inviterId, roles) };
  }

  async sentInvitations(companyId: number): Promise<SentInvitationItem[]> {
    return (await this.repository.invitationsOfCompany(companyId)).map((i) => ({ ...i, status: i.status as InvitationStatus }));
  }

  async cancelInvitation(companyId: number, invitationId: number): Promise<void> {
    const invitation = await this.repository.invitationOfCompany(companyId, invitationId);
    if (!invitation) {
      throw notFound();
    }
    if (invitation.status !== 'pending') {
      throw conflict('member.invitationAnswered');
    }
    await this.repository.answer(invitationId, 'cancelled');
  }

  /** The user's pending invitations; the platform company named in the reader's language. */
  async myInvitations(userId: number, locale: Locale): Promise<InvitationItem[]> {
    return (await this.repository.invitationsForUser(userId)).map(({ companyBuiltinKey, ...i }) => ({
      ...i,
      companyName: builtinName(i.companyName, companyBuiltinKey, locale),
      status: i.status as InvitationStatus,
    }));
  }

  /** Agreeing makes the user a member with the roles the invitation named (those that still exist). */
  async agree(userId: number, invitationId: number): Promise<{ companyId: number }> {
    const invitation = await this.repository.invitationOfUser(userId, invitationId);
    if (!invitation) {
      throw notFound();
    }
    if (invitation.status !== 'pending') {
      throw conflict('member.invitationAnswered');
    }
    const companyId = invitation.company_id;
    await this.db.transaction().execute(async (trx) => {
      const members = new MembersRepository(trx);
      if (!(await members.membership(companyId, userId))) {
        await new CompaniesRepository(trx).addMember(companyId, userId);
      }
      const roleIds = await this.roles.existingIds(companyId, parseJsonList<number>(invitation.role_ids), trx);
      await this.roles.setUserRoles(companyId, userId, roleIds, trx);
      await members.answer(invitationId, 'agreed');
    });
    return { companyId };
  }

  async refuse(userId: number, invitationId: number): Promise<void> {
    const invitation = await this.repository.invitationOfUser(userId, invitationId);
    if (!invitation) {
      throw notFound();
    }
    if (invitation.status !== 'pending') {
      throw conflict('member.invitationAnswered');
    }
    await this.repository.answer(invitationId, 'refused');
  }

  private async requireMember(companyId: number, userId: number) {
    const membership = await this.repository.membership(companyId, userId);
    if (!membership) {
      throw notFound('member.notMember');
    }
    return membership;
  }

  async setRoles(companyId: number, userId: number, roleIds: number[]): Promise<void> {
    await this.requireMember(companyId, userId);
    await this.roles.setUserRoles(companyId, userId, await this.roles.requireRoles(companyId, roleIds));
  }

  async setDisabled(companyId: number, actorId: number, userId: number, disabled: boolean): Promise<void> {
    if (actorId === userId) {
      throw new AppError(40900, 'member.self');
    }
    await this.requireMember(companyId, userId);
    await this.repository.setStatus(companyId, userId, disabled ? 'disabled' : 'active');
    if (disabled) {
      await this.users.endSessionsIn(userId, companyId);
      // They work elsewhere from now on (their next sign-in falls back to another company).
      await this.users.clearCurrentCompany(userId, companyId);
    }
  }

  async remove(companyId: number, actorId: number, userId: number): Promise<void> {
    if (actorId === userId) {
      throw new AppError(40900, 'member.self');
    }
    await this.requireMember(companyId, userId);
    // Before the membership (and with it the current company) is gone.
    await this.users.endSessionsIn(userId, companyId);
    // Everything that hangs on the membership goes with it, in one transaction.
    await this.db.transaction().execute(async (trx) => {
      await this.roles.removeUser(companyId, userId, trx);
      await this.groups.removeUserFromAll(companyId, userId, trx);
      await new MembersRepository(trx).remove(companyId, userId);
      await this.users.clearCurrentCompany(userId, companyId, trx);
    });
  }

  /** Makes another of the user's active companies the current one. */
  async switchCompany(userId: number, companyId: number): Promise<void> {
    const membership = await this.repository.membership(companyId, userId);
    if (!membership || membership.status !== 'active') {
      throw notFound('member.notActive');
    }
    await this.users.setCurrentCompany(userId, companyId);
  }
}
