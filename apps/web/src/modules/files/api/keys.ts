/** Query keys of the files module. */
export const filesKeys = {
  all: ['files'] as const,
  file: (id: number) => [...filesKeys.all, 'file', id] as const,
  settings: () => [...filesKeys.all, 'settings'] as const,
};
