import { sql } from 'kysely';
import type { Db } from '@server/platform/db/database';
import { scopedToCompany } from '@server/platform/db/tenancy';

export interface CabinNodeRow {
  id: number;
  parent_id: number | null;
  kind: string;
  name: string;
  ref_id: number | null;
  perm_mode: string;
  sort_order: number;
  created_at: number;
}

export interface CabinGrantRow {
  node_id: number;
  scope: string;
  target_id: number;
  level: string;
}

const nodeColumns = ['id', 'parent_id', 'kind', 'name', 'ref_id', 'perm_mode', 'sort_order', 'created_at'] as const;

/** Deepest tree the recursive queries follow (moves into a node's own subtree are refused, so there are no cycles). */
const maxDepth = 200;

/** Every query of the cabin tree and its grants, scoped to the caller's company. */
export class CabinRepository {
  constructor(private readonly db: Db) {}

  /** The same queries inside a transaction. */
  static in(trx: Db): CabinRepository {
    return new CabinRepository(trx);
  }

  allNodes(companyId: number): Promise<CabinNodeRow[]> {
    return this.db.selectFrom('cabin_node').select(nodeColumns).where(scopedToCompany('cabin_node', companyId)).orderBy('sort_order').orderBy('id').execute();
  }

  findNode(companyId: number, id: number): Promise<CabinNodeRow | undefined> {
    return this.db.selectFrom('cabin_node').select(nodeColumns).where(scopedToCompany('cabin_node', companyId)).where('id', '=', id).executeTakeFirst();
  }

  findByRef(companyId: number, kind: string, refId: number): Promise<CabinNodeRow | undefined> {
    return this.db
      .selectFrom('cabin_node')
      .select(nodeColumns)
      .where(scopedToCompany('cabin_node', companyId))
      .where('kind', '=', kind)
      .where('ref_id', '=', refId)
      .executeTakeFirst();
  }

  /** The node and its ancestors, the node first (one recursive query). */
  async chain(companyId: number, id: number): Promise<(CabinNodeRow & { depth: number })[]> {
    const result = await sql<CabinNodeRow & { depth: number }>`
      with recursive chain as (
        select id, parent_id, kind, name, ref_id, perm_mode, sort_order, created_at, 0 as depth
          from cabin_node where company_id = ${companyId} and id = ${id}
        union all
        select n.id, n.parent_id, n.kind, n.name, n.ref_id, n.perm_mode, n.sort_order, n.created_at, c.depth + 1
          from cabin_node n join chain c on n.id = c.parent_id
         where n.company_id = ${companyId} and c.depth < ${maxDepth}
      )
      select * from chain order by depth`.execute(this.db);
    return result.rows.map((row) => ({ ...row, depth: Number(row.depth) }));
  }

  /** The node and everything under it. */
  async subtree(companyId: number, id: number): Promise<(CabinNodeRow & { depth: number })[]> {
    const result = await sql<CabinNodeRow & { depth: number }>`
      with recursive tree as (
        select id, parent_id, kind, name, ref_id, perm_mode, sort_order, created_at, 0 as depth
          from cabin_node where company_id = ${companyId} and id = ${id}
        union all
        select n.id, n.parent_id, n.kind, n.name, n.ref_id, n.perm_mode, n.sort_order, n.created_at, t.depth + 1
          from cabin_node n join tree t on n.parent_id = t.id
         where n.company_id = ${companyId} and t.depth < ${maxDepth}
      )
      select * from tree order by depth, sort_order, id`.execute(this.db);
    return result.rows.map((row) => ({ ...row, depth: Number(row.depth) }));
  }

