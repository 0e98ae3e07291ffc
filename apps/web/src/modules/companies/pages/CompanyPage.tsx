import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/shared/components/PageHeader';
import { useCompanyQuery } from '../api/getCompany';
import { AlertDelegationsCard } from '../components/AlertDelegationsCard';
import { CompanyLogoCard } from '../components/CompanyLogoCard';
import { CompanyProfileCard } from '../components/CompanyProfileCard';
import { FileSettingsCard } from '@/modules/files/components/FileSettingsCard';
import { TariffCard } from '@/modules/meters/components/TariffCard';
import { CarrierConnectionsCard } from '@/modules/sim/components/CarrierConnectionsCard';
import '../companies.css';

/** /sysSetting/companyManagement: name, time zone, logo, alert delegations, file settings, time-of-use tariff and carrier connections (SIM cards) of the company. */
export function CompanyPage() {
  const { t } = useTranslation('companies');
  const company = useCompanyQuery();
  return (
    <div className="sd-page">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="sd-company-settings__top">
        <CompanyProfileCard company={company.data} loading={company.isPending} />
        <CompanyLogoCard company={company.data} loading={company.isPending} />
      </div>
      <AlertDelegationsCard />
      <FileSettingsCard />
      <TariffCard />
      <CarrierConnectionsCard />
    </div>
  );
}
