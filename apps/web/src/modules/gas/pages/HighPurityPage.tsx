import { useState } from 'react';
import { Button, Descriptions, Modal, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { useListActions } from '@/shared/hooks/useListActions';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useTabParam } from '@/shared/hooks/useTabParam';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useIssueCertificateMutation } from '../api/certificates';
import { GAS_PICK_SIZE } from '../api/keys';
import { useAddAnalysisMutation, useAddGradeMutation, useAnalysesQuery, useDeleteAnalysisMutation, useDeleteGradeMutation, useGradesQuery, useUpdateGradeMutation } from '../api/purity';
import type { Grade, PurityAnalysis } from '../api/types';
import { AnalysisFormModal } from '../components/AnalysisFormModal';
import { PassTag } from '../components/GasTags';
import { GradeFormModal } from '../components/GradeFormModal';
import { IssueCertificateModal } from '../components/IssueCertificateModal';
import { certificatePath } from '../lib/gasPaths';
import { formatPurity, gradeMinPurity } from '../lib/purity';
import '../gas.css';

/** /gas/highPurity (gs_high_purity): grades with impurity specifications, and analyses against them. */
export function HighPurityPage() {
  const { t } = useTranslation('gas');
  const [tab, openTab] = useTabParam(['grades', 'analyses'] as const);
  return (
    <div className="sd-page sd-gas">
      <PageHeader title={t('purity.title')} description={t('purity.description')} />
      <Tabs
        activeKey={tab}
        onChange={openTab}
        items={[
          { key: 'grades', label: t('tabs.grades'), children: <GradeList /> },
          { key: 'analyses', label: t('tabs.analyses'), children: <AnalysisList /> },
        ]}
      />
    </div>
  );
}

function GradeList() {
  const { t } = useTranslation('gas');
  const paged = usePagedList();
  const grades = useGradesQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword || undefined });
  const add = useAddGradeMutation();
  const update = useUpdateGradeMutation();
  const remove = useDeleteGradeMutation();
  const { save, confirmDelete } = useListActions();
  const [editing, setEditing] = useState<Grade | 'new' | null>(null);
  const columns: TableColumnsType<Grade> = [
    { title: t('grade.gas'), dataIndex: 'gas', key: 'gas', render: (gas: string) => <strong>{gas}</strong> },
    { title: t('grade.grade'), dataIndex: 'grade', key: 'grade' },
    {
      title: t('grade.minPurityColumn'),
      key: 'min',
      className: 'sd-nowrap',
      render: (_v, row) => {
        const min = gradeMinPurity(row.grade);
        return min === null ? '—' : `≥ ${Number((min * 100).toFixed(8))} %`;
      },
    },
    {
      title: t('grade.impurities'),
      key: 'impurities',
      render: (_v, row) => (
        <span className="sd-gas-composition">
          {row.impurities.map((spec) => (
            <Tag key={spec.gas}>{`${spec.gas} ≤ ${spec.maxPpm} ppm`}</Tag>
          ))}
        </span>
      ),
    },
    { title: t('fields.remarks'), dataIndex: 'remarks', key: 'remarks', render: (value: string) => value || '—' },
    {
      title: t('actions.title'),
      key: 'actions',
      className: 'sd-nowrap',
      render: (_v, row) => (
        <Space size={0}>
          <Button type="link" icon={<EditOutlined />} aria-label={t('grade.editOf', { name: `${row.gas} ${row.grade}` })} onClick={() => setEditing(row)}>
            {t('actions.edit')}
          </Button>
          <Button
            type="link"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('grade.deleteOf', { name: `${row.gas} ${row.grade}` })}
            onClick={() => confirmDelete({ title: t('grade.deleteTitle', { name: `${row.gas} ${row.grade}` }), content: t('grade.deleteContent'), okText: t('actions.delete'), onDelete: () => remove.mutateAsync(row.id) })}
          >
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListCard<Grade>
        rowKey="id"
        columns={columns}
        rows={grades.data?.list ?? []}
        loading={grades.isFetching}
        pending={grades.isPending}
        keyword={paged.keyword}
        searchPlaceholder={t('grade.search')}
        onSearch={paged.search}
        paging={{ state: paged, total: grades.data?.total ?? 0, totalText: (count) => t('grade.total', { count }) }}
        empty={{ text: t('grade.empty'), searchText: t('emptySearch'), hint: t('grade.emptyHint') }}
        scrollX={820}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} className="sd-gas__toolbar-end">
            {t('grade.add')}
          </Button>
        }
      />
      {editing && (
        <GradeFormModal
          grade={editing === 'new' ? undefined : editing}
          saving={add.isPending || update.isPending}
          onCancel={() => setEditing(null)}
          onSubmit={(input) => void save(() => (editing === 'new' ? add.mutateAsync(input) : update.mutateAsync({ ...input, id: editing.id })), () => setEditing(null))}
        />
      )}
    </>
  );
}

