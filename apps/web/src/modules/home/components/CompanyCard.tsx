import { Card, Empty, Tag } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CompanySummary } from '@smartdata/domain';
import { CompanyLogo } from '@/shared/components/CompanyLogo';

/** The current company: logo, name and time zone. */
export function CompanyCard({ company }: { company: CompanySummary | null }) {
  const { t } = useTranslation(['home', 'common']);
  return (
    <Card className="sd-company-card" title={t('company.title')}>
      {company ? (
        <div className="sd-company-card__body">
          <CompanyLogo
            name={company.displayName}
            cfg={company.cfg}
            size={64}
            alt={t('common:layout.companyLogo', { name: company.displayName })}
          />
          <div className="sd-company-card__text">
            <h2 className="sd-company-card__name">
              {company.displayName}
              {company.isPlatform && (
                <Tag color="geekblue" className="sd-company-card__tag">
                  {t('company.platform')}
                </Tag>
              )}
            </h2>
            <p className="sd-company-card__meta">
              <ClockCircleOutlined aria-hidden="true" /> {t('company.timeZone')}: <span>{company.timeZone}</span>
            </p>
          </div>
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('company.none')}>
          <p className="sd-muted">{t('company.noneHint')}</p>
        </Empty>
      )}
    </Card>
  );
}
