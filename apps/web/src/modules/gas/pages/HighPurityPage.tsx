import { useState } from 'react';
import { Button, Descriptions, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { EyeOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { TabsPage } from '@/shared/components/list/TabsPage';
import { useEditDialog } from '@/shared/hooks/useEditDialog';
import { useAddDialog } from '@/shared/hooks/useAddDialog';
import { useListActions } from '@/shared/hooks/useListActions';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useIssueCertificateMutation } from '../api/certificates';
import { GAS_PICK_SIZE } from '../api/keys';
import { useAddAnalysisMutation, useAddGradeMutation, useAnalysesQuery, useDeleteAnalysisMutation, useDeleteGradeMutation, useGradesQuery, useUpdateGradeMutation } from '../api/purity';
import type { Grade, GradeInput, PurityAnalysis } from '../api/types';
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
  return (
    <TabsPage
      title={t('purity.title')}
      description={t('purity.description')}
      className="sd-gas"
      tabs={[
        { key: 'grades', label: t('tabs.grades'), children: <GradeList /> },
        { key: 'analyses', label: t('tabs.analyses'), children: <AnalysisList /> },
      ]}
    />
  );
}

function GradeList() {
  const { t } = useTranslation('gas');
  const paged = usePagedList();
  const grades = useGradesQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword || undefined });
  const add = useAddGradeMutation();
  const update = useUpdateGradeMutation();
  const remove = useDeleteGradeMutation();
  const dialog = useEditDialog(add, update, (grade: Grade, input: GradeInput) => ({ ...input, id: grade.id }));
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
    actionsColumn(
      t('actions.title'),
      (row) => [
        { kind: 'edit', name: `${row.gas} ${row.grade}`, onClick: () => dialog.edit(row) },
        {
          kind: 'delete',
          name: `${row.gas} ${row.grade}`,
          confirm: { title: t('grade.deleteTitle', { name: `${row.gas} ${row.grade}` }), content: t('grade.deleteContent'), onDelete: () => remove.mutateAsync(row.id) },
        },
      ],
      { width: null },
    ),
  ];

  return (
    <>
      <ListCard<Grade> columns={columns} query={grades} paged={paged} scrollX={820}
        texts={{ search: t('grade.search'), total: (count) => t('grade.total', { count }), empty: t('grade.empty'), noMatch: t('emptySearch'), hint: t('grade.emptyHint') }}
        toolbar={<AddButton label={t('grade.add')} onClick={dialog.create} end />}
      />
      {dialog.open && <GradeFormModal {...dialog.modal} grade={dialog.row ?? undefined} />}
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
  const adding = useAddDialog(useAddAnalysisMutation());
  const remove = useDeleteAnalysisMutation();
  const issue = useIssueCertificateMutation();
  const { save } = useListActions();
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
    timeColumn(t('fields.analysedAt'), 'analysedAt', { width: null }),
    { title: t('purity.purity'), dataIndex: 'purityPercent', key: 'purity', align: 'right', className: 'sd-nowrap', render: (value: number) => formatPurity(value) },
    { title: t('purity.result'), dataIndex: 'passed', key: 'pass', render: (passed: boolean) => <PassTag pass={passed} /> },
    actionsColumn(
      t('actions.title'),
      (row) => [
        { key: 'view', label: null, icon: <EyeOutlined />, ariaLabel: t('analysisHp.viewOf', { number: row.number }), onClick: () => setViewing(row) },
        row.passed && codes.has('gs_certificate') && { key: 'issue', label: t('certificate.issue'), icon: <SafetyCertificateOutlined />, onClick: () => setIssuing(row) },
        {
          kind: 'delete',
          name: row.number,
          iconOnly: true,
          confirm: { title: t('analysisHp.deleteTitle', { number: row.number }), content: t('analysisHp.deleteContent'), onDelete: () => remove.mutateAsync(row.id) },
        },
      ],
      { width: null, wrap: true },
    ),
  ];

  return (
    <>
      <ListCard<PurityAnalysis> columns={columns} query={analyses} paged={paged} phoneKeys={['number', 'purity', 'pass']} scrollX={1000}
        texts={{ search: t('analysisHp.search'), total: (count) => t('analysisHp.total', { count }), empty: t('analysisHp.empty'), noMatch: t('emptySearch'), hint: t('analysisHp.emptyHint') }}
        toolbar={<AddButton label={t('analysisHp.add')} onClick={adding.show} end />}
      />
      {adding.open && <AnalysisFormModal {...adding.modal} grades={grades.data?.list ?? []} />}
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
