import { useState } from 'react';
import { Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmLimits } from '@smartdata/domain';
import { useGroupOptionsQuery } from '@/modules/cabin/api/getGroupOptions';
import { useMemberOptionsQuery } from '@/modules/cabin/api/getMemberOptions';
import { useDebouncedValue } from '@/shared/hooks/useDebouncedValue';

/** Who hears of the rule's alarms beyond the app: users, groups, the alert delegations; by e-mail and SMS; on clear too. */
export function NotifyFields() {
  const { t } = useTranslation('alarms');
  const [memberKeyword, setMemberKeyword] = useState('');
  const [groupKeyword, setGroupKeyword] = useState('');
  const members = useMemberOptionsQuery(useDebouncedValue(memberKeyword), true);
  const groups = useGroupOptionsQuery(useDebouncedValue(groupKeyword), true);
  return (
    <>
      <p className="sd-muted sd-alarm-form__hint">{t('ruleForm.inAppAlways')}</p>
      <div className="sd-alarm-form__row">
        <Form.Item name={['notify', 'userIds']} label={t('ruleForm.users')} className="sd-alarm-form__grow">
          <Select
            mode="multiple"
            maxCount={alarmLimits.recipientsMax}
            showSearch={{ filterOption: false, onSearch: setMemberKeyword }}
            loading={members.isFetching}
            placeholder={t('ruleForm.usersPlaceholder')}
            options={(members.data?.list ?? []).map((m) => ({ value: Number(m.userId), label: m.name ? `${m.name} (${m.userName})` : m.userName }))}
          />
        </Form.Item>
        <Form.Item name={['notify', 'groupIds']} label={t('ruleForm.groups')} className="sd-alarm-form__grow">
          <Select
            mode="multiple"
            maxCount={alarmLimits.recipientsMax}
            showSearch={{ filterOption: false, onSearch: setGroupKeyword }}
            loading={groups.isFetching}
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
