import { alarmSources, zoneOffset, type AlarmKind, type AlarmSource, type ClearCondition, type LevelCondition, type RecordItem, type RuleNotify, type RuleSchedule, type RuleTarget, type WatchedTarget } from '@smartdata/domain';
import { RecordsQueue, WatchedItems, type CommittedRecords } from '../data-items/recordsCommitted.port';
import { initialState, nextDeadline, onTick, onValue, type Effect, type MachineRule, type MachineState } from './alarmMachine';
import { type AlarmRow, type AlarmsRepository, type RuleRow, type WatchRow } from './alarms.repository';
import type { AlarmMessage, AlarmNotifier } from './alarmNotifier';
import { isUniqueViolation } from '@server/platform/db/uniqueViolation';

const MINUTE = 60_000;
const DAY = 86_400_000;
/**
 * How long the list of watched items is trusted: a rule added on another instance is evaluated on
 * this one at most this much later (docs/alarms.md).
 */
const watchedTtlMs = 5000;

export interface EngineDeps {
  repository: AlarmsRepository;
  notifier: AlarmNotifier;
  timeZone(companyId: number): Promise<string>;
  /** The engine's clock: an alarm is raised, triggered again and cleared at its time (the value keeps its own). */
  now: () => number;
  log: { error: (obj: unknown, msg?: string) => void };
}

export const ruleKey = (ruleId: number) => `r${ruleId}`;
export const watchKey = (watchId: number) => `w${watchId}`;

export function machineRule(row: RuleRow): MachineRule {
  return {
    levels: JSON.parse(row.levels) as LevelCondition[],
    clear: row.clear_condition ? (JSON.parse(row.clear_condition) as ClearCondition) : null,
    schedule: JSON.parse(row.schedule) as RuleSchedule,
  };
}

export function ruleTargetOf(row: RuleRow): WatchedTarget {
  return row.target_kind === 'deviceOnline' ? { kind: 'deviceOnline', deviceId: row.device_id! } : { kind: 'field', itemId: row.item_id!, fieldName: row.field_name! };
}

const noNotify: RuleNotify = { userIds: [], groupIds: [], delegations: false, email: false, sms: false, channelIds: [], notifyOnClear: false };
export const notifyOf = (rule: RuleRow): RuleNotify => ({ ...noNotify, ...(JSON.parse(rule.notify) as Partial<RuleNotify>) });
/** An update watch's notification (issue 32); null for one saved before watches had any: in the app only. */
export const watchNotifyOf = (watch: WatchRow | undefined): RuleNotify | null => (watch?.notify ? { ...noNotify, ...(JSON.parse(watch.notify) as Partial<RuleNotify>) } : null);
/** The rule's own message with the record the event came from (docs/alarms.md), or null. */
const messageOf = (rule: RuleRow, record: RecordItem | null): AlarmMessage | null => (rule.message ? { text: rule.message, record } : null);

/** A machine effect with the value, its own time and the record (null: a device's online change) that caused it. */
interface RuleEffect {
  effect: Effect;
  valueTime: number | null;
  value: number | null;
  record: RecordItem | null;
}

/** What a new open alarm is made of. */
export interface NewOpenAlarm {
  companyId: number;
  key: string;
  ruleId: number | null;
  watchId: number | null;
  name: string;
  target: RuleTarget;
  nodeId: number;
  kind: AlarmKind;
  level: number;
  value: number | null;
  /** The value's own time (null without a value). */
  valueTime: number | null;
  /** When it is raised (the engine's clock). */
  raisedAt: number;
  remindMinutes: number;
  source?: AlarmSource;
}

export function parseState(text: string): MachineState {
  try {
    return { ...initialState(), ...(JSON.parse(text) as Partial<MachineState>) };
  } catch {
    return initialState();
  }
}

/** What of a state must survive a restart: the open alarm, every lasting start, repeating streaks (capped). */
function digest(rule: MachineRule, state: MachineState): string {
  const progress = rule.levels.map((c) => {
    const p = state.progress[String(c.level)];
    const cap = c.kind === 'repeating' ? (c.count ?? 1) : 1;
    return [p?.since ?? null, Math.min(p?.streak ?? 0, cap)];
  });
  return JSON.stringify([state.open, progress]);
}

