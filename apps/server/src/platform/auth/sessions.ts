import { ErrorCode, platformOnlyCodes } from '@smartdata/domain';
import { AppError } from '../errors';
import { sha256 } from './passwords';
import { heldCodes } from './memberCodes';
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
  /** Set when the bearer is an API key (the session is its creator's, narrowed to the key's codes). */
  apiKey?: { id: number; name: string };
}

/** What the API keys module answers for a key's hash: the key as stored, if it may be used now. */
export interface ApiKeyGrant {
  id: number;
  name: string;
  companyId: number;
  /** The creator: the key acts for them, in `companyId`, with no more than they hold now. */
  userId: number;
  codes: readonly string[];
  expiresAt: number | null;
}

/** Finds a key by its hash; null when there is none, or it is revoked or expired at `now`. */
export type ApiKeyLookup = (keyHash: string, now: number) => Promise<ApiKeyGrant | null>;

const platformOnly = new Set(platformOnlyCodes);

/**
 * Resolves a bearer token to a session. Results are cached per process for `cacheMs` so the hot
 * path (every API call) costs one map lookup; logout and role changes drop the cache entries of
 * this process at once, other instances within `cacheMs` (docs/architecture.md).
 */
export class Sessions {
  private readonly repository: SessionRepository;
  private readonly cache = new Map<string, { session: Session; until: number; version: number }>();
  private apiKeys: { prefix: string; lookup: ApiKeyLookup } | null = null;

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
    if (this.apiKeys && token.startsWith(this.apiKeys.prefix)) {
      return this.remember(token, await this.resolveApiKey(tokenHash, this.apiKeys.lookup, now), now, version);
    }
    const row = await this.repository.findToken(tokenHash);
    if (!row) {
      throw new AppError(ErrorCode.tokenInvalid);
    }
    if (row.revokedAt !== null || row.expiresAt <= now || row.userStatus !== 'active') {
      this.cache.delete(token);
      throw new AppError(ErrorCode.tokenExpired);
    }
    const session = { ...(await this.build(tokenHash, row.userId, row.isPlatformAdmin === 1, row.currentCompanyId, row.expiresAt)), mustChangePassword: row.mustChangePassword === 1 };
    return this.remember(token, session, now, version);
  }

  /**
   * Bearers starting with `prefix` are API keys, looked up by the module that owns them (issue 33,
   * docs/security.md "API keys"). Registered once, by the apiKeys module.
   */
  useApiKeys(prefix: string, lookup: ApiKeyLookup): void {
    this.apiKeys = { prefix, lookup };
  }

  private remember(token: string, session: Session, now: number, version: number): Session {
    if (this.cacheMs > 0) {
      if (this.cache.size > 50_000) {
        this.cache.clear();
      }
      this.cache.set(token, { session, until: now + this.cacheMs, version });
    }
    return session;
  }

  /**
   * A key's session: its creator's, in the key's company, with the key's codes that the creator
   * holds there NOW (a creator who loses a code takes it from the key), never the platform
   * administrator's powers, never the password-change gate. Unknown, revoked, expired, or a creator
   * disabled or no longer an active member of the company: 70004.
   */
  private async resolveApiKey(keyHash: string, lookup: ApiKeyLookup, now: number): Promise<Session> {
    const grant = await lookup(keyHash, now);
    if (!grant) {
      throw new AppError(ErrorCode.tokenInvalid);
    }
    const creator = await this.repository.findUser(grant.userId);
    const memberships = creator?.status === 'active' ? (await this.repository.activeCompanyIds(grant.userId)).map((m) => m.companyId) : [];
    if (!creator || !memberships.includes(grant.companyId)) {
      throw new AppError(ErrorCode.tokenInvalid);
    }
    const held = await heldCodes(this.repository, grant.userId, grant.companyId, creator.isPlatformAdmin === 1);
    const codes = new Set(grant.codes.filter((code) => held.has(code) && !platformOnly.has(code)));
    return {
      tokenHash: keyHash,
      userId: grant.userId,
      companyId: grant.companyId,
      isPlatformAdmin: false,
      codes,
      expiresAt: grant.expiresAt ?? Number.MAX_SAFE_INTEGER,
      mustChangePassword: false,
      apiKey: { id: grant.id, name: grant.name },
    };
  }

  /** Drops the cached session of a revoked key here at once; other instances within `cacheMs` (docs/security.md). */
  forgetApiKey(keyId: number): void {
    for (const [key, value] of this.cache) {
      if (value.session.apiKey?.id === keyId) {
        this.cache.delete(key);
      }
    }
  }

  private async build(tokenHash: string, userId: number, isPlatformAdmin: boolean, currentCompanyId: number | null, expiresAt: number): Promise<Omit<Session, 'mustChangePassword'>> {
    const memberships = (await this.repository.activeCompanyIds(userId)).map((m) => m.companyId);
    const companyId = currentCompanyId !== null && memberships.includes(currentCompanyId) ? currentCompanyId : (memberships[0] ?? null);
    const codes = await heldCodes(this.repository, userId, companyId, isPlatformAdmin);
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
