import { MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { limits } from '@smartdata/domain';
import { FormField, inputProps } from '@/shared/forms/FormField';
import type { LightField } from '@/shared/forms/useLightForm';
import { Input } from '@/shared/components/inputs';

export function PhoneField({ field }: { field: LightField }) {
  const { t } = useTranslation('auth');
  return (
    <FormField inputId={field.id} error={field.error}>
      <Input
        {...inputProps(field)}
        size="large"
        prefix={<MobileOutlined />}
        placeholder={t('fields.phonePlaceholder')}
        aria-label={t('fields.phone')}
        inputMode="tel"
        autoComplete="tel"
        maxLength={limits.phoneLength}
      />
    </FormField>
  );
}
