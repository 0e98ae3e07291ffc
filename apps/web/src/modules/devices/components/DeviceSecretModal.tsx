import { useTranslation } from 'react-i18next';
import { SecretOnceDialog } from '@/shared/components/SecretOnceDialog';

/** A device's MQTT secret, shown this one time (after adding or rotating) with a copy button. */
export function DeviceSecretModal({ value, onClose }: { value: { sn: string; secret: string } | null; onClose: () => void }) {
  const { t } = useTranslation('devices');
  return (
    <SecretOnceDialog
      secret={value?.secret ?? null}
      owner={{ label: 'SN', value: value?.sn ?? '' }}
      texts={{ title: t('secret.title'), once: t('secret.once'), onceHint: t('secret.onceHint'), secretLabel: t('secret.label'), copy: t('secret.copy'), saved: t('secret.saved') }}
      testId="device-secret"
      onClose={onClose}
    />
  );
}