  grantsOf(companyId: number, nodeIds: readonly number[]): Promise<CabinGrantRow[]> {
    if (nodeIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('cabin_grant')
      .select(['node_id', 'scope', 'target_id', 'level'])
      .where(scopedToCompany('cabin_grant', companyId))
      .where('node_id', 'in', [...nodeIds])
      .execute();
  }

  allGrants(companyId: number): Promise<CabinGrantRow[]> {
    return this.db.selectFrom('cabin_grant').select(['node_id', 'scope', 'target_id', 'level']).where(scopedToCompany('cabin_grant', companyId)).execute();
  }

  /** A sibling of the same kind with this name (names are unique per kind within a directory). */
  async siblingNamed(companyId: number, parentId: number | null, kind: string, name: string, exceptId?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('cabin_node')
      .select('id')
      .where(scopedToCompany('cabin_node', companyId))
      .where('kind', '=', kind)
      .where('name', '=', name)
      .where('parent_id', parentId === null ? 'is' : '=', parentId);
    if (exceptId !== undefined) {
      query = query.where('id', '!=', exceptId);
    }
    return (await query.executeTakeFirst()) !== undefined;
  }

  async siblingNames(companyId: number, parentId: number | null, kind: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('cabin_node')
      .select('name')
      .where(scopedToCompany('cabin_node', companyId))
      .where('kind', '=', kind)
      .where('parent_id', parentId === null ? 'is' : '=', parentId)
      .execute();
    return new Set(rows.map((r) => r.name));
  }

  async nextSortOrder(companyId: number, parentId: number | null): Promise<number> {
    const row = await this.db
      .selectFrom('cabin_node')
      .select((eb) => eb.fn.max('sort_order').as('max'))
      .where(scopedToCompany('cabin_node', companyId))
      .where('parent_id', parentId === null ? 'is' : '=', parentId)
      .executeTakeFirst();
    return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
  }

  async insertNode(values: { companyId: number; parentId: number | null; kind: string; name: string; refId: number | null; sortOrder: number; userId: number | null }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('cabin_node')
      .values({
        company_id: values.companyId,
        parent_id: values.parentId,
        kind: values.kind,
        name: values.name,
        ref_id: values.refId,
        perm_mode: 'default',
        sort_order: values.sortOrder,
        created_by: values.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async setRef(companyId: number, id: number, refId: number): Promise<void> {
    await this.db.updateTable('cabin_node').set({ ref_id: refId }).where(scopedToCompany('cabin_node', companyId)).where('id', '=', id).execute();
  }

  async rename(companyId: number, id: number, name: string): Promise<void> {
    await this.db.updateTable('cabin_node').set({ name, updated_at: Date.now() }).where(scopedToCompany('cabin_node', companyId)).where('id', '=', id).execute();
  }

  async move(companyId: number, id: number, parentId: number | null, sortOrder: number): Promise<void> {
    await this.db
      .updateTable('cabin_node')
      .set({ parent_id: parentId, sort_order: sortOrder, updated_at: Date.now() })
      .where(scopedToCompany('cabin_node', companyId))
      .where('id', '=', id)
      .execute();
  }

  /** Removes nodes and their grants (the caller runs this in the transaction that removes their entities). */
  async deleteNodes(companyId: number, ids: readonly number[]): Promise<void> {
    for (let start = 0; start < ids.length; start += 500) {
      const slice = ids.slice(start, start + 500);
      await this.db.deleteFrom('cabin_grant').where(scopedToCompany('cabin_grant', companyId)).where('node_id', 'in', slice).execute();
      await this.db.deleteFrom('cabin_node').where(scopedToCompany('cabin_node', companyId)).where('id', 'in', slice).execute();
    }
  }

  /** Replaces the mode and grants of a node (custom: the given grants; default: none). */
  async setPermission(companyId: number, nodeId: number, mode: 'default' | 'custom', grants: readonly { scope: string; targetId: number; level: string }[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('cabin_node').set({ perm_mode: mode, updated_at: Date.now() }).where(scopedToCompany('cabin_node', companyId)).where('id', '=', nodeId).execute();
      await trx.deleteFrom('cabin_grant').where(scopedToCompany('cabin_grant', companyId)).where('node_id', '=', nodeId).execute();
      if (mode === 'custom' && grants.length > 0) {
        await trx
          .insertInto('cabin_grant')
          .values(grants.map((g) => ({ company_id: companyId, node_id: nodeId, scope: g.scope, target_id: g.targetId, level: g.level })))
          .execute();
      }
    });
  }

  // ---- names of grant targets ----

  /** The company's name and, while it keeps its built-in name, that name's server-text key. */
  async companyName(companyId: number): Promise<{ name: string; builtinKey: string | null }> {
    const row = await this.db.selectFrom('company').select(['display_name', 'builtin_key']).where('id', '=', companyId).executeTakeFirst();
    return { name: row?.display_name ?? '', builtinKey: row?.builtin_key ?? null };
  }

  async groupNames(companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await this.db.selectFrom('user_group').select(['id', 'name']).where(scopedToCompany('user_group', companyId)).where('id', 'in', [...ids]).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Names of members of the company (people who left are not found). */
  async memberNames(companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await this.db
      .selectFrom('company_member')
      .innerJoin('app_user', 'app_user.id', 'company_member.user_id')
      .select(['app_user.id', 'app_user.name', 'app_user.user_name'])
      .where(scopedToCompany('company_member', companyId))
      .where('app_user.id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, r.name || r.user_name]));
  }
}
