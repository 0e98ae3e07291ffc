import { allPermissionCodes, ErrorCode, platformOnlyCodes } from '@smartdata/domain';
import { AppError } from '../errors';
import { sha256 } from './passwords';
import { SessionRepository } from './session.repository';
import type { Db } from '../db/database';
import type { WriteVersion } from '../writeVersion';

export interface Session {
  tokenHash: string;
  userId: number;
  /** The company every company-owned query is scoped to; null when the user belongs to none. */
  companyId: number | null;
  isPlatformAdmin: boolean;
  codes: ReadonlySet<string>;
  expiresAt: number;
  /** Someone else chose the password: only the calls marked `beforePasswordChange` are allowed. */
  mustChangePassword: boolean;
}

const allCodes = new Set(allPermissionCodes);
const platformOnly = new Set(platformOnlyCodes);

/**
 * Resolves a bearer token to a session. Results are cached per process for `cacheMs` so the hot
 * path (every API call) costs one map lookup; logout and role changes drop the cache entries of
 * this process at once, other instances within `cacheMs` (docs/architecture.md).
 */
export class Sessions {
  private readonly repository: SessionRepository;
  private readonly cache = new Map<string, { session: Session; until: number; version: number }>();

  constructor(
    db: Db,
    private readonly cacheMs: number,
    private readonly writes: WriteVersion,
  ) {
    this.repository = new SessionRepository(db);
  }

  /** The cached session of a token while it is fresh (no write since, within `cacheMs`), else null; never reads the database. */
  peek(token: string, now = Date.now()): Session | null {
    const cached = this.cache.get(token);
    return cached && cached.until > now && cached.version === this.writes.value && cached.session.expiresAt > now ? cached.session : null;
  }

  async resolve(token: string | undefined, now = Date.now()): Promise<Session> {
    if (!token) {
      throw new AppError(ErrorCode.tokenInvalid);
    }
    // Keyed by the token itself: hashing it on every call cost a few per cent of the hot path.
    const cached = this.peek(token, now);
    if (cached) {
      return cached;
    }
    const tokenHash = sha256(token);
    const version = this.writes.value;
    const row = await this.repository.findToken(tokenHash);
    if (!row) {
      throw new AppError(ErrorCode.tokenInvalid);
    }
    if (row.revokedAt !== null || row.expiresAt <= now || row.userStatus !== 'active') {
      this.cache.delete(token);
      throw new AppError(ErrorCode.tokenExpired);
    }
    const session = { ...(await this.build(tokenHash, row.userId, row.isPlatformAdmin === 1, row.currentCompanyId, row.expiresAt)), mustChangePassword: row.mustChangePassword === 1 };
    if (this.cacheMs > 0) {
      if (this.cache.size > 50_000) {
        this.cache.clear();
      }
      this.cache.set(token, { session, until: now + this.cacheMs, version });
    }
    return session;
  }

  private async build(tokenHash: string, userId: number, isPlatformAdmin: boolean, currentCompanyId: number | null, expiresAt: number): Promise<Omit<Session, 'mustChangePassword'>> {
    const memberships = (await this.repository.activeCompanyIds(userId)).map((m) => m.companyId);
    const companyId = currentCompanyId !== null && memberships.includes(currentCompanyId) ? currentCompanyId : (memberships[0] ?? null);
    let codes: Set<string>;
    if (isPlatformAdmin) {
      codes = allCodes;
    } else {
      codes = new Set<string>();
      if (companyId !== null) {
        for (const role of await this.repository.roleCodes(userId, companyId)) {
          for (const code of JSON.parse(role.codes) as string[]) {
            // System maintenance codes belong to the platform administrator alone.
            if (allCodes.has(code) && !platformOnly.has(code)) {
              codes.add(code);
            }
          }
        }
      }
    }
    return { tokenHash, userId, companyId, isPlatformAdmin, codes, expiresAt };
  }

  /** Stores a new token of a user (only its hash) until `expiresAt`. */
  async issue(values: { tokenHash: string; userId: number; expiresAt: number; ip: string; userAgent: string }): Promise<void> {
    await this.repository.insert({ ...values, createdAt: Date.now() });
  }

  /**
   * Revokes every token of a user (a new password, a disabled account) but `exceptTokenHash` (the
   * session that changed its own password) and drops their cached sessions here; other instances
   * drop theirs within `cacheMs` (docs/security.md).
   */
  async revokeUser(userId: number, exceptTokenHash?: string): Promise<void> {
    await this.repository.revokeUser(userId, Date.now(), exceptTokenHash);
    this.forgetUser(userId, exceptTokenHash);
  }

  async revoke(tokenHash: string): Promise<void> {
    for (const [key, value] of this.cache) {
      if (value.session.tokenHash === tokenHash) {
        this.cache.delete(key);
      }
    }
    await this.repository.revoke(tokenHash, Date.now());
  }

  /** Drops cached sessions of a user (role, membership or company change), but `exceptTokenHash`'s. */
  forgetUser(userId: number, exceptTokenHash?: string): void {
    for (const [key, value] of this.cache) {
      if (value.session.userId === userId && value.session.tokenHash !== exceptTokenHash) {
        this.cache.delete(key);
      }
    }
  }

  forgetAll(): void {
    this.cache.clear();
  }
}
