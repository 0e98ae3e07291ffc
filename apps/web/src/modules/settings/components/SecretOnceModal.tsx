import { useTranslation } from 'react-i18next';
import type { IoSocketSecret } from '@smartdata/domain';
import { SecretOnceDialog } from '@/shared/components/SecretOnceDialog';

interface SecretOnceModalProps {
  secret: IoSocketSecret | null;
  onClose: () => void;
}

/** The new device access secret, shown this one time with a copy button. */
export function SecretOnceModal({ secret, onClose }: SecretOnceModalProps) {
  const { t } = useTranslation('settings');
  return (
    <SecretOnceDialog
      secret={secret?.secret ?? null}
      owner={{ label: t('ioSocket.accessKey'), value: secret?.accessKey ?? '' }}
      texts={{
        title: t('ioSocket.secretTitle'),
        once: t('ioSocket.secretOnce'),
        onceHint: t('ioSocket.secretOnceHint'),
        secretLabel: t('ioSocket.newSecret'),
        copy: t('ioSocket.copy'),
        saved: t('ioSocket.secretSaved'),
      }}
      testId="io-socket-secret"
      onClose={onClose}
    />
  );
}