/**
 * The next instant a watch's item is stale if no record arrives: every N minutes, or daily at a time
 * in the company zone. From a record at `from`: a daily time D is met by a record in (D − 24 h, D],
 * so the next D is at or after the record + 24 h. From a start (a new, changed or cleared watch,
 * `fromRecord` false): the first D after `from`.
 */
export function watchDeadline(watch: Pick<WatchRow, 'every_minutes' | 'daily_at_minute'>, from: number, timeZone: string, fromRecord = true): number {
  if (watch.daily_at_minute === null) {
    return from + watch.every_minutes * MINUTE;
  }
  const earliest = fromRecord ? from + DAY : from + 1;
  const offset = zoneOffset(earliest, timeZone);
  const localMidnight = Math.floor((earliest + offset) / DAY) * DAY;
  let candidate = localMidnight - offset + watch.daily_at_minute * MINUTE;
  if (candidate < earliest) {
    candidate += DAY;
  }
  return candidate;
}

/**
 * Evaluates alarm rules and update watches (docs/alarms.md). Records reach it after their commit
 * (the data-items `recordsCommitted` port) and are queued, so ingest never waits on a rule; one
 * drain at a time keeps commit order. The machine state of every rule lives in its row, written
 * with a version check, so a restart resumes lasting windows and two instances never both open an
 * alarm (the open alarm's unique `open_key` is the last guard). Deadlines (lasting windows, stale
 * items, reminders) are swept with an injected `now`.
 */
export class AlarmEngine {
  private readonly queue: RecordsQueue;
  /** Per company, the items with a rule or watch, read again after `watchedTtlMs` or a local change. */
  private readonly watched: WatchedItems;

  constructor(private readonly deps: EngineDeps) {
    this.queue = new RecordsQueue((batch) => this.evaluate(batch), deps.log, 'alarm evaluation failed');
    this.watched = new WatchedItems((companyId) => deps.repository.watchedItemIds(companyId), watchedTtlMs);
  }

  /** A rule or watch of the company changed here: read its items again on the next batch. */
  invalidate(companyId: number): void {
    this.watched.forget(companyId);
  }

  enqueue(batch: CommittedRecords): void {
    this.queue.push(batch);
  }

  /** Resolves when every queued batch has been evaluated (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /**
   * Each value of a rule's field is a sample of the machine, at the value's own time. A replaced
   * record (a recomputed window result) is a sample too — its new value updates, raises or clears
   * the alarm like any other — unless it is the very value the machine saw last (nothing changed).
   */
  private async evaluate({ companyId, records, replaced }: CommittedRecords): Promise<void> {
    const { repository } = this.deps;
    const watched = await this.watched.of(companyId);
    const itemIds = [...new Set(records.map((r) => r.itemId))].filter((id) => watched.has(id));
    if (itemIds.length === 0) {
      return;
    }
    const [rules, watches] = await Promise.all([repository.rulesOnItems(companyId, itemIds), repository.watchesOnItems(companyId, itemIds)]);
    if (rules.length === 0 && watches.length === 0) {
      return;
    }
    const timeZone = await this.deps.timeZone(companyId);
    for (const rule of rules) {
      const samples: [number, RecordItem][] = [];
      for (const record of records) {
        if (record.itemId !== rule.item_id) {
          continue;
        }
        const raw = record.values[rule.field_name!];
        const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
        if (Number.isFinite(value)) {
          samples.push([value, record]);
        }
      }
      if (samples.length > 0) {
        await this.feed(rule, (machine, state) => {
          const effects: RuleEffect[] = [];
          let current = state;
          for (const [value, record] of samples) {
            if (replaced && current.lastTime === record.createdAt && current.lastValue === value) {
              continue;
            }
            const step = onValue(machine, current, value, record.createdAt, timeZone);
            current = step.state;
            effects.push({ effect: step.effect, valueTime: record.createdAt, value, record });
          }
          return { state: current, effects };
        });
      }
    }
    // A replaced record is no new record: it does not tell that the item is updating.
    for (const watch of replaced ? [] : watches) {
      let latest: number | null = null;
      for (const record of records) {
        if (record.itemId === watch.item_id && (watch.field_name === '' || (record.values[watch.field_name] !== undefined && record.values[watch.field_name] !== null))) {
          latest = Math.max(latest ?? record.createdAt, record.createdAt);
        }
      }
      if (latest !== null) {
        await this.watchSeen(watch, latest, timeZone);
      }
    }
  }

