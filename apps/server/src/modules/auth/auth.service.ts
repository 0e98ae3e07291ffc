import { randomInt } from 'node:crypto';
import { ErrorCode, limits, type AddUserRequest, type GetTokenRequest, type Locale, type ResetPasswordRequest, type SmsPurpose } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import type { Sessions } from '@server/platform/auth/sessions';
import type { FailureThrottle } from '@server/platform/auth/failureThrottle';
import type { SmsProvider } from '@server/platform/smsProvider';
import { AppError, conflict } from '@server/platform/errors';
import { translate } from '@server/platform/i18n';
import { dummyPasswordHash, hashPassword, newToken, sha256, verifyPassword } from '@server/platform/auth/passwords';
import type { CompanyAdminService } from '../companies/companyAdmin.service';
import type { UsersService } from '../users/users.service';
import type { AuthRepository } from './auth.repository';

interface ClientInfo {
  ip: string;
  userAgent: string;
}

const codeHash = (phone: string, code: string) => sha256(`${phone}:${code}`);

/** Sign-in, SMS codes, self-registration and password reset. */
export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly repository: AuthRepository,
    private readonly sms: SmsProvider,
    private readonly sessions: Pick<Sessions, 'issue'>,
    private readonly throttle: FailureThrottle,
    private readonly users: UsersService,
    private readonly companyAdmin: Pick<CompanyAdminService, 'createCompanyWithAdmin'>,
  ) {}

  /**
   * Issues a token for a user name + password or a phone + SMS code. A failure never says which
   * part was wrong (40100), and repeated failures are refused for a while (42900).
   */
  async issueToken(request: GetTokenRequest, client: ClientInfo): Promise<{ token: string; expiresAt: number }> {
    const account = 'username' in request ? request.username : request.phone;
    if (await this.throttle.isLocked(account, client.ip)) {
      throw new AppError(ErrorCode.rateLimited, 'auth.loginLocked');
    }
    let userId: number | null = null;
    if ('username' in request) {
      const user = (await this.users.findByUserName(request.username)) ?? (await this.users.findByPhone(request.username));
      const valid = await verifyPassword(request.password, user?.passwordHash ?? dummyPasswordHash);
      userId = user && valid ? user.id : null;
      if (user && valid && user.status !== 'active') {
        throw new AppError(ErrorCode.permissionDenied, 'auth.userDisabled');
      }
    } else {
      const user = await this.users.findByPhone(request.phone);
      const valid = await this.consumeCode(request.phone, 'login', request.smsCode);
      userId = user && valid && user.status === 'active' ? user.id : null;
    }
    if (userId === null) {
      await this.throttle.recordFailure(account, client.ip);
      throw new AppError(ErrorCode.invalidCredentials);
    }
    await this.throttle.recordSuccess(account, client.ip);
    const token = newToken();
    const expiresAt = Date.now() + limits.tokenTtlHours * 3600_000;
    await this.sessions.issue({ tokenHash: sha256(token), userId, expiresAt, ip: client.ip, userAgent: client.userAgent });
    return { token, expiresAt };
  }

  /**
   * Sends a 6-digit code. At most one per minute and five per hour per phone. For sign-in and
   * reset, an unknown phone gets the same answer but no message, so the call reveals nothing.
   */
  async sendCode(phone: string, purpose: SmsPurpose, locale: Locale): Promise<{ resendAfterSeconds: number; expiresInSeconds: number }> {
    const now = Date.now();
    const recent = await this.repository.recentCodes(phone, now - 3600_000);
    if (recent.some((c) => c.purpose === purpose && now - c.created_at < limits.smsResendSeconds * 1000)) {
      throw new AppError(ErrorCode.rateLimited, 'auth.smsTooSoon');
    }
    if (recent.length >= limits.smsMaxPerPhonePerHour) {
      throw new AppError(ErrorCode.rateLimited, 'auth.smsHourlyLimit');
    }
    const existing = await this.users.findByPhone(phone);
    if (purpose === 'register' && existing) {
      throw conflict('auth.phoneTaken');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(limits.smsCodeLength, '0');
    if (purpose === 'register' || existing) {
      const text = translate('auth.smsMessage', locale)
        .replace('{code}', code)
        .replace('{minutes}', String(limits.smsCodeTtlSeconds / 60));
      // A vendor provider sends its approved template with the code; a failure answers 50210 (logged)
      // before the code is stored, so the user may ask again at once rather than wait out the resend limit.
      await this.sms.send(phone, text, { code });
    }
    await this.repository.insertCode({ phone, purpose, codeHash: codeHash(phone, code), expiresAt: now + limits.smsCodeTtlSeconds * 1000 });
    return { resendAfterSeconds: limits.smsResendSeconds, expiresInSeconds: limits.smsCodeTtlSeconds };
  }

  /** True when `code` is the latest unused, unexpired code; wrong tries count and exhaust it. */
  private async consumeCode(phone: string, purpose: SmsPurpose, code: string): Promise<boolean> {
    const latest = await this.repository.latestCode(phone, purpose);
    if (!latest || latest.used_at !== null || latest.expires_at <= Date.now() || latest.attempts >= limits.smsMaxAttempts) {
      return false;
    }
    if (latest.code_hash !== codeHash(phone, code)) {
      await this.repository.countAttempt(latest.id);
      return false;
    }
    await this.repository.markUsed(latest.id);
    return true;
  }

  /**
   * Self-registration: the phone is proven by an SMS code; the new user gets a company of their
   * own and administers it (docs/decisions.md). One transaction: all or nothing.
   */
  async register(request: AddUserRequest, locale: Locale): Promise<{ id: number }> {
    if (await this.users.findByUserName(request.userName)) {
      throw conflict('auth.userNameTaken');
    }
    if (await this.users.findByPhone(request.phone)) {
      throw conflict('auth.phoneTaken');
    }
    if (!(await this.consumeCode(request.phone, 'register', request.smsCode))) {
      throw new AppError(ErrorCode.smsCodeInvalid);
    }
    const passwordHash = await hashPassword(request.password);
    const name = request.name?.trim() || request.userName;
    return this.db.transaction().execute(async (trx) => {
      const id = await this.users.create({ userName: request.userName, phone: request.phone, name, passwordHash, language: locale }, trx);
      const companyId = await this.companyAdmin.createCompanyWithAdmin(translate('company.defaultName', locale).replace('{name}', name), id, locale, false, trx);
      await this.users.setCurrentCompany(id, companyId, trx);
      return { id };
    });
  }

  /** Sets a new password after an SMS code; every session of the user is revoked. */
  async resetPassword(request: ResetPasswordRequest): Promise<number> {
    const user = await this.users.findByPhone(request.phone);
    const valid = await this.consumeCode(request.phone, 'reset', request.smsCode);
    if (!user || !valid) {
      throw new AppError(ErrorCode.smsCodeInvalid);
    }
    // replacePassword ends every session of the account: whoever knew the old one is signed out.
    await this.users.replacePassword(user.id, request.password);
    return user.id;
  }

  /** Test-only: the code of the latest message sent to a phone. */
  async latestSentCode(phone: string): Promise<string | null> {
    const content = (await this.sms.latestTo?.(phone)) ?? null;
    return content?.match(/\d{6}/)?.[0] ?? null;
  }
}
