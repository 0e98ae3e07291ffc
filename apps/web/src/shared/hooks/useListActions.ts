import { useCallback, type ReactNode } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from './useConfirmAction';

export interface ConfirmDeleteOptions {
  title: ReactNode;
  content?: ReactNode;
  okText: string;
  /** The deletion; an error is shown by the API client and the list stays as it is. */
  onDelete: () => Promise<unknown>;
}

/**
 * The two answers every list page gives: save a form (close it and say so; on an error the API
 * client shows it and the dialog stays open) and delete after a clear question.
 */
export function useListActions() {
  const { t } = useTranslation('texts');
  const { message } = App.useApp();
  const confirm = useConfirmAction();

  const save = useCallback(
    async (run: () => Promise<unknown>, close: () => void) => {
      try {
        await run();
        close();
        void message.success(t('operationSuccess'));
      } catch {
        // Shown by the API client; the dialog stays open.
      }
    },
    [message, t],
  );

  const confirmDelete = useCallback(
    ({ title, content, okText, onDelete }: ConfirmDeleteOptions) => confirm({ title, content, okText, run: onDelete, done: t('deleteSuccess') }),
    [confirm, t],
  );

  return { save, confirmDelete };
}
