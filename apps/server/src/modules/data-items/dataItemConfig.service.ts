import type { z } from 'zod';
import {
  formDesignProblems,
  formSubmissionProblems,
  jumpTargetProblem,
  type addForwardRequest,
  type addJumpRequest,
  type FormDesign,
  type FormItem,
  type ForwardItem,
  type ItemGroupItem,
  type JumpItem,
  type RecordFilter,
  type RecordValues,
  type updateForwardRequest,
  type updateJumpRequest,
  type DataItemKindCode,
} from '@smartdata/domain';
import { conflict, notFound, validationError } from '@server/platform/errors';
import { parseJsonList } from '@server/platform/scope';
import type { CabinCaller, CabinService } from '../cabin/cabin.service';
import type { DataItemsRepository } from './dataItems.repository';
import type { DataItemsService, LoadedItem } from './dataItems.service';
import type { RecordsService } from './records.service';

type AddJump = z.infer<typeof addJumpRequest>;
type UpdateJump = z.infer<typeof updateJumpRequest>;
type AddForward = z.infer<typeof addForwardRequest>;
type UpdateForward = z.infer<typeof updateForwardRequest>;

const recordColumnNames = new Set(['id', 'createdAt', 'updatedAt', 'parentRecordId']);

function parseDesign(text: string): FormDesign {
  try {
    return JSON.parse(text) as FormDesign;
  } catch {
    return { elements: [] };
  }
}

/**
 * The settings of a data item beyond its fields (dataitem/config page): forms, jump associations,
 * forward conditions; and the company's item groups. Changes need read-write on the item.
 */
export class DataItemConfigService {
  constructor(
    private readonly repository: DataItemsRepository,
    private readonly dataItems: DataItemsService,
    private readonly records: RecordsService,
    private readonly cabin: CabinService,
  ) {}

  // ---- forms ----

  private checkDesign(item: LoadedItem, design: FormDesign): void {
    const problems = formDesignProblems(design, item.fields);
    if (problems.length > 0) {
      throw validationError(problems[0]);
    }
  }

  /** The item's forms (read on the item). */
  async forms(caller: CabinCaller, itemId: number): Promise<FormItem[]> {
    await this.dataItems.requireItem(caller, itemId, 'read');
    return (await this.repository.forms(caller.companyId, itemId)).map((f) => ({
      id: f.id,
      itemId: f.item_id,
      name: f.name,
      design: parseDesign(f.design),
      createdAt: f.created_at,
      updatedAt: f.updated_at,
    }));
  }

  private async requireForm(caller: CabinCaller, id: number, level: 'read' | 'readWrite') {
    const form = await this.repository.findForm(caller.companyId, id);
    if (!form) {
      throw notFound();
    }
    const item = await this.dataItems.requireItem(caller, form.item_id, level);
    return { form, item };
  }

  /** A form with its item's name, kind and fields, for the form page (read on the item). */
  async form(caller: CabinCaller, id: number): Promise<FormItem & { itemName: string; itemKind: DataItemKindCode; fields: LoadedItem['fields'] }> {
    const { form, item } = await this.requireForm(caller, id, 'read');
    return {
      id: form.id,
      itemId: form.item_id,
      itemName: item.row.name,
      itemKind: item.row.kind as DataItemKindCode,
      fields: item.fields,
      name: form.name,
      design: parseDesign(form.design),
      createdAt: form.created_at,
      updatedAt: form.updated_at,
    };
  }

  /** Saves a designed form (read-write on the item); the design must fit the item's fields. */
  async addForm(caller: CabinCaller, itemId: number, name: string, design: FormDesign): Promise<{ id: number }> {
    const item = await this.dataItems.requireItem(caller, itemId, 'readWrite');
    this.checkDesign(item, design);
    return { id: await this.repository.insertForm(caller.companyId, itemId, name, JSON.stringify(design)) };
  }

