import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import './list.css';

/** A list page's add button: in its header, or with `end` at the end of its card's toolbar. */
export function AddButton({ label, onClick, end }: { label: string; onClick: () => void; end?: boolean }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} className={end ? 'sd-list-toolbar-end' : undefined}>
      {label}
    </Button>
  );
}
