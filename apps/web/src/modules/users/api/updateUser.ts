import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { changeLocale } from '@/shared/i18n/locale';
import { refreshCurrentUser } from './refreshCurrentUser';

/** `POST /user/updateUser {name, language}`: the current user's own name and language. */
export function updateUser(request: UpdateUserRequest): Promise<null> {
  return api.post<null>('/user/updateUser', request);
}

/** Saves, then applies the language to the interface and refreshes the stored user (navbar name). */
export function useUpdateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (_data, request) => {
      if (request.language) {
        await changeLocale(request.language);
        // Answers name built-in records in the request's language (the administrator roles, the
        // platform company): reload what is cached so lists follow the switch.
        void queryClient.invalidateQueries();
      }
      await refreshCurrentUser();
    },
  });
}
