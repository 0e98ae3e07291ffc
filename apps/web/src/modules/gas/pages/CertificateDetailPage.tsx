import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Dropdown, Space } from 'antd';
import { CopyOutlined, DownloadOutlined, ExportOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DetailFallback } from '@/shared/components/DetailFallback';
import { PageHeader } from '@/shared/components/PageHeader';
import { TableCard } from '@/shared/components/TableCard';
import { formatDateTime } from '@/shared/utils/formatTime';
import { copyText } from '@/shared/utils/copyText';
import { useBusy } from '@/shared/hooks/useBusy';
import { downloadCertificatePdf, useCertificateQuery, useRevokeCertificateMutation } from '../api/certificates';
import { CertificateStateTag } from '../components/GasTags';
import { RevokeModal } from '../components/RevokeModal';
import { formatNumber, reportedValue } from '../lib/format';
import { certificateComponents, certificateDate, type ComponentRow } from '../lib/certificateView';
import { formatPurity } from '../lib/purity';
import { blendOrderPath, CERTIFICATE_PATH, HIGH_PURITY_PATH, verifyPath, verifyUrl } from '../lib/gasPaths';
import '../gas.css';

/**
 * /gas/certificate/detail/:id: every field of a certificate, its PDF in 中文 or English, the
 * verification link (copy, open) and revoking it with a reason.
 */