  /** A device went on- or offline: its online rules see 1 or 0. */
  async deviceOnline(companyId: number, deviceId: number, online: boolean, at: number): Promise<void> {
    const rules = await this.deps.repository.rulesOnDevice(companyId, deviceId);
    if (rules.length === 0) {
      return;
    }
    const timeZone = await this.deps.timeZone(companyId);
    for (const rule of rules) {
      await this.feed(rule, (machine, state) => {
        const step = onValue(machine, state, online ? 1 : 0, at, timeZone);
        return { state: step.state, effects: [{ effect: step.effect, valueTime: at, value: online ? 1 : 0, record: null }] };
      });
    }
  }

  /**
   * Runs `step` over the rule's stored state and writes the outcome; when another writer got there
   * first (the version moved), reads the rule again and runs it once more.
   */
  private async feed(
    initial: RuleRow,
    step: (machine: MachineRule, state: MachineState) => { state: MachineState; effects: RuleEffect[] },
    raisedAt = this.deps.now(),
  ): Promise<void> {
    let rule: RuleRow | undefined = initial;
    for (let attempt = 0; rule && attempt < 5; attempt += 1) {
      const machine = machineRule(rule);
      const before = parseState(rule.state);
      const { state, effects } = step(machine, before);
      const deadline = nextDeadline(machine, state);
      const changed = digest(machine, state) !== digest(machine, before) || deadline !== rule.deadline;
      if (!changed && effects.every((e) => e.effect.kind === 'none')) {
        return;
      }
      const saved = await this.deps.repository.saveState(rule.id, rule.state_version, JSON.stringify(state), deadline);
      if (saved) {
        await this.apply(rule, effects, raisedAt);
        return;
      }
      rule = await this.deps.repository.findRule(rule.company_id, rule.id);
    }
  }

  /**
   * Acts on a batch's effects in order, at `time` (the engine's clock); consecutive repeats are
   * written once, with the latest value and its time.
   */
  private async apply(rule: RuleRow, effects: RuleEffect[], time: number): Promise<void> {
    const { repository, notifier } = this.deps;
    const key = ruleKey(rule.id);
    let open: AlarmRow | undefined = await repository.openAlarm(key);
    // Repeats since the last write: one update for a run of them.
    const pending: { count: number; value: number | null; valueTime: number | null } = { count: 0, value: null, valueTime: null };
    const flush = async () => {
      if (open && pending.count > 0) {
        const patch = { last_time: time, count: open.count + pending.count, value: pending.value, value_time: pending.valueTime };
        await repository.updateAlarm(open.id, patch, true);
        open = { ...open, ...patch };
      }
      pending.count = 0;
    };
    for (const { effect, valueTime, value, record } of effects) {
      switch (effect.kind) {
        case 'none':
        case 'acknowledge':
          break;
        case 'repeat':
          if (open) {
            pending.count += 1;
            pending.value = value;
            pending.valueTime = valueTime;
          }
          break;
        case 'open': {
          await flush();
          const opened = await this.openAlarm({
            companyId: rule.company_id,
            key,
            ruleId: rule.id,
            watchId: null,
            name: rule.name,
            target: ruleTargetOf(rule),
            nodeId: rule.node_id,
            kind: 'threshold',
            level: effect.level,
            value,
            valueTime,
            raisedAt: time,
            remindMinutes: rule.repeat_minutes,
          });
          open = opened.row;
          if (opened.created) {
            await notifier.changed('opened', open, notifyOf(rule), messageOf(rule, record));
          }
          break;
        }
        case 'escalate': {
          await flush();
          if (open) {
            const patch = { level: effect.to, state: 'active', last_time: time, count: open.count + 1, value, value_time: valueTime, remind_at: rule.repeat_minutes > 0 ? time + rule.repeat_minutes * MINUTE : null };
            if (await repository.updateAlarm(open.id, patch, true)) {
              open = { ...open, ...patch };
              await notifier.changed('changed', open, notifyOf(rule));
            }
          }
          break;
        }
        case 'clear': {
          await flush();
          if (open) {
            const patch = { state: 'cleared', clear_time: time, open_key: null, remind_at: null };
            if (await repository.updateAlarm(open.id, patch, true)) {
              await notifier.changed('cleared', { ...open, ...patch }, notifyOf(rule), messageOf(rule, record));
            }
            open = undefined;
          }
          break;
        }
      }
    }
    await flush();
  }

