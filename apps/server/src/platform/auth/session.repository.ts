import type { Db } from '../db/database';

/** Queries the auth hook needs for every call; kept small because they run on every request. */
export class SessionRepository {
  constructor(private readonly db: Db) {}

  findToken(tokenHash: string) {
    return this.db
      .selectFrom('access_token')
      .innerJoin('app_user', 'app_user.id', 'access_token.user_id')
      .select([
        'access_token.user_id as userId',
        'access_token.expires_at as expiresAt',
        'access_token.revoked_at as revokedAt',
        'app_user.status as userStatus',
        'app_user.is_platform_admin as isPlatformAdmin',
        'app_user.current_company_id as currentCompanyId',
        'app_user.must_change_password as mustChangePassword',
      ])
      .where('access_token.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** The creator of an API key: still active, and whether they administer the platform. */
  findUser(userId: number) {
    return this.db.selectFrom('app_user').select(['status', 'is_platform_admin as isPlatformAdmin']).where('id', '=', userId).executeTakeFirst();
  }

  activeCompanyIds(userId: number) {
    return this.db
      .selectFrom('company_member')
      .innerJoin('company', 'company.id', 'company_member.company_id')
      .select('company_member.company_id as companyId')
      .where('company_member.user_id', '=', userId)
      .where('company_member.status', '=', 'active')
      .where('company.status', '=', 'active')
      .orderBy('company_member.joined_at')
      .execute();
  }

  roleCodes(userId: number, companyId: number) {
    return this.db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.role_id')
      .select('role.codes')
      .where('user_role.user_id', '=', userId)
      .where('user_role.company_id', '=', companyId)
      .execute();
  }

  async insert(values: { tokenHash: string; userId: number; createdAt: number; expiresAt: number; ip: string; userAgent: string }): Promise<void> {
    await this.db
      .insertInto('access_token')
      .values({
        token_hash: values.tokenHash,
        user_id: values.userId,
        created_at: values.createdAt,
        expires_at: values.expiresAt,
        revoked_at: null,
        ip: values.ip,
        user_agent: values.userAgent.slice(0, 255),
      })
      .execute();
  }

  async revokeUser(userId: number, at: number, exceptTokenHash?: string): Promise<void> {
    let query = this.db.updateTable('access_token').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (exceptTokenHash !== undefined) {
      query = query.where('token_hash', '!=', exceptTokenHash);
    }
    await query.execute();
  }

  revoke(tokenHash: string, at: number) {
    return this.db.updateTable('access_token').set({ revoked_at: at }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
  }
}
