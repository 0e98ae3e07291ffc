import { Card, Empty } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HomeOverview } from '@smartdata/domain';
import type { Section } from '@/shared/routing/routeAccess';
import { routeIcon } from '@/shared/routing/routeIcons';
import { useLocale } from '@/shared/i18n/useLocale';

/**
 * The section each overview card belongs to, when its code is not the section's own permission
 * code: the data-items module answers `dataItems` (the company's number of data items) for
 * holders of sd_capsule, which is shown on the smart data section.
 */
const cardSections: Readonly<Record<string, string>> = { dataItems: 'smart_data' };

/** The overview's figure for each section (by the section's permission code), with its code. */
export function sectionFigures(cards: HomeOverview['cards']): Map<string, { code: string; count: number }> {
  const figures = new Map<string, { code: string; count: number }>();
  for (const card of cards) {
    if (typeof card.count === 'number') {
      figures.set(cardSections[card.code] ?? card.code, { code: card.code, count: card.count });
    }
  }
  return figures;
}

interface SectionCardsProps {
  sections: Section[];
  cards: HomeOverview['cards'];
}

/** Entry cards of the sections the user may open, each leading to its first permitted page. */
export function SectionCards({ sections, cards }: SectionCardsProps) {
  const { t } = useTranslation('home');
  const locale = useLocale();
  const figures = sectionFigures(cards);
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
            const figure = figures.get(group.permission);
            return (
              <li key={group.path}>
                <Link to={path} className="sd-section" aria-label={t('sections.enter', { title })}>
                  <span className="sd-section__icon" aria-hidden="true">
                    {routeIcon(group.icon)}
                  </span>
                  <span className="sd-section__text">
                    <span className="sd-section__title">{title}</span>
                    {figure && (
                      <span className="sd-section__count">
                        {t(`sections.cards.${figure.code}`, { count: figure.count, defaultValue: t('sections.count', { count: figure.count }) })}
                      </span>
                    )}
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
