import { Alert, Button, Card, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/shared/components/PageHeader';

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

/** A settings page whose task is not there (deleted meanwhile, a wrong id): its title, why, and the way back. */
export function NotFoundPage({ title, text, back }: { title: string; text: string; back: { to: string; label: string } }) {
  return (
    <div className="sd-page">
      <PageHeader title={title} />
      <Alert type="warning" showIcon title={text} action={<BackButton to={back.to} label={back.label} />} />
    </div>
  );
}

/** An editor's last lines: what saving found wrong, if anything, and its Cancel and Save buttons (Save submits the form). */
export function EditorFooter({ problem, saving, onCancel }: { problem: string | null; saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation('tasks');
  return (
    <>
      {problem && <Alert type="error" showIcon title={problem} className="sd-task-editor__problem" />}
      <div className="sd-task-editor__footer">
        <Space>
          <Button onClick={onCancel}>{t('actions.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('actions.save')}
          </Button>
        </Space>
      </div>
    </>
  );
}
