import type { ReactNode } from 'react';
import { Button, Result, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import '../meters.css';

interface Props {
  title: ReactNode;
  nodeType?: number;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of the full-screen meter pages (detail and monthly report, spec §2 top-level routes):
 * a bar with the way back to the cabin, the meter's name and type, and the page's actions.
 */
export function MeterScreen({ title, nodeType, subtitle, actions, children }: Props) {
  const { t } = useTranslation('meters');
  const navigate = useNavigate();
  return (
    <div className="sd-meter-screen">
      <header className="sd-meter-screen__bar">
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/smartdata/datacapsule')} className="sd-meter-screen__back">
          {t('actions.backToCabin')}
        </Button>
        <div className="sd-meter-screen__heading">
          <h1 className="sd-meter-screen__title">
            {title}
            {nodeType !== undefined && (
              <Tag color={nodeType === 100 ? 'purple' : 'blue'} className="sd-meter-screen__type">
                {t(`types.${nodeType}`)}
              </Tag>
            )}
          </h1>
          {subtitle && <div className="sd-meter-screen__subtitle">{subtitle}</div>}
        </div>
        {actions && <div className="sd-meter-screen__actions">{actions}</div>}
      </header>
      <main className="sd-meter-screen__body">{children}</main>
    </div>
  );
}

/** A meter that does not exist (any more) or that the caller may not read. */
export function MeterNotFound() {
  const { t } = useTranslation('meters');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('detail.notFound')}
      extra={
        <Button type="primary" onClick={() => void navigate('/smartdata/datacapsule')}>
          {t('actions.backToCabin')}
        </Button>
      }
    />
  );
}
