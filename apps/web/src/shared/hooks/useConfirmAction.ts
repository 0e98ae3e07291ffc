import { useCallback, type ReactNode } from 'react';
import { App } from 'antd';

export interface ConfirmActionOptions {
  title: ReactNode;
  content?: ReactNode;
  /** The red OK button's text: the step being asked about (antd's "OK" when absent). */
  okText?: string;
  /** The other button's text ("Back" where "Cancel" would read as the step itself); antd's "Cancel" when absent. */
  cancelText?: string;
  /** Where the focus starts: OK (antd's default) for a routine step, Cancel where a slip costs data. */
  focus?: 'ok' | 'cancel';
  /** The step. A refusal is shown by the API client; the dialog closes and nothing else happens. */
  run: () => Promise<unknown>;
  /** Said once the step took; nothing when absent. */
  done?: string;
  /** What follows a step that took (select the parent, go back to the list). */
  after?: () => void;
}

/**
 * A clear question before a step that changes or removes something (delete, cancel an order,
 * regenerate a secret): the OK button is red and names the step, the step runs on OK, and only
 * a step that took is said and followed up.
 */
export function useConfirmAction() {
  const { message, modal } = App.useApp();
  return useCallback(
    ({ title, content, okText, cancelText, focus = 'ok', run, done, after }: ConfirmActionOptions) => {
      void modal.confirm({
        title,
        content,
        okText,
        okButtonProps: { danger: true },
        autoFocusButton: focus,
        ...(cancelText === undefined ? {} : { cancelText }),
        onOk: async () => {
          try {
            await run();
          } catch {
            return; // Shown by the API client.
          }
          if (done) {
            void message.success(done);
          }
          after?.();
        },
      });
    },
    [message, modal],
  );
}
