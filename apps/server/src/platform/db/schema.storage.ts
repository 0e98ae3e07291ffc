/** Tables of the storage module (objects, upload grants) and company settings (tags, device access). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StorageTables {}
