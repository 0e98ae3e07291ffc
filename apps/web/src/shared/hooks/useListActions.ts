import { useCallback, type ReactNode } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

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
  const { message, modal } = App.useApp();

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
    ({ title, content, okText, onDelete }: ConfirmDeleteOptions) => {
      void modal.confirm({
        title,
        content,
        okText,
        okButtonProps: { danger: true },
        autoFocusButton: 'ok',
        onOk: async () => {
          try {
            await onDelete();
            void message.success(t('deleteSuccess'));
          } catch {
            // Shown by the API client.
          }
        },
      });
    },
    [message, modal, t],
  );

  return { save, confirmDelete };
}
