import { randomBytes } from 'node:crypto';
import { ErrorCode, limits, type UpdateWechatSettingRequest, type WechatBinding, type WechatLoginOption, type WechatOutcome, type WechatQrConnect, type WechatSetting } from '@smartdata/domain';
import type { Sessions } from '@server/platform/auth/sessions';
import type { SecretBox } from '@server/platform/secretBox';
import { AppError, validationError } from '@server/platform/errors';
import { newToken, sha256 } from '@server/platform/auth/passwords';
import type { UsersService } from '../users/users.service';
import type { WechatRepository } from './wechat.repository';

type Purpose = 'login' | 'bind';

/** How long a QR code's state may be used: WeChat's QR itself expires after a few minutes. */
export const WECHAT_STATE_TTL_MS = 10 * 60_000;
const SECRET_PURPOSE = 'wechat.appSecret';
const STATE_PURPOSE = 'wechat.state';

/** A started scan: the qrconnect URL, and the nonce the route binds to the browser in a cookie. */
export interface StartedScan extends WechatQrConnect {
  nonce: string;
}

/** Where WXScanLogin sends the browser, and the token when a sign-in succeeded. */
export type ScanResult =
  | { kind: 'signedIn'; token: string; expiresAt: number }
  | { kind: 'login'; outcome: WechatOutcome }
  | { kind: 'bind'; outcome: WechatOutcome };

interface WechatEndpoints {
  openBase: string;
  apiBase: string;
}

/**
 * WeChat scan sign-in (website application, OAuth 2 "qrconnect"; docs/auth.md). The state is
 * `purpose.nonce.signature`: signed by the server (HMAC), bound to the browser (the nonce is also
 * in an HttpOnly cookie set when the QR was asked for), short-lived and single-use (a row that the
 * callback consumes). The app secret is stored encrypted (platform/secretBox.ts) and never answered.
 */
export class WechatService {
  constructor(
    private readonly repository: WechatRepository,
    private readonly users: Pick<UsersService, 'findById'>,
    private readonly sessions: Pick<Sessions, 'issue'>,
    private readonly box: SecretBox,
    private readonly endpoints: WechatEndpoints,
  ) {}

  /** The platform's WeChat application, the secret only as "set". */
  async setting(): Promise<WechatSetting> {
    const row = await this.repository.setting();
    return { appId: row?.app_id ?? '', secretSet: row !== undefined, updatedAt: row?.updated_at ?? null };
  }

  /** Saves the app id and (when given) a new secret; both empty turns WeChat sign-in off. */
  async updateSetting(request: UpdateWechatSettingRequest): Promise<void> {
    if (request.appId === '' && request.appSecret === '') {
      await this.repository.deleteSetting();
      return;
    }
    if (request.appId === '') {
      throw validationError('validation.required');
    }
    const existing = await this.repository.setting();
    if (request.appSecret === '' && !existing) {
      throw validationError('wechat.secretRequired');
    }
    const sealed = request.appSecret === '' && existing ? existing.secret_encrypted : this.box.encrypt(request.appSecret, SECRET_PURPOSE);
    await this.repository.saveSetting(request.appId, sealed, Date.now());
  }

  async loginOption(): Promise<WechatLoginOption> {
    return { enabled: (await this.repository.setting()) !== undefined };
  }

  /** A qrconnect URL for signing in, with a fresh state. 40400 when WeChat sign-in is off. */
  startLogin(redirectUri: string): Promise<StartedScan> {
    return this.start('login', null, redirectUri);
  }

  /** A qrconnect URL for binding the caller's WeChat account (personal center). */
  startBind(userId: number, redirectUri: string): Promise<StartedScan> {
    return this.start('bind', userId, redirectUri);
  }