function AnalysisList() {
  const { t } = useTranslation(['gas', 'texts']);
  const navigate = useNavigate();
  const codes = useMenuCodes();
  const paged = usePagedList();
  const analyses = useAnalysesQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword || undefined });
  const grades = useGradesQuery({ pageNum: 1, pageSize: GAS_PICK_SIZE });
  const add = useAddAnalysisMutation();
  const remove = useDeleteAnalysisMutation();
  const issue = useIssueCertificateMutation();
  const { save, confirmDelete } = useListActions();
  const isPhone = useIsPhone();
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<PurityAnalysis | null>(null);
  const [issuing, setIssuing] = useState<PurityAnalysis | null>(null);
  const columns: TableColumnsType<PurityAnalysis> = [
    {
      title: t('fields.number'),
      dataIndex: 'number',
      key: 'number',
      className: 'sd-nowrap',
      render: (number: string, row) => (
        <Button type="link" className="sd-gas-linkbutton" onClick={() => setViewing(row)}>
          {number}
        </Button>
      ),
    },
    { title: t('analysisHp.grade'), key: 'grade', className: 'sd-nowrap', render: (_v, row) => `${row.gas} ${row.grade}` },
    { title: t('fields.cylinderNumber'), dataIndex: 'cylinderNumber', key: 'cylinderNumber' },
    { title: t('fields.lot'), dataIndex: 'lot', key: 'lot', render: (value: string) => value || '—' },
    { title: t('fields.analysedAt'), dataIndex: 'analysedAt', key: 'analysedAt', className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
    { title: t('purity.purity'), dataIndex: 'purityPercent', key: 'purity', align: 'right', className: 'sd-nowrap', render: (value: number) => formatPurity(value) },
    { title: t('purity.result'), dataIndex: 'passed', key: 'pass', render: (passed: boolean) => <PassTag pass={passed} /> },
    {
      title: t('actions.title'),
      key: 'actions',
      className: 'sd-nowrap',
      render: (_v, row) => (
        <Space size={0} wrap>
          <Button type="link" icon={<EyeOutlined />} aria-label={t('analysisHp.viewOf', { number: row.number })} onClick={() => setViewing(row)} />
          {row.passed && codes.has('gs_certificate') && (
            <Button type="link" icon={<SafetyCertificateOutlined />} onClick={() => setIssuing(row)}>
              {t('certificate.issue')}
            </Button>
          )}
          <Button
            type="link"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('analysisHp.deleteOf', { number: row.number })}
            onClick={() => confirmDelete({ title: t('analysisHp.deleteTitle', { number: row.number }), content: t('analysisHp.deleteContent'), okText: t('actions.delete'), onDelete: () => remove.mutateAsync(row.id) })}
          />
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListCard<PurityAnalysis>
        rowKey="id"
        columns={isPhone ? columns.filter((column) => ['number', 'purity', 'pass'].includes(String(column.key))) : columns}
        rows={analyses.data?.list ?? []}
        loading={analyses.isFetching}
        pending={analyses.isPending}
        keyword={paged.keyword}
        searchPlaceholder={t('analysisHp.search')}
        onSearch={paged.search}
        paging={{ state: paged, total: analyses.data?.total ?? 0, totalText: (count) => t('analysisHp.total', { count }) }}
        empty={{ text: t('analysisHp.empty'), searchText: t('emptySearch'), hint: t('analysisHp.emptyHint') }}
        scrollX={isPhone ? undefined : 1000}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} className="sd-gas__toolbar-end">
            {t('analysisHp.add')}
          </Button>
        }
      />
      {adding && (
        <AnalysisFormModal grades={grades.data?.list ?? []} saving={add.isPending} onCancel={() => setAdding(false)} onSubmit={(input) => void save(() => add.mutateAsync(input), () => setAdding(false))} />
      )}
      {viewing && (
        <Modal open title={t('analysisHp.detailTitle', { number: viewing.number })} footer={null} onCancel={() => setViewing(null)} width={680}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('analysisHp.grade')}>{`${viewing.gas} ${viewing.grade}`}</Descriptions.Item>
            <Descriptions.Item label={t('fields.cylinderNumber')}>{viewing.cylinderNumber}</Descriptions.Item>
            <Descriptions.Item label={t('fields.lot')}>{viewing.lot || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.analysedAt')}>{formatDateTime(viewing.analysedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('purity.purity')}>{formatPurity(viewing.purityPercent)}</Descriptions.Item>
            <Descriptions.Item label={t('purity.lowerBound')}>{formatPurity(viewing.purityLowerPercent)}</Descriptions.Item>
            <Descriptions.Item label={t('purity.result')}>
              <PassTag pass={viewing.passed} />
              {viewing.missing.length > 0 && <span className="sd-gas-hint-warning"> {t('analysisHp.missing', { gases: viewing.missing.join(', ') })}</span>}
            </Descriptions.Item>
          </Descriptions>
          <Table
            rowKey="gas"
            size="small"
            pagination={false}
            dataSource={viewing.results}
            columns={[
              { title: t('analysisHp.impurity'), dataIndex: 'gas', key: 'gas' },
              { title: t('analysisHp.value'), key: 'value', align: 'right', render: (_v, row) => (row.belowLod ? `< ${row.lodPpm} ppm (LOD)` : `${row.valuePpm ?? '—'} ppm`) },
              { title: t('analysisHp.max'), key: 'max', align: 'right', render: (_v, row) => (row.maxPpm === null || row.maxPpm === undefined ? '—' : `${row.maxPpm} ppm`) },
              { title: t('purity.result'), key: 'pass', render: (_v, row) => (row.pass === undefined ? '—' : <PassTag pass={row.pass} />) },
            ]}
          />
          <p className="sd-muted sd-gas-note">{t('purity.lodRule')}</p>
        </Modal>
      )}
      {issuing && (
        <IssueCertificateModal
          source="purity"
          sourceId={issuing.id}
          sourceNumber={issuing.number}
          saving={issue.isPending}
          onCancel={() => setIssuing(null)}
          onSubmit={(request) =>
            void save(
              async () => {
                const { id } = await issue.mutateAsync(request);
                void navigate(certificatePath(id));
              },
              () => setIssuing(null),
            )
          }
        />
      )}
    </>
  );
}
