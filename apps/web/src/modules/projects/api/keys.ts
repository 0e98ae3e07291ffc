/** Query keys of the projects module. */
export const projectsKeys = {
  all: ['projects'] as const,
  project: (id: number) => [...projectsKeys.all, 'project', id] as const,
  memberOptions: (keyword: string) => [...projectsKeys.all, 'memberOptions', keyword] as const,
};
