import type { ReactNode } from 'react';
import { Form, Switch } from 'antd';

/** An on/off field of a form (a rule's, a forward's "enabled"). */
export function SwitchField({ name, label, extra }: { name: string; label: ReactNode; extra?: ReactNode }) {
  return (
    <Form.Item name={name} label={label} extra={extra} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}
