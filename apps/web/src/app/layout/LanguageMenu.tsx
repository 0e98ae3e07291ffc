import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { locales } from '@smartdata/domain';
import { changeLocale, isLocale } from '@/shared/i18n/locale';
import { useLocale } from '@/shared/i18n/useLocale';
import { useUpdateUserMutation } from '@/modules/users/api/updateUser';

/**
 * Navbar language switch: 中文 / English. Switches at once (and this browser remembers it), then
 * saves it as the user's language, so the next sign-in, here or elsewhere, opens in it too.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const locale = useLocale();
  const save = useUpdateUserMutation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: locales.map((value) => ({ key: value, label: t(`language.${value}`) })),
        onClick: ({ key }) => {
          if (isLocale(key) && key !== locale) {
            void changeLocale(key);
            save.mutate({ language: key });
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
