import type { Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { WechatBindingTable, WechatSettingTable } from '@server/platform/db/schema.wechat';

export type WechatSettingRow = Selectable<WechatSettingTable>;
export type WechatBindingRow = Selectable<WechatBindingTable>;

/** The WeChat tables (wechat_setting, wechat_binding, wechat_state); only the wechat module reads them. */
export class WechatRepository {
  constructor(private readonly db: Db) {}

  setting(): Promise<WechatSettingRow | undefined> {
    return this.db.selectFrom('wechat_setting').selectAll().where('id', '=', 1).executeTakeFirst();
  }

  async saveSetting(appId: string, secretEncrypted: string, at: number): Promise<void> {
    const updated = await this.db.updateTable('wechat_setting').set({ app_id: appId, secret_encrypted: secretEncrypted, updated_at: at }).where('id', '=', 1).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await this.db.insertInto('wechat_setting').values({ id: 1, app_id: appId, secret_encrypted: secretEncrypted, updated_at: at }).execute();
    }
  }

  async deleteSetting(): Promise<void> {
    await this.db.deleteFrom('wechat_setting').where('id', '=', 1).execute();
  }

  /** A new single-use state; expired ones are swept on the way (they are worth nothing). */
  async insertState(values: { nonceHash: string; purpose: 'login' | 'bind'; userId: number | null; expiresAt: number }, now: number): Promise<void> {
    await this.db.deleteFrom('wechat_state').where('expires_at', '<', now).execute();
    await this.db.insertInto('wechat_state').values({ nonce_hash: values.nonceHash, purpose: values.purpose, user_id: values.userId, expires_at: values.expiresAt, used_at: null }).execute();
  }

  /**
   * Marks the state used if it is unused and unexpired, in one statement (two callbacks racing on
   * one state: one wins). Answers the state's row when this call used it, else undefined.
   */
  async consumeState(nonceHash: string, purpose: 'login' | 'bind', now: number): Promise<{ userId: number | null } | undefined> {
    const result = await this.db
      .updateTable('wechat_state')
      .set({ used_at: now })
      .where('nonce_hash', '=', nonceHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      return undefined;
    }
    const row = await this.db.selectFrom('wechat_state').select('user_id').where('nonce_hash', '=', nonceHash).executeTakeFirst();
    return row ? { userId: row.user_id } : undefined;
  }

  bindingOfUser(userId: number): Promise<WechatBindingRow | undefined> {
    return this.db.selectFrom('wechat_binding').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  bindingOfOpenid(openid: string): Promise<WechatBindingRow | undefined> {
    return this.db.selectFrom('wechat_binding').selectAll().where('openid', '=', openid).executeTakeFirst();
  }

  /** Binds (or re-binds) the user's WeChat account. */
  async saveBinding(userId: number, openid: string, unionid: string | null, at: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('wechat_binding').where('user_id', '=', userId).execute();
      await trx.insertInto('wechat_binding').values({ user_id: userId, openid, unionid, bound_at: at }).execute();
    });
  }

  async deleteBinding(userId: number): Promise<number> {
    const result = await this.db.deleteFrom('wechat_binding').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
