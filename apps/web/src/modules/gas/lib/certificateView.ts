import type { CertificateComponent, CertificateSnapshot } from '../api/types';
import { formatFraction } from './format';
import { formatPurity } from './purity';

/**
 * A certificate's day as stored, `YYYY-MM-DD` (a day of the issuing company's calendar, told by
 * the server), or `—`. Never an instant read in the browser's zone (issue 31.9).
 */
export function certificateDate(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '—';
}

export interface ComponentRow extends CertificateComponent {
  /** The balance gas, listed without a value of its own (it is the rest). */
  isBalance?: boolean;
}

/** The components a certificate lists, the balance gas last (added when the certificate lists only the targets). */
export function certificateComponents(certificate: { components: readonly CertificateComponent[]; balance: string | null }): ComponentRow[] {
  const balance = certificate.balance ?? null;
  const rows: ComponentRow[] = [...(certificate.components ?? [])].sort((a, b) => Number(a.gas === balance) - Number(b.gas === balance));
  if (balance && !rows.some((row) => row.gas === balance)) {
    rows.push({ gas: balance, fraction: Number.NaN, U: null, isBalance: true });
  }
  return rows;
}

/** One line for lists: "CO2 10 %, O2 5 % / N2", or "N2 N5.0 99.9996 %" for a high-purity certificate. */
export function certificateSummary(snapshot: Pick<CertificateSnapshot, 'components' | 'balance' | 'gas' | 'grade' | 'purityPercent'>): string {
  if (snapshot.grade) {
    return `${snapshot.gas ?? ''} ${snapshot.grade} ${formatPurity(snapshot.purityPercent)}`.trim();
  }
  const parts = certificateComponents(snapshot)
    .filter((c) => c.gas !== snapshot.balance && !c.isBalance)
    .map((c) => `${c.gas} ${formatFraction(c.fraction)}`)
    .join(', ');
  return snapshot.balance ? `${parts} / ${snapshot.balance}` : parts;
}
