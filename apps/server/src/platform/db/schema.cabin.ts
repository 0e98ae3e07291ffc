/** Tables of the data cabin: tree nodes, permissions, data items, fields, records, forms, jumps, forwards, item groups. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CabinTables {}
