import { Card, Empty } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HomeOverview } from '@smartdata/domain';
import type { Section } from '@/app/router/routeAccess';
import { routeIcon } from '@/app/layout/routeIcons';
import { useLocale } from '@/shared/i18n/useLocale';

interface SectionCardsProps {
  sections: Section[];
  cards: HomeOverview['cards'];
}

/** Entry cards of the sections the user may open, each leading to its first permitted page. */
export function SectionCards({ sections, cards }: SectionCardsProps) {
  const { t } = useTranslation('home');
  const locale = useLocale();
  const counts = new Map(cards.map((card) => [card.code, card.count]));
  return (
    <Card className="sd-sections-card" title={t('sections.title')}>
      {sections.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sections.empty')}>
          <p className="sd-muted sd-sections-card__hint">{t('sections.emptyHint')}</p>
        </Empty>
      ) : (
        <ul className="sd-sections">
          {sections.map(({ group, path }) => {
            const title = group.title[locale];
            const count = counts.get(group.permission);
            return (
              <li key={group.path}>
                <Link to={path} className="sd-section" aria-label={t('sections.enter', { title })}>
                  <span className="sd-section__icon" aria-hidden="true">
                    {routeIcon(group.icon)}
                  </span>
                  <span className="sd-section__text">
                    <span className="sd-section__title">{title}</span>
                    {typeof count === 'number' && <span className="sd-section__count">{t('sections.count', { count })}</span>}
                  </span>
                  <RightOutlined className="sd-section__arrow" aria-hidden="true" />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
