import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { limits } from '../shared/limits';
import { pageOf, pageQuery } from '../shared/paging';
import { nameText } from '../shared/text';

/**
 * API keys (issue 33 item 2, docs/security.md "API keys"): a machine's credential, company-scoped,
 * named, holding permission codes chosen from its creator's own, with an optional expiry. Shown
 * once at creation and stored only hashed; used as `Authorization: Bearer <key>` on every private
 * route. A key's codes are those it was given AND its creator still holds. Permission code of the
 * keys page (under system settings): `sys_api_key`.
 */
export const apiKeyPermission = { keys: 'sys_api_key' } as const;

/** Every key starts with it: the auth hook tells a key from a session token, and a leaked one is recognisable (secret scanners). */
export const apiKeyPrefix = 'sdk_';

export const apiKeyLimits = {
  nameLength: limits.generalNameLength,
  /** Keys of a company that are not revoked (expired ones count until revoked). */
  keysMax: 50,
  codesMax: 200,
  /** An expiry at most this many days ahead (a key without an expiry lasts until revoked). */
  expiryMaxDays: 5 * 365,
  /** Random bytes of a key after the prefix (base64url). */
  secretBytes: 32,
  /** Default calls per minute of one key (API_KEY_RATE_PER_MINUTE). */
  ratePerMinute: 600,
  /** The last use is written at most once per key and instance in this window. */
  lastUsedEveryMs: 60_000,
} as const;

/** States of a key in the list (GLOSSARY: 有效 / 已过期 / 已吊销). */
export const apiKeyStates = ['active', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof apiKeyStates)[number];

/** The state of a key at `now`: revoked wins over expired. */
export function apiKeyState(key: { revokedAt: number | null; expiresAt: number | null }, now: number): ApiKeyState {
  if (key.revokedAt !== null) {
    return 'revoked';
  }
  return key.expiresAt !== null && key.expiresAt <= now ? 'expired' : 'active';
}

/** The latest expiry allowed for a key made at `now`. */
export const apiKeyExpiryMax = (now: number): number => now + apiKeyLimits.expiryMaxDays * 86_400_000;

export const apiKeyNameSchema = nameText().min(1, 'validation.nameRequired').max(apiKeyLimits.nameLength, 'validation.tooLong');
export const apiKeyCodesSchema = z.array(z.string().max(64), { message: 'apiKey.codesRequired' }).min(1, 'apiKey.codesRequired').max(apiKeyLimits.codesMax, 'apiKey.codesTooMany');
/**
 * An expiry in epoch ms, in the future and at most `expiryMaxDays` ahead. Checked against the
 * clock when parsed (the server's at the call, the browser's in the form).
 */
export const apiKeyExpirySchema = z
  .number({ message: 'apiKey.expiryInvalid' })
  .int('apiKey.expiryInvalid')
  .refine((at) => at > Date.now(), 'apiKey.expiryPast')
  .refine((at) => at <= apiKeyExpiryMax(Date.now()), 'apiKey.expiryTooFar');

/** `POST /general/apiKey/addKey {name, codes, expiresAt?}` → `{id, key}` (the key shown this once). */
export const addApiKeyRequest = z.object({ name: apiKeyNameSchema, codes: apiKeyCodesSchema, expiresAt: apiKeyExpirySchema.nullable().optional() }).strict();
export type AddApiKeyRequest = z.infer<typeof addApiKeyRequest>;
export const addApiKeyResponse = z.object({
  id: z.number(),
  /** The key itself: never answered again (only its hash is stored). */
  key: z.string(),
});
export type AddApiKeyResponse = z.infer<typeof addApiKeyResponse>;

/** `GET /general/apiKey/getKeys?pageNum&pageSize&keyword&state`: the company's keys, newest first. */
export const apiKeyListQuery = pageQuery.extend({
  keyword: z.string().max(100).optional(),
  state: z.enum(apiKeyStates).optional(),
});
export type ApiKeyListQuery = z.input<typeof apiKeyListQuery>;

/** `POST /general/apiKey/revokeKey {id}`: refused at once on this instance (docs/security.md). */
export const revokeApiKeyRequest = z.object({ id: idSchema }).strict();
export type RevokeApiKeyRequest = z.infer<typeof revokeApiKeyRequest>;

export const apiKeyView = z.object({
  id: z.number(),
  name: z.string(),
  /** The first characters of the key (`sdk_Ab3x`), to tell keys apart; never the key. */
  hint: z.string(),
  codes: z.array(z.string()),
  creator: z.object({ id: z.number(), name: z.string() }),
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
  lastUsedAt: z.number().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.number().nullable(),
  state: z.enum(apiKeyStates),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;
/** `GET /general/apiKey/getKeys` → a page of keys. */
export const apiKeyPage = pageOf(apiKeyView);
