import { levelAtLeast, type AddProjectValues, type PermissionLevel, type ProjectDetail, type ProjectNode, type ProjectStatus, type UpdateProjectValues } from '@smartdata/domain';
import { notFound, permissionDenied, validationError } from '@server/platform/errors';
import type { CabinCaller, CabinService, NodeKindHandler } from '../cabin/cabin.service';
import type { DataItemsService } from '../data-items/dataItems.service';
import type { LatestRecords } from '../data-items/latestRecords.port';
import { ProjectsRepository, type ProjectRow } from './projects.repository';

type ProjectCabin = Pick<CabinService, 'createNode' | 'effectiveLevel' | 'levelMap' | 'subtree' | 'memberNames' | 'isMember'>;
/** What projects need of the data-items module: items' fields, and their latest records. */
export type ProjectItems = Pick<DataItemsService, 'itemsByIds'>;


/**
 * Project nodes of the cabin (docs/cabin.md "Files and projects"): a node that groups what belongs
 * to one site or customer. Its page lists the nodes under it that the caller may read, with the
 * latest value of each data item.
 */
export class ProjectsService {
  constructor(
    private readonly repository: ProjectsRepository,
    private readonly cabin: ProjectCabin,
    private readonly items: ProjectItems,
    private readonly latest: LatestRecords,
  ) {}

  private async requireProject(caller: CabinCaller, id: number, level: PermissionLevel): Promise<{ row: ProjectRow; level: PermissionLevel }> {
    const row = await this.repository.findProject(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    const { level: held } = await this.cabin.effectiveLevel(caller, row.node_id);
    if (!levelAtLeast(held, level)) {
      throw permissionDenied(`cabin.needs.${level}`);
    }
    return { row, level: held };
  }

  /** Members must be members of the company (50001 otherwise). */
  private async checkMembers(companyId: number, memberIds: readonly number[]): Promise<number[]> {
    const unique = [...new Set(memberIds)];
    for (const userId of unique) {
      if (!(await this.cabin.isMember(companyId, userId))) {
        throw validationError('validation.project.notMember');
      }
    }
    return unique;
  }

  /** A project node under a directory or project where the caller may write. */
  async addProject(caller: CabinCaller, request: AddProjectValues): Promise<{ id: number; nodeId: number }> {
    const memberIds = await this.checkMembers(caller.companyId, request.memberIds);
    const name = request.name.trim();
    const { nodeId, refId } = await this.cabin.createNode(caller, { kind: 'project', parentId: request.parentId, name }, async (trx, newNodeId) => {
      const projects = ProjectsRepository.in(trx);
      const id = await projects.insertProject({ companyId: caller.companyId, nodeId: newNodeId, name, userId: caller.userId, description: request.description, status: request.status, startDate: request.startDate, endDate: request.endDate });
      await projects.setMembers(caller.companyId, id, memberIds);
      return id;
    });
    return { id: refId, nodeId };
  }

  /** Description, status, dates and members (read-write). */
  async updateProject(caller: CabinCaller, request: UpdateProjectValues): Promise<void> {
    const { row } = await this.requireProject(caller, request.id, 'readWrite');
    const memberIds = await this.checkMembers(caller.companyId, request.memberIds);
    await this.repository.updateProject(caller.companyId, row.id, { description: request.description, status: request.status, startDate: request.startDate, endDate: request.endDate });
    await this.repository.setMembers(caller.companyId, row.id, memberIds);
  }

  /** The project and the nodes under it (recursively) the caller may read, items with their latest value. */
  async getProject(caller: CabinCaller, id: number): Promise<ProjectDetail> {
    const { row, level } = await this.requireProject(caller, id, 'read');
    const memberIds = await this.repository.memberIds(caller.companyId, row.id);
    const names = await this.cabin.memberNames(caller.companyId, memberIds);
    const subtree = await this.cabin.subtree(caller.companyId, row.node_id);
    const { levelOf } = await this.cabin.levelMap(caller);
    const byId = new Map(subtree.map((n) => [n.id, n]));
    const nodes: ProjectNode[] = [];
    for (const node of subtree.slice(1)) {
      const nodeLevel = levelOf(node.id);
      if (nodeLevel === 'none') {
        continue;
      }
      const path: string[] = [];
      let parent = node.parent_id === null ? undefined : byId.get(node.parent_id);
      while (parent && parent.id !== row.node_id) {
        path.unshift(parent.name);
        parent = parent.parent_id === null ? undefined : byId.get(parent.parent_id);
      }
      nodes.push({ nodeId: node.id, kind: node.kind, name: node.name, refId: node.ref_id, path, level: nodeLevel });
    }
    const itemIds = nodes.filter((n) => n.kind === 'dataItem' && n.refId !== null).map((n) => n.refId!);
    if (itemIds.length > 0) {
      const [items, latest] = await Promise.all([this.items.itemsByIds(caller.companyId, itemIds), this.latest.latest(caller.companyId, itemIds)]);
      const itemById = new Map(items.map((item) => [item.id, item]));
      for (const node of nodes) {
        if (node.kind !== 'dataItem' || node.refId === null) {
          continue;
        }
        const record = latest.get(node.refId);
        const fields = itemById.get(node.refId)?.fields ?? [];
        node.latest = record
          ? { at: record.createdAt, values: fields.map((f) => ({ fieldName: f.fieldName, name: f.name, unit: f.unit ?? '', value: record.values[f.fieldName] ?? null })) }
          : null;
      }
    }
    return {
      id: row.id,
      nodeId: row.node_id,
      name: row.name,
      description: row.description,
      status: row.status as ProjectStatus,
      startDate: row.start_date,
      endDate: row.end_date,
      members: memberIds.map((userId) => ({ userId, name: names.get(userId) ?? '' })).filter((m) => m.name !== ''),
      level,
      nodes,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }

  nodeHandler(): NodeKindHandler {
    return {
      describe: async (companyId, refIds) => new Map((await this.repository.projectsByIds(companyId, refIds)).map((r) => [r.id, { status: r.status }])),
      rename: (trx, companyId, refId, name) => ProjectsRepository.in(trx).renameProject(companyId, refId, name),
      remove: (trx, companyId, refIds) => ProjectsRepository.in(trx).deleteProjects(companyId, refIds),
    };
  }
}
