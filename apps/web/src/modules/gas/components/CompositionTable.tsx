import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnalysisRecord, ComponentResult } from '../api/types';
import { bestUnit, formatFraction, formatNumber, fromFraction } from '../lib/format';

type Comparison = AnalysisRecord['comparison'][number];

interface Row extends ComponentResult {
  compared?: Comparison;
}

/**
 * The gravimetric composition with u and U (k = 2) per component, impurities included, and the
 * analysis beside it when recorded: analysed value and its difference, which agrees when it is
 * within √(U_grav² + (2·u_analysis)²) (the server decides).
 */
export function CompositionTable({ components, comparison }: { components: readonly ComponentResult[]; comparison?: readonly Comparison[] }) {
  const { t } = useTranslation('gas');
  const rows: Row[] = components.map((c) => ({ ...c, compared: comparison?.find((a) => a.gas === c.gas) }));
  const inUnit = (x: number, of: number) => {
    const unit = bestUnit(of);
    return `${formatNumber(fromFraction(x, unit), 3)} ${unit}`;
  };
  return (
    <Table<Row>
      rowKey="gas"
      size="small"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 720 }}
      aria-label={t('order.gravimetricTitle')}
      columns={[
        { title: t('fields.component'), dataIndex: 'gas', key: 'gas', render: (gas: string) => <strong>{gas}</strong> },
        { title: t('order.fraction'), key: 'x', align: 'right', className: 'sd-nowrap', render: (_v, row) => formatFraction(row.fraction) },
        { title: t('order.u'), key: 'u', align: 'right', className: 'sd-nowrap', render: (_v, row) => inUnit(row.u, row.fraction) },
        { title: t('order.U'), key: 'U', align: 'right', className: 'sd-nowrap', render: (_v, row) => inUnit(row.U, row.fraction) },
        ...(comparison
          ? [
              {
                title: t('order.analysed'),
                key: 'a',
                align: 'right' as const,
                className: 'sd-nowrap',
                render: (_v: unknown, row: Row) => (row.compared ? formatFraction(row.compared.analysed, bestUnit(row.fraction)) : '—'),
              },
              {
                title: t('order.agreement'),
                key: 'agree',
                className: 'sd-nowrap',
                render: (_v: unknown, row: Row) => {
                  if (!row.compared) {
                    return '—';
                  }
                  const delta = row.compared.difference;
                  return (
                    <Typography.Text type={row.compared.agrees ? 'success' : 'danger'}>
                      {`${delta >= 0 ? '+' : ''}${inUnit(delta, row.fraction)}`} ({t(row.compared.agrees ? 'order.agrees' : 'order.disagrees')})
                    </Typography.Text>
                  );
                },
              },
            ]
          : []),
      ]}
    />
  );
}
