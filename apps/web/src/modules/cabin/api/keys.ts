/** Query keys of the cabin module (tree, permissions, item groups and the pickers they use). */
export const cabinKeys = {
  all: ['cabin'] as const,
  tree: () => [...cabinKeys.all, 'tree'] as const,
  permission: (nodeId: number) => [...cabinKeys.all, 'permission', nodeId] as const,
  dataItem: (itemId: number) => [...cabinKeys.all, 'dataItem', itemId] as const,
  dataItemOptions: () => [...cabinKeys.all, 'dataItemOptions'] as const,
  groupOptions: (keyword: string) => [...cabinKeys.all, 'groupOptions', keyword] as const,
  memberOptions: (keyword: string) => [...cabinKeys.all, 'memberOptions', keyword] as const,
  itemGroups: () => [...cabinKeys.all, 'itemGroups'] as const,
  itemGroup: (id: number) => [...cabinKeys.all, 'itemGroups', id] as const,
};
