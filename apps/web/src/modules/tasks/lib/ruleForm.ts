import {
  addExecutableRequest,
  addIntelligentRuleRequest,
  numericFieldTypes,
  type AccessMode,
  type AddExecutableRequest,
  type AddIntelligentRuleRequest,
  type DataField,
  type ExecutableView,
  type IntelligentRuleView,
  type RuleMatch,
  type RuleOp,
  type TaskAction,
  type TaskActionKind,
  type WriteValue,
} from '@smartdata/domain';

/**
 * The forms of intelligent rules and executable tasks: what they hold while the user edits, how a
 * stored rule or task opens in them, and how they become the request — with the server's checks
 * (spec §5, rules.service) run first, so a refusal names the field before anything is sent.
 */

/** The operators a text field allows (a number comparison means nothing on text). */
export const textOps: readonly RuleOp[] = ['eq', 'ne', 'contains'];

export const isNumericField = (field: Pick<DataField, 'type'> | undefined): boolean => field !== undefined && numericFieldTypes.includes(field.type);

export interface ConditionValues {
  fieldName?: string;
  op: RuleOp;
  value?: string | number | null;
}

/** One value an action writes: a fixed value, or a field of the watched record (rules only). */
export interface WriteValueValues {
  fieldName?: string;
  source: 'value' | 'copy';
  value?: string | number | null;
  copyFrom?: string;
}

/** An action as the form holds it: every kind's fields, only those of `kind` are sent. */
export interface ActionValues {
  kind: TaskActionKind;
  itemId?: number;
  values?: WriteValueValues[];
  deviceId?: number;
  userIds?: number[];
  groupIds?: number[];
  sms?: boolean;
  email?: boolean;
  /** The company's notification channels (issue 32). */
  channelIds?: number[];
  message?: string;
  fieldName?: string;
  level?: number;
}

export interface RuleFormValues {
  name: string;
  enabled: boolean;
  itemId?: number;
  match: RuleMatch;
  conditions: ConditionValues[];
  actions: ActionValues[];
}

export interface ExecutableFormValues {
  name: string;
  accessMode: AccessMode;
  userIds: number[];
  actions: ActionValues[];
}

/** Fields of the items the form has loaded, by item id (undefined while loading). */
export type FieldsOf = (itemId: number) => readonly DataField[] | undefined;

export const newCondition = (): ConditionValues => ({ op: 'gt', value: null });

/** A new action of a kind, with its defaults (a notification by SMS, an alarm of level 1). */
export function newAction(kind: TaskActionKind): ActionValues {
  switch (kind) {
    case 'writeRecord':
      return { kind, values: [{ source: 'value', value: null }] };
    case 'deviceCommand':
      return { kind };
    case 'notify':
      return { kind, userIds: [], groupIds: [], sms: true, email: false, message: '' };
    case 'raiseAlarm':
      return { kind, level: 1 };
  }
}

export const newRuleValues = (): RuleFormValues => ({ name: '', enabled: true, match: 'all', conditions: [newCondition()], actions: [newAction('writeRecord')] });

export const newExecutableValues = (accessMode: AccessMode = 'everyone'): ExecutableFormValues => ({ name: '', accessMode, userIds: [], actions: [newAction('writeRecord')] });

/** A stored action → the form's values. */
export function actionValuesOf(action: TaskAction): ActionValues {
  switch (action.kind) {
    case 'writeRecord':
      return {
        kind: action.kind,
        itemId: action.itemId,
        values: action.values.map((v) => (v.copyFrom !== undefined ? { fieldName: v.fieldName, source: 'copy', copyFrom: v.copyFrom } : { fieldName: v.fieldName, source: 'value', value: v.value ?? null })),
      };
    case 'deviceCommand':
      return { kind: action.kind, deviceId: action.deviceId };
    case 'notify':
      return { kind: action.kind, userIds: [...action.userIds], groupIds: [...action.groupIds], sms: action.sms, email: action.email, ...(action.channelIds ? { channelIds: [...action.channelIds] } : {}), message: action.message };
    case 'raiseAlarm':
      return { kind: action.kind, itemId: action.itemId, fieldName: action.fieldName, level: action.level };
  }
}

export function ruleFormValues(rule: IntelligentRuleView): RuleFormValues {
  return {
    name: rule.name,
    enabled: rule.enabled,
    itemId: rule.itemId,
    match: rule.match,
    conditions: rule.conditions.map((c) => ({ fieldName: c.fieldName, op: c.op, value: c.value })),
    actions: rule.actions.map(actionValuesOf),
  };
}

export function executableFormValues(task: ExecutableView): ExecutableFormValues {
  return { name: task.name, accessMode: task.accessMode, userIds: [...task.userIds], actions: task.actions.map(actionValuesOf) };
}