  /** Changes a form's name or design (read-write on its item). */
  async updateForm(caller: CabinCaller, id: number, values: { name?: string; design?: FormDesign }): Promise<void> {
    const { item } = await this.requireForm(caller, id, 'readWrite');
    if (values.design) {
      this.checkDesign(item, values.design);
    }
    await this.repository.updateForm(caller.companyId, id, { name: values.name, design: values.design ? JSON.stringify(values.design) : undefined });
  }

  /** Deletes a form (read-write on its item). */
  async deleteForm(caller: CabinCaller, id: number): Promise<void> {
    await this.requireForm(caller, id, 'readWrite');
    await this.repository.deleteForm(caller.companyId, id);
  }

  /**
   * A filled form: checked as designed (required, min/max, decimal places, options, upload
   * count), then written as a record through ingestRecord (field types, uploads of the company).
   */
  async submitForm(caller: CabinCaller, formId: number, values: RecordValues, parentRecordId?: number | null): Promise<{ id: number }> {
    const { form, item } = await this.requireForm(caller, formId, 'readWrite');
    const submission = formSubmissionProblems(parseDesign(form.design), values);
    if (submission.problems.length > 0) {
      throw validationError(submission.problems[0]);
    }
    const record = await this.records.ingestRecord(caller.companyId, item.row.id, submission.values, { source: 'form', userId: caller.userId, parentRecordId });
    return { id: record.id };
  }

  // ---- jumps ----

  /** The item's jump associations, with their targets' names (the caller checks read on the item). */
  async jumps(caller: CabinCaller, itemId: number): Promise<JumpItem[]> {
    return (await this.repository.jumps(caller.companyId, itemId)).map((j) => ({
      id: j.id,
      itemId: j.item_id,
      name: j.name,
      priority: j.priority,
      targetItemId: j.target_item_id,
      targetItemName: j.target_name ?? '',
      conditions: parseJsonList(j.conditions),
    }));
  }

  /** Spec §5: a jump destination cannot be its own data item; the target must be readable and the condition's fields must exist. */
  private async checkJump(caller: CabinCaller, source: LoadedItem, jump: { targetItemId: number; conditions: AddJump['conditions'] }): Promise<void> {
    const problem = jumpTargetProblem(source.row.id, jump.targetItemId);
    if (problem) {
      throw validationError(problem);
    }
    const target = await this.dataItems.requireItem(caller, jump.targetItemId, 'read');
    for (const condition of jump.conditions) {
      if (!recordColumnNames.has(condition.targetField) && !target.fields.some((f) => f.fieldName === condition.targetField)) {
        throw validationError(`dataItem.filterField|${condition.targetField}`);
      }
      if (condition.sourceField !== undefined && !recordColumnNames.has(condition.sourceField) && !source.fields.some((f) => f.fieldName === condition.sourceField)) {
        throw validationError(`dataItem.filterField|${condition.sourceField}`);
      }
    }
  }

  /** Adds a jump association (read-write on the item, read on the target). */
  async addJump(caller: CabinCaller, request: AddJump): Promise<{ id: number }> {
    const item = await this.dataItems.requireItem(caller, request.itemId, 'readWrite');
    await this.checkJump(caller, item, request);
    const id = await this.repository.insertJump(caller.companyId, {
      itemId: request.itemId,
      name: request.name,
      priority: request.priority,
      targetItemId: request.targetItemId,
      conditions: JSON.stringify(request.conditions),
    });
    return { id };
  }

  /** Changes a jump association; what is not given stays (checked as a whole again). */
  async updateJump(caller: CabinCaller, request: UpdateJump): Promise<void> {
    const jump = await this.repository.findJump(caller.companyId, request.id);
    if (!jump) {
      throw notFound();
    }
    const item = await this.dataItems.requireItem(caller, jump.item_id, 'readWrite');
    const next = {
      name: request.name ?? jump.name,
      priority: request.priority ?? jump.priority,
      targetItemId: request.targetItemId ?? jump.target_item_id,
      conditions: request.conditions ?? parseJsonList<AddJump['conditions'][number]>(jump.conditions),
    };
    await this.checkJump(caller, item, next);
    await this.repository.updateJump(caller.companyId, jump.id, { ...next, conditions: JSON.stringify(next.conditions) });
  }

