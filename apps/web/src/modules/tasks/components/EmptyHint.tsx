import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** The hint of an empty task list: what the list is for, and the button that adds the first. */
export function EmptyHint({ text, action }: { text: string; action: ReactNode }) {
  return (
    <>
      <Typography.Paragraph type="secondary">{text}</Typography.Paragraph>
      {action}
    </>
  );
}
