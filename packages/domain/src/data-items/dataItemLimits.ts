import { limits } from '../shared/limits';

/** The limits of data items (spec §3, §9; decisions in docs/cabin.md), for the schemas, the server and the web forms. */
export const dataItemLimits = {
  nameLength: limits.generalNameLength,
  fieldsMax: 50,
  fieldNameLength: 32,
  unitLength: 20,
  textLength: 255,
  longTextLength: 10_000,
  /** Pictures or files one value may hold (a form's maximum upload count is at most this). */
  attachmentsMax: 9,
  decimalPlacesMax: limits.resultDecimalPlacesMax,
  /** Fields with a database index of their own (fast filter and sort on large items). */
  indexedFieldsMax: 5,
  expiryDaysMax: 3650,
  /** Column order of a field and the order of jumps, ascending (0 to this). */
  priorityMax: 10_000,
  filtersMax: 20,
  /** Values of one `in` filter of the record list. */
  filterInValuesMax: 200,
  batchDeleteMax: 500,
  importRowsMax: 10_000,
  /** Base64 text of an import file (about 7.5 MB of file; the request body limit is 10 MB). */
  importContentLength: 10_000_000,
  exportRowsMax: 100_000,
  formElementsMax: 100,
  formPlaceholderLength: 100,
  formOptionsMax: 50,
  jumpConditionsMax: 10,
  forwardDepthMax: 3,
  itemGroupItemsMax: 100,
} as const;

/** Column names of a record that are not fields (filters, sort, import/export headers). */
export const recordColumns = ['id', 'createdAt', 'updatedAt', 'parentRecordId'] as const;
export type RecordColumn = (typeof recordColumns)[number];
