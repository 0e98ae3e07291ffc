/** Query keys of the templates module. */
export const templatesKeys = {
  all: ['templates'] as const,
  docList: (itemId: number) => [...templatesKeys.all, 'docList', itemId] as const,
  doc: (id: number) => [...templatesKeys.all, 'doc', id] as const,
  rendered: (templateId: number, recordId: number) => [...templatesKeys.all, 'rendered', templateId, recordId] as const,
  contentList: () => [...templatesKeys.all, 'contentList'] as const,
};
