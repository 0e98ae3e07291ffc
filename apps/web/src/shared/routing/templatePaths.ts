/**
 * Links to the template pages (spec §2 Doctemplate, richEditorTemplate, contenttemplate). The data
 * item pages and the template pages build their links with these. Unknown ids are `0`.
 */
const seg = (value: string | number | null | undefined, empty = '-') => encodeURIComponent(value === null || value === undefined || value === '' ? empty : String(value));

/** `/smartdata/Doctemplate?itemId=&itemName=[&recordId=]`: an item's document templates; with a record, to print it. */
export function docTemplatesPath(item: { id: number; name: string }, recordId?: number | null): string {
  const query = new URLSearchParams({ itemId: String(item.id), itemName: item.name });
  if (recordId) {
    query.set('recordId', String(recordId));
  }
  return `/smartdata/Doctemplate?${query.toString()}`;
}

/**
 * `/smartdata/richEditorTemplate/{itemId}/{valueId}/{itemName}/{objId}`: template `objId` of item
 * `itemId` (0: a new one) in the editor, or, with a record `valueId` (not 0), filled for it.
 */
export function richEditorPath(link: { itemId: number; itemName: string; templateId?: number | null; recordId?: number | null }): string {
  return `/smartdata/richEditorTemplate/${link.itemId}/${seg(link.recordId, '0')}/${seg(link.itemName)}/${seg(link.templateId, '0')}`;
}

export const CONTENT_TEMPLATES_PATH = '/smartdata/contenttemplate';
