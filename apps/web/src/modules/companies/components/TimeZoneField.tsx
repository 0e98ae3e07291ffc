import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { timeZoneSchema, validationMessage } from '@smartdata/domain';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { TimeZoneSelect } from './TimeZoneSelect';

/** A company's time zone, required and checked with the domain's schema (the platform's dialog, the company's own settings). */
export function TimeZoneField() {
  const { t } = useTranslation('companies');
  const locale = useLocale();
  return (
    <Form.Item name="timeZone" label={t('fields.timeZone')} extra={t('fields.timeZoneHint')} rules={[{ required: true, message: validationMessage('validation.timeZone', locale) ?? '' }, domainRule(timeZoneSchema, t)]}>
      <TimeZoneSelect />
    </Form.Item>
  );
}
