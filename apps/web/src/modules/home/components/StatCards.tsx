import type { ReactNode } from 'react';
import { AppstoreOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface StatCardsProps {
  /** null: the user may not see it (no um_user / um_role), and the figure is left out. */
  memberCount: number | null;
  roleCount: number | null;
  sectionCount: number;
}

function Stat({ icon, label, value, tone }: { icon: ReactNode; label: string; value: number; tone: string }) {
  return (
    <div className={`sd-stat sd-stat--${tone}`}>
      <span className="sd-stat__icon" aria-hidden="true">
        {icon}
      </span>
      <div>
        <div className="sd-stat__value">{value}</div>
        <div className="sd-stat__label">{label}</div>
      </div>
    </div>
  );
}

/** Member, role and section counts of the company. */
export function StatCards({ memberCount, roleCount, sectionCount }: StatCardsProps) {
  const { t } = useTranslation('home');
  return (
    <section className="sd-stats" aria-label={t('company.title')}>
      {memberCount !== null && <Stat icon={<TeamOutlined />} label={t('stats.members')} value={memberCount} tone="blue" />}
      {roleCount !== null && <Stat icon={<SafetyCertificateOutlined />} label={t('stats.roles')} value={roleCount} tone="purple" />}
      <Stat icon={<AppstoreOutlined />} label={t('stats.sections')} value={sectionCount} tone="cyan" />
    </section>
  );
}
