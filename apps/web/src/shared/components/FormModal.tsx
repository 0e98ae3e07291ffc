import { useRef, type ReactNode, type SyntheticEvent } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDialogFocusReturn } from '@/shared/hooks/useDialogFocusReturn';

/**
 * What a page hands the form dialog it opens: the dialog sends the checked values through
 * `onSubmit`, spins its OK button while `saving` and closes through `onCancel` (the page unmounts
 * it, or keeps it open on a refusal).
 */
export interface FormDialogProps<Submitted> {
  saving: boolean;
  onSubmit: (values: Submitted) => void;
  onCancel: () => void;
}

interface FormModalProps<Values> {
  /** Open by default: most dialogs are mounted only while they are open. */
  open?: boolean;
  title: ReactNode;
  form: FormInstance<Values>;
  okText?: ReactNode;
  confirmLoading?: boolean;
  width?: number;
  initialValues?: Partial<Values>;
  onFinish: (values: Values) => void;
  onCancel: () => void;
  children: ReactNode;
}

/**
 * A dialog whose whole panel is one <form>: the OK button is its submit button, so Enter in any
 * field submits (keyboard use) and the antd rules run before `onFinish`.
 *
 * After Enter has submitted it, the key must not reach anything else (issue 23): a form that is
 * closing (fading out after a success) submits nothing more, and focus goes back to the button that
 * opened the dialog only if the user has not moved it meanwhile, and not while Enter is held
 * (useDialogFocusReturn) — else the next Enter, meant for the search box, would open it again.
 *
 * A form the user has changed is not thrown away by Esc, the × or a click beside the dialog
 * without asking (issue 31.15: Esc closed a filled smart-analysis dialog); its Cancel button is a
 * choice of its own and closes at once.
 */
export function FormModal<Values>({ open = true, title, form, okText, confirmLoading, width, initialValues, onFinish, onCancel, children }: FormModalProps<Values>) {
  const focusReturn = useDialogFocusReturn(open);
  const askBeforeDiscarding = useDiscardQuestion(form, onCancel);
  const submit = (values: Values) => {
    if (open) {
      onFinish(values);
    }
  };
  return (
    <>
      {askBeforeDiscarding.holder}
      <Modal
        open={open}
        title={title}
        okText={okText}
        width={width}
        confirmLoading={confirmLoading}
        onCancel={askBeforeDiscarding.cancel}
        destroyOnHidden
        {...focusReturn}
        okButtonProps={{ htmlType: 'submit' }}
        modalRender={(dom) => (
          <Form<Values> form={form} layout="vertical" initialValues={initialValues} clearOnDestroy onFinish={submit} requiredMark>
            {dom}
          </Form>
        )}
      >
        {children}
      </Modal>
    </>
  );
}

/**
 * The dialog's cancel, asking first when it would throw away changes: the form has fields the user
 * touched and the dialog is closed another way than by its Cancel button. `holder` renders the
 * question (antd's modal hook, so it needs no <App> around the page).
 */
function useDiscardQuestion(form: FormInstance, onCancel: () => void) {
  const { t } = useTranslation('common');
  const [modal, holder] = Modal.useModal();
  const asking = useRef(false);
  const cancel = (event?: SyntheticEvent) => {
    const byCancelButton = event?.target instanceof Element && event.target.closest('.ant-modal-footer') !== null;
    if (byCancelButton || !form.isFieldsTouched()) {
      onCancel();
      return;
    }
    if (asking.current) {
      return;
    }
    asking.current = true;
    void modal.confirm({
      title: t('form.discardTitle'),
      content: t('form.discardContent'),
      okText: t('form.discard'),
      cancelText: t('form.keepEditing'),
      okButtonProps: { danger: true },
      focusable: { autoFocusButton: 'cancel' },
      onOk: onCancel,
      afterClose: () => {
        asking.current = false;
      },
    });
  };
  return { cancel, holder };
}
