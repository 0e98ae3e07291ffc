import { allPermissionCodes, platformOnlyCodes } from '@smartdata/domain';
import type { Db } from '../db/database';
import { SessionRepository } from './session.repository';

const allCodes = new Set(allPermissionCodes);
const platformOnly = new Set(platformOnlyCodes);

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
    if (user.isPlatformAdmin === 1) {
      return allCodes;
    }
    const codes = new Set<string>();
    for (const role of await this.sessions.roleCodes(userId, companyId)) {
      for (const code of JSON.parse(role.codes) as string[]) {
        if (allCodes.has(code) && !platformOnly.has(code)) {
          codes.add(code);
        }
      }
    }
    return codes;
  }
}
