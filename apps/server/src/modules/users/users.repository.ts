import { sql, type Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { UserTable } from '@server/platform/db/schema';

const userColumns = ['id', 'user_name', 'phone', 'email', 'name', 'password_hash', 'head_img_url', 'language', 'is_platform_admin', 'must_change_password', 'status', 'current_company_id'] as const;

export type UserRow = Pick<Selectable<UserTable>, (typeof userColumns)[number]>;

/** Users and their notice agreements (tables app_user and notice_agreement). */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('app_user').select(userColumns).where('id', '=', id).executeTakeFirst();
  }

  findByUserName(userName: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('app_user').select(userColumns).where('user_name', '=', userName).executeTakeFirst();
  }

  findByPhone(phone: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('app_user').select(userColumns).where('phone', '=', phone).executeTakeFirst();
  }

  async insert(values: { userName: string; phone: string | null; name: string; passwordHash: string; isPlatformAdmin?: boolean; language?: string; mustChangePassword?: boolean }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('app_user')
      .values({
        user_name: values.userName,
        phone: values.phone,
        name: values.name,
        password_hash: values.passwordHash,
        head_img_url: '',
        language: values.language ?? 'zh-CN',
        is_platform_admin: values.isPlatformAdmin ? 1 : 0,
        must_change_password: values.mustChangePassword ? 1 : 0,
        status: 'active',
        current_company_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async pageUsers(pageNum: number, pageSize: number, keyword?: string, companyId?: number) {
    let query = this.db.selectFrom('app_user');
    if (keyword) {
      const like = `%${keyword.toLowerCase()}%`;
      query = query.where((eb) =>
        eb.or([eb(sql`lower(app_user.user_name)`, 'like', like), eb(sql`lower(app_user.name)`, 'like', like), eb(sql`coalesce(app_user.phone, '')`, 'like', like)]),
      );
    }
    if (companyId !== undefined) {
      query = query.where((eb) =>
        eb.exists(eb.selectFrom('company_member').select('company_member.user_id').whereRef('company_member.user_id', '=', 'app_user.id').where('company_member.company_id', '=', companyId)),
      );
    }
    const [{ total }, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      query
        .select(['id', 'user_name', 'name', 'phone', 'status', 'is_platform_admin', 'created_at'])
        .orderBy('id')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute(),
    ]);
    return { total: Number(total), rows };
  }

  async update(userId: number, values: { name?: string; phone?: string | null; email?: string | null; status?: string; language?: string; passwordHash?: string; headImgUrl?: string; mustChangePassword?: boolean }): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set({
        ...(values.name !== undefined ? { name: values.name } : {}),
        ...(values.phone !== undefined ? { phone: values.phone } : {}),
        ...(values.email !== undefined ? { email: values.email } : {}),
        ...(values.status !== undefined ? { status: values.status } : {}),
        ...(values.language !== undefined ? { language: values.language } : {}),
        ...(values.passwordHash !== undefined ? { password_hash: values.passwordHash } : {}),
        ...(values.headImgUrl !== undefined ? { head_img_url: values.headImgUrl } : {}),
        ...(values.mustChangePassword !== undefined ? { must_change_password: values.mustChangePassword ? 1 : 0 } : {}),
        updated_at: Date.now(),
      })
      .where('id', '=', userId)
      .execute();
  }

  async setCurrentCompany(userId: number, companyId: number): Promise<void> {
    await this.db.updateTable('app_user').set({ current_company_id: companyId, updated_at: Date.now() }).where('id', '=', userId).execute();
  }

  /** Clears the current company when it is this one (the user left it). */
  async clearCurrentCompany(userId: number, companyId: number): Promise<void> {
    await this.db.updateTable('app_user').set({ current_company_id: null }).where('id', '=', userId).where('current_company_id', '=', companyId).execute();
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.db.updateTable('app_user').set({ password_hash: passwordHash, updated_at: Date.now() }).where('id', '=', userId).execute();
  }

  /** Revokes every live token of a user (after a password reset). */
  async hasAgreed(userId: number, version: string): Promise<boolean> {
    const row = await this.db.selectFrom('notice_agreement').select('version').where('user_id', '=', userId).where('version', '=', version).executeTakeFirst();
    return row !== undefined;
  }

  async recordAgreement(userId: number, version: string, ip: string): Promise<void> {
    const existing = await this.hasAgreed(userId, version);
    if (!existing) {
      await this.db.insertInto('notice_agreement').values({ user_id: userId, version, agreed_at: Date.now(), ip }).execute();
    }
  }

  async headImgUrlOf(userId: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('app_user').select('head_img_url').where('id', '=', userId).executeTakeFirst();
    return row?.head_img_url;
  }

  async setHeadImgUrl(userId: number, url: string): Promise<void> {
    await this.db.updateTable('app_user').set({ head_img_url: url, updated_at: Date.now() }).where('id', '=', userId).execute();
  }

  async isHeadImgUrlInUse(url: string): Promise<boolean> {
    const row = await this.db.selectFrom('app_user').select('id').where('head_img_url', '=', url).executeTakeFirst();
    return row !== undefined;
  }
}
