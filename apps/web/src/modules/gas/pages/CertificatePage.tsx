import { useState } from 'react';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useCertificatesQuery } from '../api/certificates';
import type { Certificate, CertificateState } from '../api/types';
import { CertificateStateTag } from '../components/GasTags';
import { certificateDate, certificateSummary } from '../lib/certificateView';
import { certificatePath } from '../lib/gasPaths';
import '../gas.css';
import { StateFilter } from '@/shared/components/StateFilter';

// The server filters by what is stored (valid or revoked); expired is read from the date.
const states: CertificateState[] = ['valid', 'revoked'];

/** /gas/certificate (gs_certificate): the certificates issued (search, state, paging). */
export function CertificatePage() {
  const { t } = useTranslation('gas');
  const paged = usePagedList();
  const [state, setState] = useState<CertificateState | undefined>();
  const certificates = useCertificatesQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword || undefined, state });
  const isPhone = useIsPhone();
  const columns: TableColumnsType<Certificate> = [
    {
      title: t('fields.certificateNumber'),
      dataIndex: 'number',
      key: 'number',
      className: 'sd-nowrap',
      render: (number: string, row) => (
        <>
          <Link to={certificatePath(row.id)}>{number}</Link>
          {isPhone && (
            <div>
              <CertificateStateTag state={row.state} />
            </div>
          )}
        </>
      ),
    },
    { title: t('fields.cylinderNumber'), key: 'cylinderNumber', render: (_v, row) => row.snapshot.cylinderNumber },
    { title: t('certificate.source'), dataIndex: 'source', key: 'source', render: (source: string) => t(`certificate.sources.${source}`) },
    {
      title: t('fields.components'),
      key: 'components',
      className: 'sd-gas-wrap',
      render: (_v, row) => certificateSummary(row.snapshot),
    },
    { title: t('fields.certifiedAt'), dataIndex: 'certifiedAt', key: 'certifiedAt', className: 'sd-nowrap', render: (value: number | string) => certificateDate(value) },
    { title: t('fields.expiresAt'), dataIndex: 'expiresAt', key: 'expiresAt', className: 'sd-nowrap', render: (value: number | string) => certificateDate(value) },
    { title: t('fields.state'), dataIndex: 'state', key: 'state', render: (value: CertificateState) => <CertificateStateTag state={value} /> },
  ];
  return (
    <div className="sd-page sd-gas">
      <PageHeader title={t('certificate.title')} description={t('certificate.description')} />
      <ListCard<Certificate>
        rowKey="id"
        columns={isPhone ? columns.filter((column) => ['number', 'components'].includes(String(column.key))) : columns}
        rows={certificates.data?.list ?? []}
        loading={certificates.isFetching}
        pending={certificates.isPending}
        keyword={paged.keyword}
        searchPlaceholder={t('certificate.search')}
        onSearch={paged.search}
        paging={{ state: paged, total: certificates.data?.total ?? 0, totalText: (count) => t('certificate.total', { count }) }}
        empty={{ text: t('certificate.empty'), searchText: t('emptySearch'), hint: t('certificate.emptyHint') }}
        scrollX={isPhone ? undefined : 960}
        toolbar={
          <StateFilter states={states} value={state} onChange={setState} paged={paged} placeholder={t('fields.state')} label={(s) => t(`certificateStates.${s}`)} />
        }
      />
    </div>
  );
}
