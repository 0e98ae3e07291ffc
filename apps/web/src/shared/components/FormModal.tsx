import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';

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
 */
export function FormModal<Values>({ open, title, form, okText, confirmLoading, width, initialValues, onFinish, onCancel, children }: FormModalProps<Values>) {
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      width={width}
      confirmLoading={confirmLoading}
      onCancel={onCancel}
      destroyOnHidden
      okButtonProps={{ htmlType: 'submit' }}
      modalRender={(dom) => (
        <Form<Values> form={form} layout="vertical" initialValues={initialValues} clearOnDestroy onFinish={onFinish} requiredMark>
          {dom}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
