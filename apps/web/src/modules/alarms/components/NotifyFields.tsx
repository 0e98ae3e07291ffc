import { Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmLimits } from '@smartdata/domain';
import { useRecipientGroupsQuery, useRecipientMembersQuery } from '../api/recipients';

/** Who hears of the rule's alarms beyond the app: users, groups, the alert delegations; by e-mail and SMS; on clear too. */
export function NotifyFields() {
  const { t } = useTranslation('alarms');
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
        <Form.Item name={['notify', 'delegations']} valuePropName="checked" noStyle>
          <Checkbox>{t('ruleForm.delegationsHint')}</Checkbox>
        </Form.Item>
        <Form.Item name={['notify', 'email']} valuePropName="checked" noStyle>
          <Checkbox>{t('ruleForm.email')}</Checkbox>
        </Form.Item>
        <Form.Item name={['notify', 'sms']} valuePropName="checked" noStyle>
          <Checkbox>{t('ruleForm.sms')}</Checkbox>
        </Form.Item>
        <Form.Item name={['notify', 'notifyOnClear']} valuePropName="checked" noStyle>
          <Checkbox>{t('ruleForm.notifyOnClear')}</Checkbox>
        </Form.Item>
      </div>
    </>
  );
}
