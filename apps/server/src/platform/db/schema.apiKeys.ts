import type { Generated } from 'kysely';

/** API keys (migration 430; owned by modules/apiKeys). Instants epoch ms. */
export interface ApiKeyTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  /** SHA-256 (hex) of the key; the key itself is never stored. */
  key_hash: string;
  /** The first characters of the key (`sdk_Ab3x`), for the list. */
  hint: string;
  /** JSON array of the permission codes the creator gave the key. */
  codes: string;
  created_by: number;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  last_used_ip: string | null;
  revoked_at: number | null;
  revoked_by: number | null;
}

export interface ApiKeyTables {
  api_key: ApiKeyTable;
}