const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A typed value for a field: a number for a numeric field when it reads as one, else the text as typed. */
function typedValue(value: string | number, field: DataField | undefined): string | number {
  if (isNumericField(field) && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return value;
}

/** A form action → the request's action (parts left empty stay out, so the schema names them). */
export function actionRequestOf(values: ActionValues, fieldsOf: FieldsOf): TaskAction {
  switch (values.kind) {
    case 'writeRecord': {
      const fields = values.itemId === undefined ? undefined : fieldsOf(values.itemId);
      const written: WriteValue[] = (values.values ?? []).map((v) => {
        const field = fields?.find((f) => f.fieldName === v.fieldName);
        if (v.source === 'copy') {
          return { fieldName: v.fieldName ?? '', copyFrom: v.copyFrom ?? '' };
        }
        return { fieldName: v.fieldName ?? '', value: blank(v.value) ? undefined : typedValue(v.value as string | number, field) };
      });
      return { kind: 'writeRecord', itemId: values.itemId as number, values: written };
    }
    case 'deviceCommand':
      return { kind: 'deviceCommand', deviceId: values.deviceId as number };
    case 'notify':
      return { kind: 'notify', userIds: values.userIds ?? [], groupIds: values.groupIds ?? [], sms: values.sms ?? false, email: values.email ?? false, ...((values.channelIds ?? []).length > 0 ? { channelIds: values.channelIds } : {}), message: (values.message ?? '').trim() };
    case 'raiseAlarm':
      return { kind: 'raiseAlarm', itemId: values.itemId as number, fieldName: values.fieldName as string, level: values.level ?? 1 };
  }
}

/**
 * The server's checks of actions the schema cannot see (taskActions.check), on the form's values: a
 * value or a copy source for each written field, numbers for numeric fields, copies only in rules,
 * recipients and a channel for a notification. A text key (task.*, validation.*), or null.
 */
export function actionProblems(actions: readonly ActionValues[], fieldsOf: FieldsOf, allowCopy: boolean): string | null {
  if (actions.length === 0) {
    return 'task.actionsRequired';
  }
  for (const action of actions) {
    if (action.kind === 'writeRecord') {
      const fields = action.itemId === undefined ? undefined : fieldsOf(action.itemId);
      for (const value of action.values ?? []) {
        if (!value.fieldName) {
          return 'validation.required';
        }
        const field = fields?.find((f) => f.fieldName === value.fieldName);
        const name = field?.name ?? value.fieldName;
        if (value.source === 'copy') {
          if (!allowCopy) {
            return 'task.copyOutsideRule';
          }
          if (!value.copyFrom) {
            return `task.valueMissing|${name}`;
          }
        } else if (blank(value.value)) {
          return `task.valueMissing|${name}`;
        } else if (isNumericField(field) && typeof typedValue(value.value as string | number, field) !== 'number') {
          return `task.valueNotNumber|${name}`;
        }
      }
    }
    // People by SMS or e-mail, or a notification channel: at least one way out (the server's rule).
    const people = ((action.userIds ?? []).length > 0 || (action.groupIds ?? []).length > 0) && (action.sms === true || action.email === true);
    if (action.kind === 'notify' && !people && (action.channelIds ?? []).length === 0) {
      return 'task.recipientsRequired';
    }
  }
  return null;
}

/** A zod issue's message when it is a text key of the domain, else the generic one. */
const reasonOf = (message: string | undefined): string => (message && /^(task|validation)\.[\w.]+(\|.*)?$/.test(message) ? message : 'validation.invalid');

/** The result of checking a form: the request, or the reason (a text key) it cannot be sent. */
export type Checked<T> = { ok: true; request: T } | { ok: false; reason: string };

/** The rule form → the request, checked as the server checks it (conditions against the watched item's fields). */
export function checkRule(values: RuleFormValues, fieldsOf: FieldsOf): Checked<AddIntelligentRuleRequest> {
  const watched = values.itemId === undefined ? undefined : fieldsOf(values.itemId);
  const request = {
    name: values.name.trim(),
    enabled: values.enabled,
    itemId: values.itemId,
    match: values.match,
    conditions: values.conditions.map((c) => {
      const field = watched?.find((f) => f.fieldName === c.fieldName);
      return { fieldName: c.fieldName ?? '', op: c.op, value: blank(c.value) ? undefined : typedValue(c.value as string | number, field) };
    }),
    actions: values.actions.map((a) => actionRequestOf(a, fieldsOf)),
  };
  for (const condition of request.conditions) {
    const field = watched?.find((f) => f.fieldName === condition.fieldName);
    if (field && !isNumericField(field) && !textOps.includes(condition.op)) {
      return { ok: false, reason: `task.opNeedsNumber|${field.name}` };
    }
    if (field && isNumericField(field) && condition.value !== undefined && typeof condition.value !== 'number') {
      return { ok: false, reason: `task.valueNotNumber|${field.name}` };
    }
  }
  if (request.conditions.length === 0) {
    return { ok: false, reason: 'task.conditionsRequired' };
  }
  const problem = actionProblems(values.actions, fieldsOf, true);
  if (problem) {
    return { ok: false, reason: problem };
  }
  const parsed = addIntelligentRuleRequest.safeParse(request);
  return parsed.success ? { ok: true, request: parsed.data } : { ok: false, reason: reasonOf(parsed.error.issues[0]?.message) };
}

/** The executable task form → the request, checked (no copies; chosen users need at least one). */
export function checkExecutable(values: ExecutableFormValues, fieldsOf: FieldsOf): Checked<AddExecutableRequest> {
  const request = {
    name: values.name.trim(),
    accessMode: values.accessMode,
    userIds: values.accessMode === 'users' ? values.userIds : undefined,
    actions: values.actions.map((a) => actionRequestOf(a, fieldsOf)),
  };
  if (request.accessMode === 'users' && (request.userIds ?? []).length === 0) {
    return { ok: false, reason: 'task.usersRequired' };
  }
  const problem = actionProblems(values.actions, fieldsOf, false);
  if (problem) {
    return { ok: false, reason: problem };
  }
  const parsed = addExecutableRequest.safeParse(request);
  return parsed.success ? { ok: true, request: parsed.data } : { ok: false, reason: reasonOf(parsed.error.issues[0]?.message) };
}
