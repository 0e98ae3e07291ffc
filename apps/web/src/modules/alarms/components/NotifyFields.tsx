import { Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmLimits } from '@smartdata/domain';
import { ChannelSelectField, useSendAvailability } from '@/modules/notify/components/ChannelFields';
import { useRecipientGroupsQuery, useRecipientMembersQuery } from '../api/recipients';

/**
 * Who hears of the rule's alarms beyond the app: users, groups, the alert delegations; by e-mail and
 * SMS; the company's notification channels; on clear too. SMS is off, and says why, while the SMS
 * provider cannot carry alarms (a vendor without an alarm template).
 */
export function NotifyFields({ delegations = true }: { delegations?: boolean }) {
  const { t } = useTranslation('alarms');
  const availability = useSendAvailability();
  const members = useRecipientMembersQuery();
  const groups = useRecipientGroupsQuery();
  return (
    <>
      <p className="sd-muted sd-alarm-form__hint">{t('ruleForm.inAppAlways')}</p>
      <div className="sd-alarm-form__row">
        <Form.Item name={['notify', 'userIds']} label={t('ruleForm.users')} className="sd-alarm-form__grow">
          <Select
            mode="multiple"
            maxCount={alarmLimits.recipientsMax}
            showSearch={{ optionFilterProp: 'label' }}
            loading={members.isPending}
            placeholder={t('ruleForm.usersPlaceholder')}
            options={(members.data?.list ?? []).map((m) => ({ value: Number(m.userId), label: m.name ? `${m.name} (${m.userName})` : m.userName }))}
          />
        </Form.Item>
        <Form.Item name={['notify', 'groupIds']} label={t('ruleForm.groups')} className="sd-alarm-form__grow">
          <Select
            mode="multiple"
            maxCount={alarmLimits.recipientsMax}
            showSearch={{ optionFilterProp: 'label' }}
            loading={groups.isPending}
            placeholder={t('ruleForm.groupsPlaceholder')}
            options={(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
        </Form.Item>
      </div>
      <div className="sd-alarm-form__checks">
        {delegations && (
          <Form.Item name={['notify', 'delegations']} valuePropName="checked" noStyle>
            <Checkbox>{t('ruleForm.delegationsHint')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name={['notify', 'email']} valuePropName="checked" noStyle>
          <Checkbox>{t('ruleForm.email')}</Checkbox>
        </Form.Item>
        <Form.Item name={['notify', 'sms']} valuePropName="checked" noStyle>
          <Checkbox disabled={!availability.sms.available}>{t('ruleForm.sms')}</Checkbox>
        </Form.Item>
        <Form.Item name={['notify', 'notifyOnClear']} valuePropName="checked" noStyle>
          <Checkbox>{t('ruleForm.notifyOnClear')}</Checkbox>
        </Form.Item>
      </div>
      {availability.sms.text && (
        <p className="sd-muted sd-alarm-form__hint" role="note">
          {availability.sms.text}
        </p>
      )}
      {availability.email.text && (
        <p className="sd-muted sd-alarm-form__hint" role="note">
          {availability.email.text}
        </p>
      )}
      <ChannelSelectField name={['notify', 'channelIds']} />
    </>
  );
}
