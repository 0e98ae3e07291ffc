import type { GrantLike, GrantScope, GrantView, Locale, NodePermission, PermissionLevel, PermissionMode, SetPermissionRequest } from '@smartdata/domain';
import { notFound, permissionDenied, validationError } from '@server/platform/errors';
import { builtinName } from '@server/platform/i18n';
import type { CabinRepository } from './cabin.repository';
import type { CabinCaller, CabinService } from './cabin.service';
import type { CabinPeople } from './cabinPeople';
import { rootGrants, toGrants } from './levels';

/**
 * A node's permission dialog (docs/cabin.md): its own and inherited grants with the caller's
 * effective level, and setting its mode and grants. Levels are the cabin service's.
 */
export class CabinPermissionsService {
  constructor(
    private readonly repository: CabinRepository,
    private readonly people: CabinPeople,
    private readonly cabin: CabinService,
  ) {}

  /**
   * The permission dialog: own grants, inherited grants and the caller's effective level (needs
   * read); a grant to the whole company names it in the reader's language while it is built in.
   */
  async permission(caller: CabinCaller, nodeId: number, locale: Locale): Promise<NodePermission> {
    const chain = await this.repository.chain(caller.companyId, nodeId);
    const node = chain[0];
    if (!node) {
      throw notFound();
    }
    const effective = await this.cabin.effectiveLevel(caller, nodeId);
    if (effective.level === 'none') {
      throw permissionDenied('cabin.needs.read');
    }
    const anchor = chain.slice(1).find((n) => n.perm_mode === 'custom');
    const rows = await this.repository.grantsOf(caller.companyId, [node.id, ...(anchor ? [anchor.id] : [])]);
    const own = node.perm_mode === 'custom' ? toGrants(rows.filter((r) => r.node_id === node.id)) : [];
    const inherited = anchor ? toGrants(rows.filter((r) => r.node_id === anchor.id)) : rootGrants.map((g) => ({ ...g, targetId: caller.companyId }));
    const named = await this.nameGrants(caller.companyId, [...own, ...inherited], locale);
    return {
      nodeId: node.id,
      mode: node.perm_mode as PermissionMode,
      grants: named.slice(0, own.length),
      inherited: named.slice(own.length),
      inheritedFrom: anchor ? { nodeId: anchor.id, name: anchor.name } : null,
      effective: { level: effective.level, source: effective.source },
    };
  }

  /**
   * Sets a node's mode and grants (needs admin). Custom grants name the company (its own id or
   * none), a group of the company or a member; others' ids are 40400. One grant per target.
   * Default mode clears the node's grants: it inherits again.
   */
  async setPermission(caller: CabinCaller, request: SetPermissionRequest): Promise<void> {
    await this.cabin.requireLevel(caller, request.nodeId, 'admin');
    const grants: { scope: GrantScope; targetId: number; level: PermissionLevel }[] = [];
    if (request.mode === 'custom') {
      const seen = new Set<string>();
      for (const grant of request.grants) {
        let targetId: number;
        if (grant.scope === 'company') {
          if (grant.targetId !== undefined && grant.targetId !== caller.companyId) {
            throw notFound();
          }
          targetId = caller.companyId;
        } else {
          if (grant.targetId === undefined) {
            throw validationError('cabin.grantTargetRequired');
          }
          targetId = grant.targetId;
          const exists = grant.scope === 'group' ? await this.people.groupExists(caller.companyId, targetId) : await this.people.isMember(caller.companyId, targetId);
          if (!exists) {
            throw notFound();
          }
        }
        const key = `${grant.scope}:${targetId}`;
        if (seen.has(key)) {
          throw validationError('cabin.duplicateGrant');
        }
        seen.add(key);
        grants.push({ scope: grant.scope, targetId, level: grant.level });
      }
    }
    await this.repository.setPermission(caller.companyId, request.nodeId, request.mode, grants);
  }

  private async nameGrants(companyId: number, grants: readonly GrantLike[], locale: Locale): Promise<GrantView[]> {
    const [company, groupNames, memberNames] = await Promise.all([
      this.repository.companyName(companyId),
      this.repository.groupNames(
        companyId,
        grants.filter((g) => g.scope === 'group').map((g) => g.targetId),
      ),
      this.repository.memberNames(
        companyId,
        grants.filter((g) => g.scope === 'user').map((g) => g.targetId),
      ),
    ]);
    return grants.map((g) => ({
      scope: g.scope,
      targetId: g.scope === 'company' ? companyId : g.targetId,
      targetName: g.scope === 'company' ? builtinName(company.name, company.builtinKey, locale) : ((g.scope === 'group' ? groupNames : memberNames).get(g.targetId) ?? ''),
      level: g.level,
    }));
  }
}