  /** Inserts an open alarm; when one is open already (another writer won), answers that one. */
  async openAlarm(a: NewOpenAlarm): Promise<{ row: AlarmRow; created: boolean }> {
    const { repository } = this.deps;
    const values = {
      company_id: a.companyId,
      rule_id: a.ruleId,
      watch_id: a.watchId,
      rule_name: a.name,
      target: JSON.stringify(a.target),
      node_id: a.nodeId,
      kind: a.kind,
      level: a.level,
      state: 'active',
      source: a.source ?? alarmSources.server,
      value: a.value,
      value_time: a.valueTime,
      first_time: a.raisedAt,
      last_time: a.raisedAt,
      count: 1,
      ack_by: null,
      ack_time: null,
      ack_note: null,
      clear_by: null,
      clear_time: null,
      clear_note: null,
      remind_at: a.remindMinutes > 0 ? a.raisedAt + a.remindMinutes * MINUTE : null,
      open_key: a.key,
    };
    try {
      const id = await repository.insertAlarm(values);
      return { row: { id, ...values }, created: true };
    } catch (error) {
      const existing = isUniqueViolation(error) ? await repository.openAlarm(a.key) : undefined;
      if (!existing) {
        throw error;
      }
      return { row: existing, created: false };
    }
  }

  // ---- update watches ----

  private async watchSeen(watch: WatchRow, latest: number, timeZone: string): Promise<void> {
    const { repository, notifier } = this.deps;
    if (watch.last_record_at !== null && latest <= watch.last_record_at) {
      return;
    }
    await repository.watchSeen(watch.id, latest, watchDeadline(watch, latest, timeZone));
    const open = await repository.openAlarm(watchKey(watch.id));
    if (open) {
      const patch = { state: 'cleared', clear_time: this.deps.now(), open_key: null, remind_at: null };
      if (await repository.updateAlarm(open.id, patch, true)) {
        await notifier.changed('cleared', { ...open, ...patch }, watchNotifyOf(watch));
      }
    }
  }

  // ---- deadlines ----

  /** Lasting windows that completed, items that stopped updating, reminders due — all by `now`. */
  async sweep(now: number): Promise<void> {
    await this.idle();
    const { repository, notifier } = this.deps;
    for (const rule of await repository.rulesDue(now)) {
      const timeZone = await this.deps.timeZone(rule.company_id);
      await this.feed(
        rule,
        (machine, state) => {
          const step = onTick(machine, state, now, timeZone);
          // A lasting window completes on the clock, not with a record: its message has no record.
          return { state: step.state, effects: [{ effect: step.effect, valueTime: step.state.lastTime, value: step.state.lastValue, record: null }] };
        },
        now,
      );
    }
    for (const watch of await repository.watchesDue(now)) {
      await repository.updateWatch(watch.company_id, watch.id, { deadline: null });
      const opened = await this.openAlarm({
        companyId: watch.company_id,
        key: watchKey(watch.id),
        ruleId: null,
        watchId: watch.id,
        name: '',
        target: { kind: 'field', itemId: watch.item_id, fieldName: watch.field_name },
        nodeId: watch.node_id,
        kind: 'stale',
        level: watch.level,
        value: null,
        valueTime: null,
        raisedAt: now,
        remindMinutes: watch.remind_minutes,
      });
      if (opened.created) {
        await notifier.changed('opened', opened.row, watchNotifyOf(watch));
      }
    }
    for (const alarm of await repository.remindersDue(now)) {
      const rule = alarm.rule_id === null ? undefined : await repository.findRule(alarm.company_id, alarm.rule_id);
      const watch = alarm.watch_id === null ? undefined : await repository.findWatch(alarm.company_id, alarm.watch_id);
      const minutes = rule?.repeat_minutes ?? watch?.remind_minutes ?? 0;
      const next = minutes > 0 ? Math.max(now, (alarm.remind_at ?? now) + minutes * MINUTE) : null;
      if (await repository.updateAlarm(alarm.id, { remind_at: next }, true)) {
        await notifier.changed('reminder', alarm, rule ? notifyOf(rule) : watchNotifyOf(watch), rule ? messageOf(rule, null) : null);
      }
    }
  }
}
