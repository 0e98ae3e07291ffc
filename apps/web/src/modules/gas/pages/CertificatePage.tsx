import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListCard } from '@/shared/components/list/ListCard';
import { StateFilter } from '@/shared/components/list/StateFilter';
import { linkColumn, stateTagColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useCertificatesQuery } from '../api/certificates';
import type { Certificate, CertificateState } from '../api/types';
import { CertificateStateTag } from '../components/GasTags';
import { certificateDate, certificateSummary } from '../lib/certificateView';
import { certificatePath } from '../lib/gasPaths';
import '../gas.css';

// The server filters by what is stored (valid or revoked); expired is read from the date.
const states: CertificateState[] = ['valid', 'revoked'];

/** /gas/certificate (gs_certificate): the certificates issued (search, state, paging). */
export function CertificatePage() {
  const { t } = useTranslation('gas');
  const paged = usePagedList<{ state?: CertificateState }>();
  const certificates = useCertificatesQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword || undefined, state: paged.filters.state });
  const columns: TableColumnsType<Certificate> = [
    linkColumn(t('fields.certificateNumber'), 'number', (row) => certificatePath(row.id), { phoneLine: (row) => <CertificateStateTag state={row.state} /> }),
    { title: t('fields.cylinderNumber'), key: 'cylinderNumber', render: (_v, row) => row.snapshot.cylinderNumber },
    { title: t('certificate.source'), dataIndex: 'source', key: 'source', render: (source: string) => t(`certificate.sources.${source}`) },
    {
      title: t('fields.components'),
      key: 'components',
      className: 'sd-gas-wrap',
      render: (_v, row) => certificateSummary(row.snapshot),
    },
    { title: t('fields.certifiedAt'), dataIndex: 'certifiedAt', key: 'certifiedAt', className: 'sd-nowrap', render: (value: string) => certificateDate(value) },
    { title: t('fields.expiresAt'), dataIndex: 'expiresAt', key: 'expiresAt', className: 'sd-nowrap', render: (value: string) => certificateDate(value) },
    stateTagColumn(t('fields.state'), 'state', CertificateStateTag),
  ];
  return (
    <div className="sd-page sd-gas">
      <PageHeader title={t('certificate.title')} description={t('certificate.description')} />
      <ListCard<Certificate> columns={columns} query={certificates} paged={paged} phoneKeys={['number', 'components']} scrollX={960}
        texts={{ search: t('certificate.search'), total: (count) => t('certificate.total', { count }), empty: t('certificate.empty'), noMatch: t('emptySearch'), hint: t('certificate.emptyHint') }}
        toolbar={<StateFilter states={states} paged={paged} placeholder={t('fields.state')} label={(s) => t(`certificateStates.${s}`)} />}
      />
    </div>
  );
}
