import { useMemo } from 'react';
import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { apiKeyCodesSchema, apiKeyExpiryMax, apiKeyExpirySchema, apiKeyLimits, apiKeyNameSchema, validationMessage, zonedMidnight, type AddApiKeyRequest } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { NameField } from '@/shared/forms/NameField';
import { useLocale } from '@/shared/i18n/useLocale';
import { useConsoleShell } from '@/shared/routing/consoleShell';
import { companyTimeZone } from '@/shared/session/companyTimeZone';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { offeredPermissionTree } from '@/modules/roles/components/permissionCodes';
import { heldTree } from './keyCodes';
import { KeyCodesTree } from './KeyCodesTree';

interface KeyFormValues {
  name: string;
  codes: string[];
  expiresOn?: Dayjs | null;
}

/** The end of a picked day in the company's time zone: a key made to expire "on 31 May" works all that day. */
function endOfDay(day: Dayjs): number {
  return zonedMidnight(day.year(), day.month() + 1, day.date() + 1, companyTimeZone()) - 1;
}

/** A new key: name, codes from the creator's own, an optional expiry day — checked as the server checks them. */
export function ApiKeyFormModal({ saving, onSubmit, onCancel }: FormDialogProps<AddApiKeyRequest>) {
  const { t } = useTranslation('apiKeys');
  const locale = useLocale();
  const [form] = Form.useForm<KeyFormValues>();
  const { routeTable } = useConsoleShell();
  const held = useMenuCodes();
  const tree = useMemo(() => heldTree(offeredPermissionTree(false, routeTable), held), [routeTable, held]);
  const handleFinish = ({ name, codes, expiresOn }: KeyFormValues) => onSubmit({ name: name.trim(), codes, ...(expiresOn ? { expiresAt: endOfDay(expiresOn) } : {}) });
  const codesRule = {
    validator: async (_rule: unknown, codes: string[] | undefined) => {
      const result = apiKeyCodesSchema.safeParse(codes ?? []);
      if (!result.success) {
        throw new Error(validationMessage(result.error.issues[0]?.message ?? 'validation.invalid', locale) ?? '');
      }
    },
  };
  const expiryRule = {
    validator: async (_rule: unknown, day: Dayjs | null | undefined) => (day ? domainRule(apiKeyExpirySchema, t).validator(_rule, endOfDay(day)) : undefined),
  };
  return (
    <FormModal<KeyFormValues> title={t('form.title')} form={form} width={600} confirmLoading={saving} initialValues={{ name: '', codes: [], expiresOn: null }} okText={t('form.create')} onCancel={onCancel} onFinish={handleFinish}>
      <NameField schema={apiKeyNameSchema} label={t('form.name')} max={apiKeyLimits.nameLength} placeholder={t('form.namePlaceholder')} autoFocus />
      <Form.Item name="codes" label={t('form.codes')} required extra={t('form.codesHint')} rules={[codesRule]}>
        {tree.length === 0 ? <div className="sd-muted">{t('form.noCodes')}</div> : <KeyCodesTree tree={tree} held={held} />}
      </Form.Item>
      <Form.Item name="expiresOn" label={t('form.expiresOn')} extra={t('form.expiresHint', { years: apiKeyLimits.expiryMaxDays / 365 })} rules={[expiryRule]}>
        <DatePicker
          style={{ width: '100%' }}
          placeholder={t('form.never')}
          disabledDate={(day) => endOfDay(day) <= Date.now() || endOfDay(day) > apiKeyExpiryMax(Date.now())}
        />
      </Form.Item>
    </FormModal>
  );
}
