/**
 * Links to the data item pages (route table paths of spec §2). The cabin tree and other modules
 * build their links with these, so the meaning of each route segment lives in one place.
 * Unknown segments are `0` (ids) or `-` (names).
 */
const seg = (value: string | number | null | undefined, empty = '-') => encodeURIComponent(value === null || value === undefined || value === '' ? empty : String(value));

export interface ItemLink {
  id: number;
  name: string;
  /** Data item kind (10, 11, 13). */
  kind?: number;
  /** The item's cabin node. */
  nodeId?: number | null;
  directoryId?: number | null;
  directoryName?: string | null;
}

/** `/smartdata/datavalue/{itemId}/{itemName}/{itemType}/{objId = node}/{pid = directory}/{parentDirectory}`; `filters` opens it filtered (jumps). */
export function recordsPath(item: ItemLink, filters?: readonly unknown[]): string {
  const path = `/smartdata/datavalue/${item.id}/${seg(item.name)}/${seg(item.kind, '10')}/${seg(item.nodeId, '0')}/${seg(item.directoryId, '0')}/${seg(item.directoryName)}`;
  return filters && filters.length > 0 ? `${path}?filters=${encodeURIComponent(JSON.stringify(filters))}` : path;
}

/** `/smartdata/dataitem/config/{itemId}/{itemName}/{id = node}`; `tab` opens one tab (fields, forms, jumps, forwards, expiry). */
export function settingsPath(item: ItemLink, tab?: string): string {
  const path = `/smartdata/dataitem/config/${item.id}/${seg(item.name)}/${seg(item.nodeId, '0')}`;
  return tab ? `${path}?tab=${tab}` : path;
}

/** `/smartdata/formpage/{itemId}/{itemName}/{objId = form id}`; form id 0 opens the item's first form. */
export function formPagePath(item: Pick<ItemLink, 'id' | 'name'>, formId?: number | null): string {
  return `/smartdata/formpage/${item.id}/${seg(item.name)}/${seg(formId, '0')}`;
}

export interface ChildLink {
  child: Pick<ItemLink, 'id' | 'name' | 'nodeId'>;
  parent: Pick<ItemLink, 'id' | 'name' | 'nodeId'>;
  recordId: number;
  /** The master field whose value titles the parent record. */
  titleField?: string | null;
}

/**
 * `/smartdata/ChildValue/{objId}/{itemId}/{itemName}/{parentItemId}/{parentObjId}/{recordId}/{parentName}/{filterList}/{parentTitleColumn}`:
 * the child records (item `itemId`) of record `recordId` of the master item `parentItemId`.
 */
export function childRecordsPath({ child, parent, recordId, titleField }: ChildLink): string {
  return [
    '/smartdata/ChildValue',
    seg(child.nodeId, '0'),
    child.id,
    seg(child.name),
    parent.id,
    seg(parent.nodeId, '0'),
    recordId,
    seg(parent.name),
    '-',
    seg(titleField),
  ].join('/');
}

/** A route segment back to its value (`-` and `0` are "unknown"). */
export function segmentValue(value: string | undefined): string {
  return value === undefined || value === '-' ? '' : value;
}
