import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { AlarmRuleTable, AlarmTable, AlarmWatchTable } from '@server/platform/db/schema.alarms';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type RuleRow = Selectable<AlarmRuleTable>;
export type WatchRow = Selectable<AlarmWatchTable>;
export type AlarmRow = Selectable<AlarmTable>;
export type NewAlarm = Insertable<AlarmTable>;
export type AlarmPatch = Updateable<AlarmTable>;


export interface AlarmFilter {
  ruleId?: number;
  watchId?: number;
  state?: string;
  level?: number;
  itemId?: number;
  deviceId?: number;
  source?: number;
  from?: number;
  to?: number;
  /** Only alarms on these cabin nodes (the caller's readable ones); undefined: every node. */
  nodeIds?: readonly number[];
}

/** Rules, update watches and alarms of the alarms module; the only owner of its three tables. */
export class AlarmsRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): AlarmsRepository {
    return new AlarmsRepository(trx);
  }

  transaction<T>(work: (repository: AlarmsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AlarmsRepository(trx)));
  }

  // ---- rules ----

  findRule(companyId: number, id: number): Promise<RuleRow | undefined> {
    return this.db.selectFrom('alarm_rule').selectAll().where(scopedToCompany('alarm_rule', companyId)).where('id', '=', id).executeTakeFirst();
  }

  rules(companyId: number): Promise<RuleRow[]> {
    return this.db.selectFrom('alarm_rule').selectAll().where(scopedToCompany('alarm_rule', companyId)).orderBy('id', 'asc').execute();
  }

  /** Enabled rules on fields of these items (the evaluation path). */
  rulesOnItems(companyId: number, itemIds: readonly number[]): Promise<RuleRow[]> {
    return this.db
      .selectFrom('alarm_rule')
      .selectAll()
      .where(scopedToCompany('alarm_rule', companyId))
      .where('enabled', '=', 1)
      .where('target_kind', '=', 'field')
      .where('item_id', 'in', itemIds)
      .orderBy('id', 'asc')
      .execute();
  }

  rulesOnDevice(companyId: number, deviceId: number): Promise<RuleRow[]> {
    return this.db
      .selectFrom('alarm_rule')
      .selectAll()
      .where(scopedToCompany('alarm_rule', companyId))
      .where('enabled', '=', 1)
      .where('target_kind', '=', 'deviceOnline')
      .where('device_id', '=', deviceId)
      .execute();
  }

  /** Items with an enabled rule or update watch: the records worth evaluating. */
  async watchedItemIds(companyId: number): Promise<Set<number>> {
    const [rules, watches] = await Promise.all([
      this.db.selectFrom('alarm_rule').select('item_id').distinct().where(scopedToCompany('alarm_rule', companyId)).where('enabled', '=', 1).where('item_id', 'is not', null).execute(),
      this.db.selectFrom('alarm_watch').select('item_id').distinct().where(scopedToCompany('alarm_watch', companyId)).where('enabled', '=', 1).execute(),
    ]);
    return new Set([...rules.map((r) => r.item_id!), ...watches.map((w) => w.item_id)]);
  }

  /** Rules whose lasting window completes by `now`. */
  rulesDue(now: number): Promise<RuleRow[]> {
    return this.db.selectFrom('alarm_rule').selectAll().where('enabled', '=', 1).where('deadline', '<=', now).orderBy('deadline', 'asc').limit(500).execute();
  }

  async nameTaken(companyId: number, name: string, exceptId?: number): Promise<boolean> {
    let query = this.db.selectFrom('alarm_rule').select('id').where(scopedToCompany('alarm_rule', companyId)).where('name', '=', name);
    if (exceptId !== undefined) {
      query = query.where('id', '<>', exceptId);
    }
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insertRule(values: Insertable<AlarmRuleTable>): Promise<number> {
    const row = await this.db.insertInto('alarm_rule').values(values).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async updateRule(companyId: number, id: number, patch: Updateable<AlarmRuleTable>): Promise<void> {
    await this.db.updateTable('alarm_rule').set(patch).where(scopedToCompany('alarm_rule', companyId)).where('id', '=', id).execute();
  }

  /** Writes the machine state only if nobody else wrote it since `version` was read (another instance). */
  async saveState(id: number, version: number, state: string, deadline: number | null): Promise<boolean> {
    const result = await this.db
      .updateTable('alarm_rule')
      .set({ state, deadline, state_version: version + 1 })
      .where('id', '=', id)
      .where('state_version', '=', version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteRule(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('alarm_rule').where(scopedToCompany('alarm_rule', companyId)).where('id', '=', id).execute();
  }

  // ---- watches ----

  findWatch(companyId: number, id: number): Promise<WatchRow | undefined> {
    return this.db.selectFrom('alarm_watch').selectAll().where(scopedToCompany('alarm_watch', companyId)).where('id', '=', id).executeTakeFirst();
  }

  watches(companyId: number): Promise<WatchRow[]> {
    return this.db.selectFrom('alarm_watch').selectAll().where(scopedToCompany('alarm_watch', companyId)).orderBy('id', 'asc').execute();
  }

  watchesOnItems(companyId: number, itemIds: readonly number[]): Promise<WatchRow[]> {
    return this.db.selectFrom('alarm_watch').selectAll().where(scopedToCompany('alarm_watch', companyId)).where('enabled', '=', 1).where('item_id', 'in', itemIds).execute();
  }

  watchesDue(now: number): Promise<WatchRow[]> {
    return this.db.selectFrom('alarm_watch').selectAll().where('enabled', '=', 1).where('deadline', '<=', now).orderBy('deadline', 'asc').limit(500).execute();
  }

  async insertWatch(values: Insertable<AlarmWatchTable>): Promise<number> {
    const row = await this.db.insertInto('alarm_watch').values(values).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async updateWatch(companyId: number, id: number, patch: Updateable<AlarmWatchTable>): Promise<void> {
    await this.db.updateTable('alarm_watch').set(patch).where(scopedToCompany('alarm_watch', companyId)).where('id', '=', id).execute();
  }

  /** Moves a watch's last record time forward (never back: records may commit out of time order). */
  async watchSeen(id: number, lastRecordAt: number, deadline: number | null): Promise<void> {
    await this.db
      .updateTable('alarm_watch')
      .set({ last_record_at: lastRecordAt, deadline })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_record_at', 'is', null), eb('last_record_at', '<', lastRecordAt)]))
      .execute();
  }

  async deleteWatch(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('alarm_watch').where(scopedToCompany('alarm_watch', companyId)).where('id', '=', id).execute();
  }

  // ---- alarms ----

  findAlarm(companyId: number, id: number): Promise<AlarmRow | undefined> {
    return this.db.selectFrom('alarm').selectAll().where(scopedToCompany('alarm', companyId)).where('id', '=', id).executeTakeFirst();
  }

  alarmsByIds(companyId: number, ids: readonly number[]): Promise<AlarmRow[]> {
    return this.db.selectFrom('alarm').selectAll().where(scopedToCompany('alarm', companyId)).where('id', 'in', ids).execute();
  }

  openAlarm(openKey: string): Promise<AlarmRow | undefined> {
    return this.db.selectFrom('alarm').selectAll().where('open_key', '=', openKey).executeTakeFirst();
  }

  async insertAlarm(values: NewAlarm): Promise<number> {
    const row = await this.db.insertInto('alarm').values(values).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async updateAlarm(id: number, patch: AlarmPatch, onlyOpen = false): Promise<boolean> {
    let query = this.db.updateTable('alarm').set(patch).where('id', '=', id);
    if (onlyOpen) {
      query = query.where('open_key', 'is not', null);
    }
    return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
  }

  remindersDue(now: number): Promise<AlarmRow[]> {
    return this.db.selectFrom('alarm').selectAll().where('remind_at', '<=', now).where('state', '=', 'active').orderBy('remind_at', 'asc').limit(500).execute();
  }

  private filtered(companyId: number, filter: AlarmFilter) {
    let query = this.db.selectFrom('alarm').where(scopedToCompany('alarm', companyId));
    if (filter.nodeIds) {
      if (filter.nodeIds.length === 0) {
        return query.where('id', '<', 0);
      }
      query = query.where('node_id', 'in', filter.nodeIds);
    }
    if (filter.ruleId !== undefined) {
      query = query.where('rule_id', '=', filter.ruleId);
    }
    if (filter.watchId !== undefined) {
      query = query.where('watch_id', '=', filter.watchId);
    }
    if (filter.state !== undefined) {
      query = query.where('state', '=', filter.state);
    }
    if (filter.level !== undefined) {
      query = query.where('level', '=', filter.level);
    }
    if (filter.itemId !== undefined) {
      query = query.where('target', 'like', `%"itemId":${filter.itemId},%`);
    }
    if (filter.deviceId !== undefined) {
      query = query.where('target', 'like', `%"deviceId":${filter.deviceId}}%`);
    }
    if (filter.source !== undefined) {
      query = query.where('source', '=', filter.source);
    }
    if (filter.from !== undefined) {
      query = query.where('first_time', '>=', filter.from);
    }
    if (filter.to !== undefined) {
      query = query.where('first_time', '<', filter.to);
    }
    return query;
  }

  async page(companyId: number, filter: AlarmFilter, page: { pageNum: number; pageSize: number }): Promise<{ total: number; rows: AlarmRow[] }> {
    const base = this.filtered(companyId, filter);
    const [total, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy('first_time', 'desc')
        .orderBy('id', 'desc')
        .limit(page.pageSize)
        .offset((page.pageNum - 1) * page.pageSize)
        .execute(),
    ]);
    return { total: Number(total.total), rows };
  }

  list(companyId: number, filter: AlarmFilter, max: number): Promise<AlarmRow[]> {
    return this.filtered(companyId, filter).selectAll().orderBy('first_time', 'desc').orderBy('id', 'desc').limit(max).execute();
  }

  async countByLevel(companyId: number, filter: AlarmFilter): Promise<Map<number, number>> {
    const rows = await this.filtered(companyId, filter)
      .select(['level', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('level')
      .execute();
    return new Map(rows.map((r) => [Number(r.level), Number(r.n)]));
  }

  /** Names of members of the company (who acknowledged or cleared); people who left are not found. */
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

  /**
   * Phones and e-mail addresses of a rule's recipients among the company's active members: the users, the members of the
   * groups, and with `delegations` the delegates of every recipient who delegated their alerts.
   */
  async recipientContacts(companyId: number, userIds: readonly number[], groupIds: readonly number[], delegations: boolean): Promise<{ phones: string[]; emails: string[] }> {
    const people = new Set(userIds);
    if (groupIds.length > 0) {
      const members = await this.db.selectFrom('user_group_member').select('user_id').where(scopedToCompany('user_group_member', companyId)).where('group_id', 'in', [...groupIds]).execute();
      members.forEach((m) => people.add(m.user_id));
    }
    if (delegations && people.size > 0) {
      const delegates = await this.db.selectFrom('alert_delegation').select('delegate_id').where(scopedToCompany('alert_delegation', companyId)).where('delegator_id', 'in', [...people]).execute();
      delegates.forEach((d) => people.add(d.delegate_id));
    }
    if (people.size === 0) {
      return { phones: [], emails: [] };
    }
    const rows = await this.db
      .selectFrom('company_member')
      .innerJoin('app_user', 'app_user.id', 'company_member.user_id')
      .select(['app_user.phone', 'app_user.email'])
      .where(scopedToCompany('company_member', companyId))
      .where('company_member.status', '=', 'active')
      .where('app_user.id', 'in', [...people])
      .execute();
    const present = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];
    return { phones: present(rows.map((r) => r.phone)), emails: present(rows.map((r) => r.email)) };
  }
}
