import { useCallback, useState } from 'react';
import { useListActions } from './useListActions';

/** What the dialog needs of its save mutation (react-query's useMutation result). */
interface Adding<Request, Result> {
  mutateAsync: (request: Request) => Promise<Result>;
  isPending: boolean;
}

/**
 * A list page's add dialog (rows are changed on their own pages): open or closed. Its submit saves,
 * closes the dialog and says so, then `after` gets the answer (open the new row's page); on an
 * error the API client shows it and the dialog stays open. `modal` is what the form dialog takes
 * (FormDialogProps): saving, onSubmit, onCancel.
 */
export function useAddDialog<V, R>(add: Adding<V, R>, after?: (result: R) => void) {
  const [open, setOpen] = useState(false);
  const { save } = useListActions();
  const close = useCallback(() => setOpen(false), []);
  const onSubmit = (values: V) =>
    void save(async () => {
      const result = await add.mutateAsync(values);
      after?.(result);
    }, close);
  return { open, show: () => setOpen(true), close, modal: { saving: add.isPending, onCancel: close, onSubmit } };
}
