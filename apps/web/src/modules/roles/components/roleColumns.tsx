import { Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { Locale } from '@smartdata/domain';
import { pageCodeCount, sectionsOf } from './permissionCodes';

/** The columns a role and a role template share: the sections its codes open, and how many pages. */
export function roleCodeColumns<T extends { codes: string[] }>(t: TFunction<['roles', 'texts']>, locale: Locale): TableColumnsType<T> {
  return [
    {
      title: t('columns.sections'),
      key: 'sections',
      render: (_value, row) => {
        const sections = sectionsOf(row.codes);
        return sections.length === 0 ? (
          <span className="sd-muted">{t('columns.noCodes')}</span>
        ) : (
          <span className="sd-role-sections">
            {sections.map((section) => (
              <Tag key={section.code}>{section.title[locale]}</Tag>
            ))}
          </span>
        );
      },
    },
    { title: t('columns.pages'), key: 'pages', width: 110, align: 'right', render: (_value, row) => pageCodeCount(row.codes) },
  ];
}
