import type { GrantScope, GrantView, PermissionLevel } from '@smartdata/domain';

/** A row of the permission dialog's grant table. */
export interface GrantRow {
  scope: GrantScope;
  targetId: number;
  targetName: string;
  level: PermissionLevel;
}

export const grantKey = (grant: Pick<GrantRow, 'scope' | 'targetId'>) => `${grant.scope}:${grant.targetId}`;

const scopeOrder: Record<GrantScope, number> = { company: 0, group: 1, user: 2 };

/** Grants as the dialog lists them: the company first, then groups, then people, by name. */
export function sortGrants<T extends Pick<GrantView, 'scope' | 'targetName'>>(grants: readonly T[]): T[] {
  return [...grants].sort((a, b) => scopeOrder[a.scope] - scopeOrder[b.scope] || a.targetName.localeCompare(b.targetName));
}

/** Adds a grant, or changes the level of the one for the same target (one grant per target). */
export function putGrant(rows: readonly GrantRow[], grant: GrantRow): GrantRow[] {
  const key = grantKey(grant);
  return rows.some((row) => grantKey(row) === key) ? rows.map((row) => (grantKey(row) === key ? { ...row, level: grant.level } : row)) : sortGrants([...rows, grant]);
}

/** The body of setPermission: the company's grant needs no target id. */
export function grantsToSend(rows: readonly GrantRow[]): { scope: GrantScope; targetId?: number; level: PermissionLevel }[] {
  return rows.map(({ scope, targetId, level }) => (scope === 'company' ? { scope, level } : { scope, targetId, level }));
}
