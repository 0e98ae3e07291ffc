import { App, Button, Card, Descriptions, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits, locales, type Locale } from '@smartdata/domain';
import { requiredRule } from '@/shared/forms/zodRule';
import { isLocale } from '@/shared/i18n/locale';
import { useLocale } from '@/shared/i18n/useLocale';
import { useSessionStore } from '@/shared/session/sessionStore';
import { useUpdateUserMutation } from '../api/updateUser';
import { AvatarUploader } from './AvatarUploader';

interface ProfileValues {
  name: string;
  language: Locale;
  email: string;
}

/** Avatar, user name and phone (read-only), name, language and e-mail address (saved with updateUser). */
export function ProfileCard() {
  const { t } = useTranslation(['users', 'texts', 'common']);
  const { message } = App.useApp();
  const locale = useLocale();
  const user = useSessionStore((state) => state.user);
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateUserMutation();

  const handleFinish = (values: ProfileValues) => {
    update.mutate(
      { name: values.name.trim(), language: values.language, email: values.email.trim() },
      { onSuccess: () => void message.success(t('texts:operationSuccess', { lng: values.language })) },
    );
  };

  // The language the user saved, or the one the interface shows now.
  const savedLanguage = isLocale(user?.language) ? user.language : locale;

  return (
    <Card title={t('profile.title')} className="sd-userinfo__card">
      <AvatarUploader />
      <Descriptions
        column={1}
        size="small"
        className="sd-userinfo__facts"
        items={[
          { key: 'userName', label: t('profile.userName'), children: user?.userName ?? '—' },
          { key: 'phone', label: t('profile.phone'), children: user?.phone || t('profile.noPhone') },
          { key: 'company', label: t('profile.company'), children: user?.company?.displayName ?? t('profile.noCompany') },
        ]}
      />
      <Form<ProfileValues>
        form={form}
        layout="vertical"
        initialValues={{ name: user?.name ?? '', language: savedLanguage, email: user?.email ?? '' }}
        onFinish={handleFinish}
        className="sd-userinfo__form"
      >
        <Form.Item
          name="name"
          label={t('profile.name')}
          rules={[requiredRule(t), { max: limits.personNameMax, message: t('validation.tooLongN', { max: limits.personNameMax }) }]}
        >
          <Input maxLength={limits.personNameMax} showCount autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('profile.email')}
          extra={t('profile.emailHint')}
          rules={[
            { type: 'email', message: t('common:validation.email') },
            { max: limits.emailMax, message: t('validation.tooLongN', { max: limits.emailMax }) },
          ]}
        >
          <Input type="email" maxLength={limits.emailMax} autoComplete="email" />
        </Form.Item>
        <Form.Item name="language" label={t('profile.language')} extra={t('profile.languageHint')}>
          <Radio.Group
            optionType="button"
            options={locales.map((value) => ({ value, label: t(`common:language.${value}`) }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('actions.save')}
        </Button>
      </Form>
    </Card>
  );
}
