import { useTranslation } from 'react-i18next';

/**
 * Loading state of a whole page or view (lazy chunks, session loading). Pure CSS, so the entry
 * bundle does not carry antd's Spin.
 */
export function PageSpin({ tip, fullscreen = false }: { tip?: string; fullscreen?: boolean }) {
  const { t } = useTranslation();
  const label = tip ?? t('loading');
  return (
    <div className={fullscreen ? 'sd-page-spin sd-page-spin--fullscreen' : 'sd-page-spin'} role="status" aria-live="polite">
      <span className="sd-spinner" aria-hidden="true" />
      <span className="sd-page-spin__tip">{label}</span>
    </div>
  );
}
