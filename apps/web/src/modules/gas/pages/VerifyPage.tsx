import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LanguageSegmented } from '@/shared/components/LanguageSegmented';
import { ProductMark } from '@/shared/components/ProductMark';
import { fetchVerification } from '../api/verify';
import type { VerifyAnswer, VerifyState } from '../api/types';
import { reportedValue } from '../lib/format';
import { certificateComponents, certificateDate } from '../lib/certificateView';
import { formatPurity } from '../lib/purity';
import '../verify.css';

type Load = { status: 'loading' } | { status: 'done'; answer: VerifyAnswer } | { status: 'failed' };

const icons: Record<VerifyState, string> = { valid: '✓', expired: '!', revoked: '✕', unknown: '?' };

/**
 * /verify/:code — public, outside the console (no sign-in, no shell): what a certificate's QR
 * code opens. Shows whether the certificate is valid, expired, revoked or unknown, and its key
 * facts only. Light on purpose: no TanStack Query, no console chunks, the API client of the entry.
 */
export function VerifyPage() {
  const { t } = useTranslation('gas');
  const code = useParams().code ?? '';
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchVerification(code, controller.signal).then(
      (answer) => setLoad({ status: 'done', answer }),
      () => {
        if (!controller.signal.aborted) {
          setLoad({ status: 'failed' });
        }
      },
    );
    return () => controller.abort();
  }, [code]);

  const state: VerifyState | null = load.status === 'done' ? load.answer.state : null;
  const c = load.status === 'done' ? load.answer.certificate : null;

  return (
    <div className="sd-verify">
      <header className="sd-verify__bar">
        <span className="sd-verify__brand">
          <ProductMark size={28} />
          <span>{t('verify.title')}</span>
        </span>
        <LanguageSegmented />
      </header>
      <main className="sd-verify__main">
        <section className="sd-verify__card" aria-live="polite" aria-busy={load.status === 'loading'}>
          {load.status === 'loading' && <p className="sd-verify__loading">{t('verify.checking')}</p>}
          {load.status === 'failed' && (
            <div className="sd-verify__state sd-verify__state--unknown" role="status">
              <span className="sd-verify__icon" aria-hidden="true">
                ?
              </span>
              <div>
                <h1 className="sd-verify__headline">{t('verify.failed')}</h1>
                <p className="sd-verify__explain">{t('verify.failedHint')}</p>
              </div>
            </div>
          )}
          {state && (
            <div className={`sd-verify__state sd-verify__state--${state}`} role="status" data-state={state}>
              <span className="sd-verify__icon" aria-hidden="true">
                {icons[state]}
              </span>
              <div>
                <h1 className="sd-verify__headline">{t(`verify.states.${state}`)}</h1>
                <p className="sd-verify__explain">{t(`verify.explain.${state}`)}</p>
              </div>
            </div>
          )}
          {c && state !== 'unknown' && (
            <>
              <dl className="sd-verify__facts">
                <div>
                  <dt>{t('fields.certificateNumber')}</dt>
                  <dd>{c.number ?? '—'}</dd>
                </div>
                <div>
                  <dt>{t('fields.issuer')}</dt>
                  <dd>{c.issuer || '—'}</dd>
                </div>
                {c.grade && (
                  <div>
                    <dt>{t('grade.grade')}</dt>
                    <dd>{`${c.gas ?? ''} ${c.grade} · ${formatPurity(c.purityPercent)}`}</dd>
                  </div>
                )}
                <div>
                  <dt>{t('fields.cylinderNumber')}</dt>
                  <dd>{c.cylinderNumber ?? '—'}</dd>
                </div>
                <div>
                  <dt>{t('fields.certifiedAt')}</dt>
                  <dd>{certificateDate(c.certifiedAt)}</dd>
                </div>
                <div>
                  <dt>{t('fields.expiresAt')}</dt>
                  <dd>{certificateDate(c.expiresAt)}</dd>
                </div>
                {c.method && (
                  <div>
                    <dt>{t('fields.certMethod')}</dt>
                    <dd>{c.method}</dd>
                  </div>
                )}
                {state === 'revoked' && c.revokedOn && (
                  <div>
                    <dt>{t('verify.revokedOn')}</dt>
                    <dd>{certificateDate(c.revokedOn)}</dd>
                  </div>
                )}
              </dl>
              {c.components && c.components.length > 0 && (
                <table className="sd-verify__components">
                  <caption>{t('fields.components')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('fields.component')}</th>
                      <th scope="col">{t('order.fraction')}</th>
                      <th scope="col">{t('order.U')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {certificateComponents({ components: c.components, balance: c.balance ?? null }).map((row) => (
                      <tr key={row.gas}>
                        <td>{row.gas}</td>
                        <td>{row.isBalance ? t('fields.balanceRest') : reportedValue(row.fraction, row.U).value}</td>
                        <td>{row.isBalance ? '—' : (reportedValue(row.fraction, row.U).U ?? '—')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </>
          )}
          <p className="sd-verify__code">
            {t('verify.code')} <span>{code}</span>
          </p>
        </section>
      </main>
    </div>
  );
}