  /** Deletes a jump association (read-write on its item). */
  async deleteJump(caller: CabinCaller, id: number): Promise<void> {
    const jump = await this.repository.findJump(caller.companyId, id);
    if (!jump) {
      throw notFound();
    }
    await this.dataItems.requireItem(caller, jump.item_id, 'readWrite');
    await this.repository.deleteJump(caller.companyId, id);
  }

  // ---- forwards ----

  /** The item's forward conditions, with their targets' names (the caller checks read on the item). */
  async forwards(caller: CabinCaller, itemId: number): Promise<ForwardItem[]> {
    return (await this.repository.forwards(caller.companyId, itemId)).map((f) => ({
      id: f.id,
      itemId: f.item_id,
      name: f.name,
      conditions: parseJsonList<RecordFilter>(f.conditions),
      targetItemId: f.target_item_id,
      targetItemName: f.target_name ?? '',
      mappings: parseJsonList(f.mappings),
      enabled: f.enabled === 1,
    }));
  }

  /**
   * A forward writes into another item (read-write there), never into its own; conditions name
   * fields of the source; each mapping goes from a source field to a target field, and every
   * required field of the target is mapped, so a forwarded record is always complete.
   */
  private async checkForward(caller: CabinCaller, source: LoadedItem, forward: { targetItemId: number; conditions: RecordFilter[]; mappings: { from: string; to: string }[] }): Promise<void> {
    if (forward.targetItemId === source.row.id) {
      throw validationError('validation.forward.self');
    }
    const target = await this.dataItems.requireItem(caller, forward.targetItemId, 'readWrite');
    for (const condition of forward.conditions) {
      if (!source.fields.some((f) => f.fieldName === condition.field)) {
        throw validationError(`dataItem.filterField|${condition.field}`);
      }
    }
    const seen = new Set<string>();
    for (const mapping of forward.mappings) {
      if (!source.fields.some((f) => f.fieldName === mapping.from)) {
        throw validationError(`dataItem.filterField|${mapping.from}`);
      }
      if (!target.fields.some((f) => f.fieldName === mapping.to)) {
        throw validationError(`dataItem.filterField|${mapping.to}`);
      }
      if (seen.has(mapping.to)) {
        throw validationError(`dataItem.forwardDuplicateTarget|${mapping.to}`);
      }
      seen.add(mapping.to);
    }
    const unmapped = target.fields.find((f) => f.required && !seen.has(f.fieldName));
    if (unmapped) {
      throw validationError(`dataItem.forwardRequiredUnmapped|${unmapped.name}`);
    }
  }

  /** Adds a forward condition (read-write on the item and on the target). */
  async addForward(caller: CabinCaller, request: AddForward): Promise<{ id: number }> {
    const item = await this.dataItems.requireItem(caller, request.itemId, 'readWrite');
    await this.checkForward(caller, item, request);
    const id = await this.repository.insertForward(caller.companyId, {
      itemId: request.itemId,
      name: request.name,
      conditions: JSON.stringify(request.conditions),
      targetItemId: request.targetItemId,
      mappings: JSON.stringify(request.mappings),
      enabled: request.enabled,
    });
    return { id };
  }

  /** Changes a forward condition; what is not given stays (checked as a whole again). */
  async updateForward(caller: CabinCaller, request: UpdateForward): Promise<void> {
    const forward = await this.repository.findForward(caller.companyId, request.id);
    if (!forward) {
      throw notFound();
    }
    const item = await this.dataItems.requireItem(caller, forward.item_id, 'readWrite');
    const next = {
      name: request.name ?? forward.name,
      conditions: request.conditions ?? parseJsonList<RecordFilter>(forward.conditions),
      targetItemId: request.targetItemId ?? forward.target_item_id,
      mappings: request.mappings ?? parseJsonList<{ from: string; to: string }>(forward.mappings),
      enabled: request.enabled ?? forward.enabled === 1,
    };
    await this.checkForward(caller, item, next);
    await this.repository.updateForward(caller.companyId, forward.id, { ...next, conditions: JSON.stringify(next.conditions), mappings: JSON.stringify(next.mappings) });
  }

