/** Query keys of the gas module. */
export const gasKeys = {
  all: ['gas'] as const,
  gases: () => [...gasKeys.all, 'gases'] as const,
  orders: (query: object) => [...gasKeys.all, 'orders', query] as const,
  order: (id: number) => [...gasKeys.all, 'order', id] as const,
  grades: (query: object) => [...gasKeys.all, 'grades', query] as const,
  analyses: (query: object) => [...gasKeys.all, 'analyses', query] as const,
  analysis: (id: number) => [...gasKeys.all, 'analysis', id] as const,
  certificates: (query: object) => [...gasKeys.all, 'certificates', query] as const,
  certificate: (id: number) => [...gasKeys.all, 'certificate', id] as const,
};

/** How many grades a picker loads at once. */
export const GAS_PICK_SIZE = 200;
