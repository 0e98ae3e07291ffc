import type { InvitationItem, SentInvitationItem } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { conflict, notFound, validationError, AppError } from '@server/platform/errors';
import { parseJsonList } from '@server/platform/scope';
import { UsersRepository } from '../users/users.repository';
import { RolesRepository } from '../roles/roles.repository';
import { CompaniesRepository } from './companies.repository';
import { MembersRepository } from './members.repository';

type InvitationStatus = InvitationItem['status'];

export class MembersService {
  private readonly repository: MembersRepository;
  private readonly users: UsersRepository;
  private readonly roles: RolesRepository;

  constructor(private readonly db: Db) {
    this.repository = new MembersRepository(db);
    this.users = new UsersRepository(db);
    this.roles = new RolesRepository(db);
  }

  private async checkRoles(companyId: number, roleIds: number[]): Promise<number[]> {
    const unique = [...new Set(roleIds)];
    const existing = await this.roles.existingIds(companyId, unique);
    if (existing.length !== unique.length) {
      throw validationError('role.unknownRole');
    }
    return unique;
  }

  /** Invites a registered user by phone or user name; they answer in their personal center. */
  async invite(companyId: number, inviterId: number, account: string, roleIds: number[]): Promise<{ id: number }> {
    const user = (await this.users.findByPhone(account)) ?? (await this.users.findByUserName(account));
    if (!user) {
      throw notFound('member.userNotFound');
    }
    if (await this.repository.membership(companyId, user.id)) {
      throw conflict('member.alreadyMember');
    }
    if (await this.repository.pendingInvitation(companyId, user.id)) {
      throw conflict('member.alreadyInvited');
    }
    const roles = await this.checkRoles(companyId, roleIds);
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

  async myInvitations(userId: number): Promise<InvitationItem[]> {
    return (await this.repository.invitationsForUser(userId)).map((i) => ({ ...i, status: i.status as InvitationStatus }));
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
      const roles = new RolesRepository(trx);
      const roleIds = await roles.existingIds(companyId, parseJsonList<number>(invitation.role_ids));
      await roles.setUserRoles(companyId, userId, roleIds);
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
    await this.roles.setUserRoles(companyId, userId, await this.checkRoles(companyId, roleIds));
  }

  async setDisabled(companyId: number, actorId: number, userId: number, disabled: boolean): Promise<void> {
    if (actorId === userId) {
      throw new AppError(40900, 'member.self');
    }
    await this.requireMember(companyId, userId);
    await this.repository.setStatus(companyId, userId, disabled ? 'disabled' : 'active');
  }

  async remove(companyId: number, actorId: number, userId: number): Promise<void> {
    if (actorId === userId) {
      throw new AppError(40900, 'member.self');
    }
    await this.requireMember(companyId, userId);
    await this.repository.remove(companyId, userId);
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
