import { App, Button, Card, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompanySummary } from '@smartdata/domain';
import { useSwitchCompany } from '../hooks/useSwitchCompany';
import { CompanyLogo } from '@/shared/components/CompanyLogo';
import { useSessionStore } from '@/shared/session/sessionStore';

/** The companies the user belongs to; switching starts a new session of menus in that company. */
export function MyCompaniesCard() {
  const { t } = useTranslation(['users', 'common']);
  const { modal } = App.useApp();
  const user = useSessionStore((state) => state.user);
  const switchCompany = useSwitchCompany();
  const companies = user?.companies ?? [];
  const currentId = user?.companyId === null || user?.companyId === undefined ? null : String(user.companyId);

  const handleSwitch = (company: CompanySummary) =>
    modal.confirm({
      title: t('common:layout.switchCompanyConfirm', { name: company.displayName }),
      content: t('common:layout.switchCompanyHint'),
      okText: t('common:layout.switchCompanyOk'),
      onOk: () => switchCompany.mutateAsync(company.companyId).catch(() => undefined),
    });

  if (companies.length === 0) {
    return null;
  }
  return (
    <Card title={t('companies.title')} className="sd-userinfo__card">
      <List<CompanySummary>
        dataSource={companies}
        renderItem={(company) => {
          const current = String(company.companyId) === currentId;
          return (
            <List.Item
              actions={[
                current ? (
                  <Tag key="current" color="blue">
                    {t('common:layout.currentCompany')}
                  </Tag>
                ) : (
                  <Button key="switch" size="small" onClick={() => void handleSwitch(company)} aria-label={t('companies.switchTo', { name: company.displayName })}>
                    {t('common:layout.switchCompanyOk')}
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta avatar={<CompanyLogo name={company.displayName} cfg={company.cfg} size={36} alt="" />} title={company.displayName} description={company.timeZone} />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