  /** Deletes a forward condition (read-write on its item). */
  async deleteForward(caller: CabinCaller, id: number): Promise<void> {
    const forward = await this.repository.findForward(caller.companyId, id);
    if (!forward) {
      throw notFound();
    }
    await this.dataItems.requireItem(caller, forward.item_id, 'readWrite');
    await this.repository.deleteForward(caller.companyId, id);
  }

  // ---- item groups ----

  /** Items of a group must be the company's (40400) and readable by whoever sets them (40300). */
  private async checkGroupItems(caller: CabinCaller, itemIds: readonly number[]): Promise<number[]> {
    const unique = [...new Set(itemIds)];
    for (const itemId of unique) {
      await this.dataItems.requireItem(caller, itemId, 'read');
    }
    return unique;
  }

  /** Groups with the items the caller can read (items deleted since, or hidden, are left out). */
  async itemGroups(caller: CabinCaller, onlyId?: number): Promise<ItemGroupItem[]> {
    const groups = onlyId === undefined ? await this.repository.itemGroups(caller.companyId) : [await this.repository.findItemGroup(caller.companyId, onlyId)].filter((g) => g !== undefined);
    if (onlyId !== undefined && groups.length === 0) {
      throw notFound();
    }
    const allIds = [...new Set(groups.flatMap((g) => parseJsonList<number>(g.item_ids)))];
    const [items, levels] = await Promise.all([this.repository.itemsByIds(caller.companyId, allIds), this.cabin.levelMap(caller)]);
    const nodes = new Map(levels.nodes.map((n) => [n.id, n]));
    const byId = new Map(items.filter((i) => levels.levelOf(i.node_id) !== 'none').map((i) => [i.id, i]));
    return groups.map((g) => ({
      id: g.id,
      name: g.name,
      createdAt: g.created_at,
      items: parseJsonList<number>(g.item_ids)
        .map((id) => byId.get(id))
        .filter((i) => i !== undefined)
        .map((i) => ({ id: i.id, nodeId: i.node_id, name: i.name, kind: i.kind as DataItemKindCode, directoryId: nodes.get(i.node_id)?.parent_id ?? null })),
    }));
  }

  /** Creates an item group (names unique in the company, 40900). */
  async addItemGroup(caller: CabinCaller, name: string, itemIds: readonly number[]): Promise<{ id: number }> {
    const ids = await this.checkGroupItems(caller, itemIds);
    if (await this.repository.itemGroupNamed(caller.companyId, name)) {
      throw conflict('dataItem.groupNameTaken');
    }
    return { id: await this.repository.insertItemGroup(caller.companyId, name, JSON.stringify(ids)) };
  }

  /** Renames an item group or changes its items. */
  async updateItemGroup(caller: CabinCaller, id: number, values: { name?: string; itemIds?: number[] }): Promise<void> {
    if (!(await this.repository.findItemGroup(caller.companyId, id))) {
      throw notFound();
    }
    const ids = values.itemIds ? await this.checkGroupItems(caller, values.itemIds) : undefined;
    if (values.name !== undefined && (await this.repository.itemGroupNamed(caller.companyId, values.name, id))) {
      throw conflict('dataItem.groupNameTaken');
    }
    await this.repository.updateItemGroup(caller.companyId, id, { name: values.name, itemIds: ids ? JSON.stringify(ids) : undefined });
  }

  /** Deletes an item group (its items stay). */
  async deleteItemGroup(caller: CabinCaller, id: number): Promise<void> {
    if (!(await this.repository.findItemGroup(caller.companyId, id))) {
      throw notFound();
    }
    await this.repository.deleteItemGroup(caller.companyId, id);
  }
}
