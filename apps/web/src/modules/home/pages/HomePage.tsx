import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/shared/session/sessionStore';
import { useOverviewQuery } from '../api/getOverview';
import { CompanyCard } from '../components/CompanyCard';
import { HomeSkeleton } from '../components/HomeSkeleton';
import { MembersCard } from '../components/MembersCard';
import { SectionCards } from '../components/SectionCards';
import { StatCards } from '../components/StatCards';
import { useSections } from '../components/useSections';
import '../home.css';

function greetingKey(hour: number): 'greeting.morning' | 'greeting.afternoon' | 'greeting.evening' {
  if (hour < 12) {
    return 'greeting.morning';
  }
  return hour < 18 ? 'greeting.afternoon' : 'greeting.evening';
}

/** /home: an overview of the user's company and the sections they can enter. */
export function HomePage() {
  const { t } = useTranslation('home');
  const user = useSessionStore((state) => state.user);
  const overview = useOverviewQuery();
  const sections = useSections();

  const displayName = user?.name || user?.userName || '';
  const company = overview.data?.company ?? null;

  return (
    <div className="sd-home">
      <header className="sd-home__header">
        <h1 className="sd-home__greeting">{t(greetingKey(new Date().getHours()), { name: displayName })}</h1>
        {overview.data && (
          <p className="sd-home__subtitle">
            {company ? t('subtitle', { company: company.displayName }) : t('subtitleNoCompany')}
          </p>
        )}
      </header>

      {overview.isPending && <HomeSkeleton />}

      {overview.isError && (
        <Result
          status="warning"
          title={t('loadFailed')}
          subTitle={overview.error.message}
          extra={
            <Button type="primary" onClick={() => void overview.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      )}

      {overview.data && (
        <>
          <div className="sd-home__top">
            <CompanyCard company={company} />
            <StatCards
              memberCount={overview.data.memberCount}
              roleCount={overview.data.roleCount}
              sectionCount={sections.length}
            />
          </div>
          <div className={overview.data.members === null ? 'sd-home__main sd-home__main--single' : 'sd-home__main'}>
            <SectionCards sections={sections} cards={overview.data.cards} />
            {overview.data.members !== null && (
              <MembersCard
                members={overview.data.members}
                memberCount={overview.data.memberCount ?? overview.data.members.length}
                currentUserId={user?.userId ?? null}
              />
            )}
          </div>
        </>
      )}
    </div>
  );
}
