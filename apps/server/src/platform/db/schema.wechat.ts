/** WeChat scan sign-in (migration 160; owned by modules/wechat). */
export interface WechatSettingTable {
  /** Always 1: the platform has one WeChat website application. */
  id: number;
  app_id: string;
  /** AES-256-GCM (platform/secretBox.ts); never answered to a browser. */
  secret_encrypted: string;
  updated_at: number;
}

export interface WechatBindingTable {
  user_id: number;
  openid: string;
  unionid: string | null;
  bound_at: number;
}

export interface WechatStateTable {
  /** sha256 of the random nonce carried in `state`; the nonce itself is stored nowhere. */
  nonce_hash: string;
  purpose: 'login' | 'bind';
  /** The user who asked to bind (purpose bind). */
  user_id: number | null;
  expires_at: number;
  used_at: number | null;
}

export interface WechatTables {
  wechat_setting: WechatSettingTable;
  wechat_binding: WechatBindingTable;
  wechat_state: WechatStateTable;
}
