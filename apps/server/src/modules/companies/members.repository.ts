import type { Db } from '@server/platform/db/database';
import { scopedToCompany } from '@server/platform/db/tenancy';

/** Memberships and invitations (tables company_member and company_invitation). */
export class MembersRepository {
  constructor(private readonly db: Db) {}

  membership(companyId: number, userId: number) {
    return this.db
      .selectFrom('company_member')
      .select(['company_id', 'user_id', 'status'])
      .where(scopedToCompany('company_member', companyId))
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async setStatus(companyId: number, userId: number, status: 'active' | 'disabled'): Promise<void> {
    await this.db.updateTable('company_member').set({ status }).where(scopedToCompany('company_member', companyId)).where('user_id', '=', userId).execute();
  }

  /**
   * Removes a membership and the company's alert delegations from or to the user. The rows other
   * modules hang on the membership (roles, groups, current company) are theirs to remove, in the
   * same transaction (MembersService.remove).
   */
  async remove(companyId: number, userId: number): Promise<void> {
    await this.db
      .deleteFrom('alert_delegation')
      .where(scopedToCompany('alert_delegation', companyId))
      .where((eb) => eb.or([eb('delegator_id', '=', userId), eb('delegate_id', '=', userId)]))
      .execute();
    await this.db.deleteFrom('company_member').where(scopedToCompany('company_member', companyId)).where('user_id', '=', userId).execute();
  }

  pendingInvitation(companyId: number, userId: number) {
    return this.db
      .selectFrom('company_invitation')
      .select(['id'])
      .where(scopedToCompany('company_invitation', companyId))
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  }

  async insertInvitation(companyId: number, userId: number, inviterId: number, roleIds: number[]): Promise<number> {
    const row = await this.db
      .insertInto('company_invitation')
      .values({ company_id: companyId, user_id: userId, inviter_id: inviterId, role_ids: JSON.stringify(roleIds), status: 'pending', created_at: Date.now(), answered_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  invitationOfUser(userId: number, invitationId: number) {
    return this.db
      .selectFrom('company_invitation')
      .select(['id', 'company_id', 'user_id', 'role_ids', 'status'])
      .where('id', '=', invitationId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  invitationOfCompany(companyId: number, invitationId: number) {
    return this.db
      .selectFrom('company_invitation')
      .select(['id', 'status'])
      .where(scopedToCompany('company_invitation', companyId))
      .where('id', '=', invitationId)
      .executeTakeFirst();
  }

  async answer(invitationId: number, status: 'agreed' | 'refused' | 'cancelled'): Promise<void> {
    await this.db.updateTable('company_invitation').set({ status, answered_at: Date.now() }).where('id', '=', invitationId).execute();
  }

  invitationsForUser(userId: number) {
    return this.db
      .selectFrom('company_invitation')
      .innerJoin('company', 'company.id', 'company_invitation.company_id')
      .innerJoin('app_user as inviter', 'inviter.id', 'company_invitation.inviter_id')
      .select([
        'company_invitation.id',
        'company_invitation.company_id as companyId',
        'company.display_name as companyName',
        'company.builtin_key as companyBuiltinKey',
        'inviter.name as inviterName',
        'company_invitation.created_at as createdAt',
        'company_invitation.status',
      ])
      .where('company_invitation.user_id', '=', userId)
      .where('company_invitation.status', '=', 'pending')
      .where('company.status', '=', 'active')
      .orderBy('company_invitation.id', 'desc')
      .execute();
  }

  invitationsOfCompany(companyId: number) {
    return this.db
      .selectFrom('company_invitation')
      .innerJoin('app_user', 'app_user.id', 'company_invitation.user_id')
      .select([
        'company_invitation.id',
        'company_invitation.user_id as userId',
        'app_user.user_name as userName',
        'app_user.name',
        'company_invitation.created_at as createdAt',
        'company_invitation.status',
      ])
      .where(scopedToCompany('company_invitation', companyId))
      .orderBy('company_invitation.id', 'desc')
      .limit(100)
      .execute();
  }
}