export function CertificateDetailPage() {
  const { t } = useTranslation(['gas', 'texts']);
  const { message } = App.useApp();
  const id = Number(useParams().id);
  const certificate = useCertificateQuery(id);
  const revoke = useRevokeCertificateMutation();
  const [revoking, setRevoking] = useState(false);
  const [downloading, runDownloading] = useBusy();

  if (certificate.isPending || certificate.isError) {
    return <DetailFallback query={certificate} notFound={t('certificate.notFound')} back={{ to: CERTIFICATE_PATH, label: t('certificate.backToList') }} />;
  }
  const c = certificate.data;
  const s = c.snapshot;
  const link = verifyUrl(c.code);
  const download = async (lang: 'zh-CN' | 'en-US') => {
    await runDownloading(() => downloadCertificatePdf(c, lang));
  };
  const copy = async () => {
    if (await copyText(link)) {
      void message.success(t('certificate.linkCopied'));
    } else {
      void message.error(t('copyFailed', { ns: 'common' }));
    }
  };
  const source = c.source === 'blend' ? blendOrderPath(c.sourceId) : `${HIGH_PURITY_PATH}?tab=analyses`;

  return (
    <div className="sd-page sd-gas">
      <PageHeader
        title={t('certificate.detailTitle', { number: c.number })}
        tag={<CertificateStateTag state={c.state} />}
        description={<Link to={CERTIFICATE_PATH}>{t('certificate.backToList')}</Link>}
        actions={
          <Space wrap>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'zh-CN', label: t('certificate.pdfZh') },
                  { key: 'en-US', label: t('certificate.pdfEn') },
                ],
                onClick: ({ key }) => void download(key as 'zh-CN' | 'en-US'),
              }}
            >
              <Button icon={<DownloadOutlined />} loading={downloading}>
                {t('certificate.downloadPdf')}
              </Button>
            </Dropdown>
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {t('certificate.copyLink')}
            </Button>
            <a href={verifyPath(c.code)} target="_blank" rel="noreferrer">
              <Button icon={<ExportOutlined />}>{t('certificate.openVerify')}</Button>
            </a>
            {c.state !== 'revoked' && (
              <Button danger icon={<StopOutlined />} onClick={() => setRevoking(true)}>
                {t('certificate.revoke')}
              </Button>
            )}
          </Space>
        }
      />
      {c.state === 'revoked' && (
        <Alert type="error" showIcon title={t('certificate.revokedAt', { at: formatDateTime(c.revokedAt ?? null) })} description={c.revokedReason ? t('certificate.revokedReason', { reason: c.revokedReason }) : undefined} />
      )}
      <Card size="small" title={t('certificate.facts')}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('fields.certificateNumber')}>{c.number}</Descriptions.Item>
          <Descriptions.Item label={t('certificate.source')}>
            <Link to={source}>{`${t(`certificate.sources.${c.source}`)} ${s.sourceNumber}`}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.cylinderNumber')}>{s.cylinderNumber}</Descriptions.Item>
          <Descriptions.Item label={t('fields.cylinderMaterial')}>{s.cylinderMaterial || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('form.volume')}>{s.volumeL ? `${formatNumber(s.volumeL)} L` : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.fillPressure')}>
            {s.fillPressureBar ? `${formatNumber(s.fillPressureBar)} ${t(s.pressureMode === 'absolute' ? 'units.barAbs' : 'units.barGauge')}` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.valve')}>{s.valve || '—'}</Descriptions.Item>
          {s.grade ? (
            <>
              <Descriptions.Item label={t('grade.grade')}>{`${s.gas ?? ''} ${s.grade}`}</Descriptions.Item>
              <Descriptions.Item label={t('purity.purity')}>{formatPurity(s.purityPercent)}</Descriptions.Item>
            </>
          ) : (
            <Descriptions.Item label={t('fields.balance')}>{s.balance || '—'}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('fields.issuer')}>{s.issuer || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.certMethod')}>{s.method || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.certifiedAt')}>{certificateDate(c.certifiedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.expiresAt')}>{certificateDate(c.expiresAt)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.minUsePressure')}>{s.minUsePressureBar === null || s.minUsePressureBar === undefined ? '—' : `${formatNumber(s.minUsePressureBar)} ${t('units.barGauge')}`}</Descriptions.Item>
          <Descriptions.Item label={t('fields.storageTemperature')}>{s.storageTemperature || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.approver')}>{s.approver}</Descriptions.Item>
          <Descriptions.Item label={t('fields.verifyCode')}>
            <span className="sd-mono">{c.code}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.referenceStandards')} span="filled">
            {s.referenceStandards || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.traceability')} span="filled">
            {s.traceability || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('certificate.verifyLink')} span="filled">
            <a href={verifyPath(c.code)} target="_blank" rel="noreferrer" className="sd-gas-link">
              {link}
            </a>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <TableCard<ComponentRow> title={t('fields.components')} rowKey="gas" rows={certificateComponents(s)} columns={[
        { title: t('fields.component'), dataIndex: 'gas', key: 'gas', render: (gas: string, row) => (gas === s.balance && !row.isBalance ? `${gas} (${t('fields.balance')})` : gas) },
        { title: t('order.fraction'), key: 'x', align: 'right', render: (_v, row) => (row.isBalance ? t('fields.balanceRest') : reportedValue(row.fraction, row.U).value) },
        { title: t('order.U'), key: 'U', align: 'right', render: (_v, row) => (row.isBalance ? '—' : (reportedValue(row.fraction, row.U).U ?? '—')) },
      ]} />
      {s.impurities.length > 0 && (
        <TableCard title={t('grade.impurities')} rowKey="gas" rows={s.impurities} columns={[
          { title: t('analysisHp.impurity'), dataIndex: 'gas', key: 'gas' },
          { title: t('analysisHp.value'), key: 'value', align: 'right', render: (_v, row) => (row.belowLod ? `< ${formatNumber(row.lodPpm)} ppm (LOD)` : `${formatNumber(row.valuePpm ?? 0)} ppm`) },
        ]} />
      )}
      {revoking && (
        <RevokeModal
          number={c.number}
          saving={revoke.isPending}
          onCancel={() => setRevoking(false)}
          onSubmit={(reason) =>
            void revoke.mutateAsync({ id: c.id, reason }).then(
              () => {
                setRevoking(false);
                void message.success(t('texts:operationSuccess'));
              },
              () => undefined,
            )
          }
        />
      )}
    </div>
  );
}
