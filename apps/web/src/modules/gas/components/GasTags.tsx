import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BlendOrderState, VerifyState } from '../api/types';

const orderColors: Record<BlendOrderState, string> = { draft: 'default', filled: 'processing', analysed: 'gold', certified: 'success', cancelled: 'error' };
const certificateColors: Record<VerifyState, string> = { valid: 'success', expired: 'warning', revoked: 'error', unknown: 'default' };

/** The state of a blending order as a coloured tag. */
export function OrderStateTag({ state }: { state: BlendOrderState }) {
  const { t } = useTranslation('gas');
  return <Tag color={orderColors[state]}>{t(`orderStates.${state}`)}</Tag>;
}

/** The state of a certificate as a coloured tag. */
export function CertificateStateTag({ state }: { state: VerifyState }) {
  const { t } = useTranslation('gas');
  return <Tag color={certificateColors[state]}>{t(`certificateStates.${state}`)}</Tag>;
}

/** Pass or fail of a high-purity analysis. */
export function PassTag({ pass }: { pass: boolean }) {
  const { t } = useTranslation('gas');
  return <Tag color={pass ? 'success' : 'error'}>{t(pass ? 'purity.pass' : 'purity.fail')}</Tag>;
}
