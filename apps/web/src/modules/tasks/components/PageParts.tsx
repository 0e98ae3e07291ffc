import { Button, Card, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';

/** A settings page while its task loads. */
export function PageSkeleton() {
  return (
    <div className="sd-page">
      <Card>
        <Skeleton active />
      </Card>
    </div>
  );
}

/** Back to a task list. */
export function BackButton({ to, label }: { to: string; label: string }) {
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(to)}>
      {label}
    </Button>
  );
}
