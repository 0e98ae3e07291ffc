import { useCallback, useState } from 'react';
import { useListActions } from './useListActions';

/** What the dialog needs of a save mutation (react-query's useMutation result). */
interface Saving<Request> {
  mutateAsync: (request: Request) => Promise<unknown>;
  isPending: boolean;
}

/**
 * The add-and-edit dialog of a list page: closed, adding a row or editing one. Its submit saves
 * (`add`, or `update` with the request `toUpdate` makes of the row and the values), closes the
 * dialog and says so; on an error the API client shows it and the dialog stays open. `modal` is
 * what every form dialog of a list takes (FormDialogProps): saving, onSubmit, onCancel.
 */
export function useEditDialog<T, V, U>(add: Saving<NoInfer<V>>, update: Saving<NoInfer<U>>, toUpdate: (row: T, values: V) => U) {
  const [shown, setShown] = useState<{ row: T | null } | null>(null);
  const { save } = useListActions();
  const close = useCallback(() => setShown(null), []);
  const row = shown?.row ?? null;
  const onSubmit = (values: V) => void save(() => (row ? update.mutateAsync(toUpdate(row, values)) : add.mutateAsync(values)), close);
  return {
    open: shown !== null,
    /** The row being edited; `null` while adding one (or closed). */
    row,
    create: () => setShown({ row: null }),
    edit: (next: T) => setShown({ row: next }),
    close,
    modal: { saving: add.isPending || update.isPending, onCancel: close, onSubmit },
  };
}
