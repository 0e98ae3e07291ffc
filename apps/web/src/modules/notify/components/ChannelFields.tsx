import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyLimits, validationMessage, type SendAvailability } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { useChannelOptionsQuery } from '../api/channels';

/**
 * The rule editors' choice of notification channels (alarm rules, update watches, intelligent
 * rules' notify actions): the company's channels by kind and name, at most ten.
 */
export function ChannelSelectField({ name, className }: { name: (string | number)[]; className?: string }) {
  const { t } = useTranslation('notify');
  const options = useChannelOptionsQuery();
  const channels = options.data?.channels ?? [];
  return (
    <Form.Item name={name} label={t('fields.channels')} className={className} extra={!options.isPending && channels.length === 0 ? t('fields.noChannels') : undefined}>
      <Select
        mode="multiple"
        maxCount={notifyLimits.ruleChannelsMax}
        showSearch={{ optionFilterProp: 'label' }}
        loading={options.isPending}
        placeholder={t('fields.channelsPlaceholder')}
        options={channels.map((c) => ({ value: c.id, label: `${t(`kind.${c.kind}`)} · ${c.name}` }))}
      />
    </Form.Item>
  );
}

/** Whether SMS and e-mail can carry alarms now, and why not, in the reader's language. */
export function useSendAvailability(): { sms: SendAvailability & { text: string | null }; email: SendAvailability & { text: string | null } } {
  const { t } = useTranslation('notify');
  const locale = useLocale();
  const options = useChannelOptionsQuery();
  const words = (availability: SendAvailability | undefined, key: 'fields.smsUnavailable' | 'fields.emailUnavailable') => {
    const value = availability ?? { available: true, reason: null };
    const reason = value.reason ? (validationMessage(value.reason, locale) ?? value.reason) : null;
    return { ...value, text: !value.available && reason ? t(key, { reason }) : null };
  };
  return { sms: words(options.data?.sms, 'fields.smsUnavailable'), email: words(options.data?.email, 'fields.emailUnavailable') };
}
