import { allPermissionCodes, platformOnlyCodes } from '@smartdata/domain';
import type { Db } from '../db/database';
import { SessionRepository } from './session.repository';

const allCodes = new Set(allPermissionCodes);
const platformOnly = new Set(platformOnlyCodes);

/**
 * The codes a person holds in a company by their roles: every code for the platform
 * administrator; else their roles' codes, without system maintenance (the platform
 * administrator's alone). The one rule behind a session, an API key's session and MemberCodes.
 */
export async function heldCodes(sessions: SessionRepository, userId: number, companyId: number | null, isPlatformAdmin: boolean): Promise<ReadonlySet<string>> {
  if (isPlatformAdmin) {
    return allCodes;
  }
  const codes = new Set<string>();
  if (companyId !== null) {
    for (const role of await sessions.roleCodes(userId, companyId)) {
      for (const code of JSON.parse(role.codes) as string[]) {
        if (allCodes.has(code) && !platformOnly.has(code)) {
          codes.add(code);
        }
      }
    }
  }
  return codes;
}

/**
 * What a person holds in a company NOW, as a session of theirs in it would: null when the account
 * is disabled or they are no longer an active member of the active company; else the codes of
 * their roles (every code for the platform administrator; system maintenance only in the
 * platform's own company is left out as in a session). For work done on a person's behalf
 * without a request (event subscriptions, issue 33): their rights are read at each use.
 */
export class MemberCodes {
  private readonly sessions: SessionRepository;

  constructor(db: Db) {
    this.sessions = new SessionRepository(db);
  }

  async of(companyId: number, userId: number): Promise<ReadonlySet<string> | null> {
    const user = await this.sessions.findUser(userId);
    if (user?.status !== 'active') {
      return null;
    }
    const memberships = await this.sessions.activeCompanyIds(userId);
    if (!memberships.some((m) => m.companyId === companyId)) {
      return null;
    }
    return heldCodes(this.sessions, userId, companyId, user.isPlatformAdmin === 1);
  }
}