  private async start(purpose: Purpose, userId: number | null, redirectUri: string): Promise<StartedScan> {
    const setting = await this.repository.setting();
    if (!setting) {
      throw new AppError(ErrorCode.notFound, 'wechat.notConfigured');
    }
    const now = Date.now();
    const nonce = randomBytes(16).toString('base64url');
    await this.repository.insertState({ nonceHash: sha256(nonce), purpose, userId, expiresAt: now + WECHAT_STATE_TTL_MS }, now);
    const state = `${purpose}.${nonce}.${this.box.sign(`${purpose}.${nonce}`, STATE_PURPOSE)}`;
    const query = new URLSearchParams({ appid: setting.app_id, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_login', state });
    return { url: `${this.endpoints.openBase}/connect/qrconnect?${query.toString()}#wechat_redirect`, nonce };
  }

  /**
   * WeChat's redirect after a scan: checks the state (signature, this browser's cookie, unused and
   * unexpired), exchanges the code for the openid, then signs in the bound user or binds the
   * account of the user who asked. Never throws for what the browser sent: it answers an outcome.
   */
  async handleRedirect(query: { code?: string; state?: string }, cookieNonce: string | undefined, client: { ip: string; userAgent: string }): Promise<ScanResult> {
    const [purpose, nonce, signature] = (query.state ?? '').split('.');
    const knownPurpose: Purpose = purpose === 'bind' ? 'bind' : 'login';
    const refuse = (outcome: WechatOutcome): ScanResult => ({ kind: knownPurpose, outcome });
    if ((purpose !== 'login' && purpose !== 'bind') || !nonce || !signature || !this.box.verify(`${purpose}.${nonce}`, signature, STATE_PURPOSE)) {
      return refuse('stateInvalid');
    }
    if (cookieNonce !== nonce) {
      return refuse('stateInvalid');
    }
    const now = Date.now();
    const state = await this.repository.consumeState(sha256(nonce), purpose, now);
    if (!state) {
      return refuse('stateInvalid');
    }
    if (!query.code) {
      return refuse('cancelled');
    }
    const setting = await this.repository.setting();
    if (!setting) {
      return refuse('off');
    }
    const account = await this.exchangeCode(setting.app_id, this.box.decrypt(setting.secret_encrypted, SECRET_PURPOSE), query.code);
    if (!account) {
      return refuse('failed');
    }
    if (purpose === 'bind') {
      if (state.userId === null) {
        return refuse('stateInvalid');
      }
      const holder = await this.repository.bindingOfOpenid(account.openid);
      if (holder && holder.user_id !== state.userId) {
        return refuse('taken');
      }
      await this.repository.saveBinding(state.userId, account.openid, account.unionid, now);
      return { kind: 'bind', outcome: 'bound' };
    }
    const binding = await this.repository.bindingOfOpenid(account.openid);
    const user = binding ? await this.users.findById(binding.user_id) : undefined;
    if (!user) {
      return refuse('unbound');
    }
    if (user.status !== 'active') {
      return refuse('disabled');
    }
    const token = newToken();
    const expiresAt = now + limits.tokenTtlHours * 3600_000;
    await this.sessions.issue({ tokenHash: sha256(token), userId: user.id, expiresAt, ip: client.ip, userAgent: client.userAgent });
    return { kind: 'signedIn', token, expiresAt };
  }

  /** `{base}/sns/oauth2/access_token`: the openid (and unionid) of the scanning account, or null. */
  private async exchangeCode(appId: string, secret: string, code: string): Promise<{ openid: string; unionid: string | null } | null> {
    const query = new URLSearchParams({ appid: appId, secret, code, grant_type: 'authorization_code' });
    try {
      const response = await fetch(`${this.endpoints.apiBase}/sns/oauth2/access_token?${query.toString()}`, { signal: AbortSignal.timeout(10_000) });
      // WeChat answers JSON with a text/plain content type; errors carry errcode/errmsg.
      const answer = JSON.parse(await response.text()) as { openid?: unknown; unionid?: unknown; errcode?: unknown };
      if (!response.ok || typeof answer.openid !== 'string' || answer.openid === '' || (answer.errcode !== undefined && answer.errcode !== 0)) {
        return null;
      }
      return { openid: answer.openid, unionid: typeof answer.unionid === 'string' && answer.unionid !== '' ? answer.unionid : null };
    } catch {
      return null;
    }
  }

  async binding(userId: number): Promise<WechatBinding> {
    const row = await this.repository.bindingOfUser(userId);
    return { bound: row !== undefined, boundAt: row?.bound_at ?? null, enabled: (await this.repository.setting()) !== undefined };
  }

  /** Unbinds the caller's WeChat account (404 when none is bound). */
  async unbind(userId: number): Promise<void> {
    if ((await this.repository.deleteBinding(userId)) === 0) {
      throw new AppError(ErrorCode.notFound);
    }
  }
}
