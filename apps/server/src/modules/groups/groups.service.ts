import type { GroupItem, GroupMemberItem, Page } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { conflict, notFound } from '@server/platform/errors';
import type { CompaniesService } from '../companies/companies.service';
import { GroupsRepository } from './groups.repository';

/**
 * User groups of a company and their members: the only path to user_group and
 * user_group_member. `removeUserFromAll` takes an executor `on` (see RolesService).
 */
export class GroupsService {
  constructor(
    private readonly repository: GroupsRepository,
    private readonly companies: Pick<CompaniesService, 'isMember'>,
  ) {}

  async list(companyId: number, pageNum: number, pageSize: number, keyword?: string): Promise<Page<GroupItem>> {
    const { total, rows } = await this.repository.page(companyId, pageNum, pageSize, keyword);
    return { total, list: rows.map((g) => ({ id: g.id, name: g.name, remark: g.remark, memberCount: Number(g.memberCount), createdAt: g.created_at })) };
  }

  private async requireGroup(companyId: number, id: number) {
    const group = await this.repository.find(companyId, id);
    if (!group) {
      throw notFound();
    }
    return group;
  }

  async add(companyId: number, name: string, remark = ''): Promise<{ id: number }> {
    if (await this.repository.findByName(companyId, name)) {
      throw conflict('group.nameTaken');
    }
    return { id: await this.repository.insert(companyId, name, remark) };
  }

  async update(companyId: number, id: number, name: string, remark = ''): Promise<void> {
    await this.requireGroup(companyId, id);
    const same = await this.repository.findByName(companyId, name);
    if (same && same.id !== id) {
      throw conflict('group.nameTaken');
    }
    await this.repository.update(companyId, id, name, remark);
  }

  async delete(companyId: number, id: number): Promise<void> {
    await this.requireGroup(companyId, id);
    await this.repository.delete(companyId, id);
  }

  async members(companyId: number, groupId: number): Promise<GroupMemberItem[]> {
    await this.requireGroup(companyId, groupId);
    return this.repository.members(companyId, groupId);
  }

  /** Only members of the company can join its groups. */
  async addUser(companyId: number, groupId: number, userId: number): Promise<void> {
    await this.requireGroup(companyId, groupId);
    if (!(await this.companies.isMember(companyId, userId))) {
      throw notFound('member.notMember');
    }
    if (await this.repository.isMember(companyId, groupId, userId)) {
      throw conflict('group.alreadyMember');
    }
    await this.repository.addMember(companyId, groupId, userId);
  }

  async removeUser(companyId: number, groupId: number, userId: number): Promise<void> {
    await this.requireGroup(companyId, groupId);
    if (!(await this.repository.isMember(companyId, groupId, userId))) {
      throw notFound('member.notMember');
    }
    await this.repository.removeMember(companyId, groupId, userId);
  }

  /** Whether the group exists in the company (a cabin grant may name it). */
  async groupExists(companyId: number, groupId: number): Promise<boolean> {
    return (await this.repository.find(companyId, groupId)) !== undefined;
  }

  /** Ids of the company's groups the user belongs to (a cabin grant to a group reaches its members). */
  groupIdsOfUser(companyId: number, userId: number): Promise<number[]> {
    return this.repository.groupIdsOfUser(companyId, userId);
  }

  /** Takes a user out of every group of the company, on the caller's transaction when given (member removal). */
  removeUserFromAll(companyId: number, userId: number, on?: Db): Promise<void> {
    return (on ? new GroupsRepository(on) : this.repository).removeFromAll(companyId, userId);
  }
}
