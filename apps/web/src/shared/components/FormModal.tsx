import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useDialogFocusReturn } from '@/shared/hooks/useDialogFocusReturn';

interface FormModalProps<Values> {
  open: boolean;
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
 */
export function FormModal<Values>({ open, title, form, okText, confirmLoading, width, initialValues, onFinish, onCancel, children }: FormModalProps<Values>) {
  const focusReturn = useDialogFocusReturn(open);
  const submit = (values: Values) => {
    if (open) {
      onFinish(values);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      width={width}
      confirmLoading={confirmLoading}
      onCancel={onCancel}
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
  );
}
