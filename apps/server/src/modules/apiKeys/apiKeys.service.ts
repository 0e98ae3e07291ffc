import { randomBytes } from 'node:crypto';
import {
  allPermissionCodes,
  apiKeyLimits,
  apiKeyPrefix,
  apiKeyState,
  ErrorCode,
  permissionTitle,
  platformOnlyCodes,
  type AddApiKeyRequest,
  type AddApiKeyResponse,
  type ApiKeyView,
  type Locale,
  type Page,
} from '@smartdata/domain';
import { AppError, conflict, notFound } from '@server/platform/errors';
import { translate } from '@server/platform/i18n';
import { sha256 } from '@server/platform/auth/passwords';
import type { ApiKeyGrant, Session } from '@server/platform/auth/sessions';
import type { ApiKeyFilter, ApiKeyRow, ApiKeysRepository } from './apiKeys.repository';

const known = new Set(allPermissionCodes);
const platformOnly = new Set(platformOnlyCodes);

/** A code the caller may not give a key: 50001 with the code's title in the caller's language. */
class CodeRefusal extends AppError {
  constructor(
    private readonly key: 'apiKey.codeUnknown' | 'apiKey.codeNotHeld' | 'apiKey.codePlatformOnly',
    private readonly permission: string,
  ) {
    super(ErrorCode.validationFailed, `${key}|${permission}`);
  }

  override envelopeFields(locale: Locale): Record<string, unknown> {
    return { data: translate(`${this.key}|${permissionTitle(this.permission, locale)}`, locale) };
  }
}

/** A new key: the prefix and 32 random bytes, base64url (43 characters). */
export function newApiKey(): string {
  return `${apiKeyPrefix}${randomBytes(apiKeyLimits.secretBytes).toString('base64url')}`;
}

function view(row: ApiKeyRow & { creatorName: string | null; creatorUserName: string | null }, now: number): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    codes: JSON.parse(row.codes) as string[],
    creator: { id: row.created_by, name: row.creatorName || row.creatorUserName || '' },
    createdAt: Number(row.created_at),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    lastUsedIp: row.last_used_ip,
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
    state: apiKeyState({ revokedAt: row.revoked_at === null ? null : Number(row.revoked_at), expiresAt: row.expires_at === null ? null : Number(row.expires_at) }, now),
  };
}

/**
 * A company's API keys (issue 33, docs/security.md "API keys"): made with codes the caller holds
 * now, shown once and stored as a SHA-256 hash, listed without the key, revoked at once. The auth
 * hook resolves a key through `grant`; the last use is recorded at most once a minute per key.
 */
export class ApiKeysService {
  private readonly touched = new Map<number, number>();

  constructor(
    private readonly repository: ApiKeysRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /** Makes a key for the caller's company; answers the key this once. */
  async add(session: Session, companyId: number, request: AddApiKeyRequest): Promise<AddApiKeyResponse> {
    const codes = [...new Set(request.codes)];
    for (const code of codes) {
      if (!known.has(code)) {
        throw new CodeRefusal('apiKey.codeUnknown', code);
      }
      if (platformOnly.has(code)) {
        throw new CodeRefusal('apiKey.codePlatformOnly', code);
      }
      if (!session.codes.has(code)) {
        throw new CodeRefusal('apiKey.codeNotHeld', code);
      }
    }
    if (await this.repository.nameTaken(companyId, request.name)) {
      throw conflict('apiKey.nameTaken');
    }
    if ((await this.repository.countUnrevoked(companyId)) >= apiKeyLimits.keysMax) {
      throw conflict('apiKey.tooMany');
    }
    const key = newApiKey();
    const id = await this.repository.insert({
      company_id: companyId,
      name: request.name,
      key_hash: sha256(key),
      hint: key.slice(0, apiKeyPrefix.length + 4),
      codes: JSON.stringify(codes),
      created_by: session.userId,
      created_at: this.now(),
      expires_at: request.expiresAt ?? null,
      last_used_at: null,
      last_used_ip: null,
      revoked_at: null,
      revoked_by: null,
    });
    return { id, key };
  }

  async list(companyId: number, filter: Omit<ApiKeyFilter, 'now'>, pageNum: number, pageSize: number): Promise<Page<ApiKeyView>> {
    const now = this.now();
    const { rows, total } = await this.repository.page(companyId, { ...filter, now }, pageNum, pageSize);
    return { list: rows.map((row) => view(row, now)), total };
  }

  /** Revokes a key of the company (again: no change); another company's id answers 40400. */
  async revoke(companyId: number, id: number, by: number): Promise<void> {
    if (!(await this.repository.revoke(companyId, id, this.now(), by))) {
      throw notFound('apiKey.missing');
    }
  }

  /** The auth hook's lookup: the key if it may be used at `now` (not revoked, not expired). */
  async grant(keyHash: string, now: number): Promise<ApiKeyGrant | null> {
    const row = await this.repository.byHash(keyHash);
    if (!row || row.revoked_at !== null || (row.expires_at !== null && Number(row.expires_at) <= now)) {
      return null;
    }
    return {
      id: row.id,
      name: row.name,
      companyId: row.company_id,
      userId: row.created_by,
      codes: JSON.parse(row.codes) as string[],
      expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    };
  }

  /**
   * Records a key's last use (time and address) — at most once per `lastUsedEveryMs` per key on
   * this instance, so a busy key costs no write per call.
   */
  async used(keyId: number, ip: string, now = this.now()): Promise<void> {
    const last = this.touched.get(keyId);
    if (last !== undefined && now - last < apiKeyLimits.lastUsedEveryMs) {
      return;
    }
    this.touched.set(keyId, now);
    if (this.touched.size > 10_000) {
      this.touched.clear();
    }
    await this.repository.touch(keyId, now, ip);
  }
}
