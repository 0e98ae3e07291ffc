import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { locales } from '@smartdata/domain';
import { changeLocale, isLocale } from '@/shared/i18n/locale';
import { useLocale } from '@/shared/i18n/useLocale';

/** Navbar language switch: 中文 / English, remembered in localStorage. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: locales.map((value) => ({ key: value, label: t(`language.${value}`) })),
        onClick: ({ key }) => {
          if (isLocale(key)) {
            void changeLocale(key);
          }
        },
      }}
    >
      <Button type="text" className="sd-navbar__button sd-navbar__language" icon={<GlobalOutlined />} aria-label={`${t('language.label')}: ${t(`language.${locale}`)}`}>
        <span className="sd-navbar__language-label">{t(`language.${locale}`)}</span>
      </Button>
    </Dropdown>
  );
}
