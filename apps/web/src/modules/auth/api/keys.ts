/** Query keys of the auth module. */
export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'currentUser'] as const,
  notice: () => [...authKeys.all, 'notice'] as const,
};
