import { Alert, Card, Descriptions, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TableCard } from '@/shared/components/TableCard';
import type { FillStep, ManometricResult, Plan, PlanWarning, PremixProposal, PressureMode } from '../api/types';
import { formatFixed, formatFraction, formatNumber } from '../lib/format';

/** Safety warnings of a plan: errors block saving, warnings are shown. */
export function PlanWarnings({ warnings }: { warnings: readonly PlanWarning[] }) {
  const { t } = useTranslation('gas');
  if (warnings.length === 0) {
    return <Alert type="success" showIcon title={t('result.noWarnings')} />;
  }
  return (
    <div className="sd-gas-warnings" role="list" aria-label={t('result.warnings')}>
      {warnings.map((warning, index) => (
        <Alert
          key={`${warning.code}-${warning.gas ?? ''}-${index}`}
          role="listitem"
          type={warning.severity === 'error' ? 'error' : 'warning'}
          showIcon
          title={warning.severity === 'error' ? t('result.blocking') : t('result.warning')}
          description={warning.message}
        />
      ))}
    </div>
  );
}

/** Real (GERG-2008) minus ideal, in %, signed and coloured when it exceeds 1 %. */
function Difference({ percent }: { percent: number }) {
  // Rounded first, so a last step that lands on the final pressure reads 0.00 %, not −0.00 %.
  const rounded = Number(percent.toFixed(2)) || 0;
  const text = `${rounded > 0 ? '+' : ''}${formatFixed(rounded, 2)} %`;
  return Math.abs(percent) >= 1 ? <Typography.Text type="warning">{text}</Typography.Text> : <span>{text}</span>;
}

/** The fill steps: cumulative stop pressure (GERG-2008) with the ideal-gas comparison beside it, masses, Z. */
export function StepsTable({ result, mode, compact = false, parentName }: { result: ManometricResult; mode: PressureMode; compact?: boolean; parentName?: (step: FillStep) => string | undefined }) {
  const { t } = useTranslation('gas');
  const first = mode === 'gauge' ? 'gauge' : 'abs';
  const columns: TableColumnsType<FillStep & { n: number }> = [
    { title: '#', dataIndex: 'n', key: 'n', width: 44 },
    {
      title: t('result.parent'),
      key: 'parent',
      render: (_v, step) => (
        <>
          <strong>{parentName?.(step) ?? step.parent}</strong>
          {step.parent !== step.delivers && <span className="sd-muted"> → {step.delivers}</span>}
        </>
      ),
    },
    {
      title: t('result.stopPressure'),
      key: 'stop',
      className: 'sd-nowrap',
      render: (_v, step) => (
        <div className="sd-gas-pressure">
          <strong>{formatFixed(first === 'gauge' ? step.cumulativePressureBarGauge : step.cumulativePressureBar, 3)}</strong> {t(first === 'gauge' ? 'units.barGauge' : 'units.barAbs')}
          <div className="sd-muted">
            {formatFixed(first === 'gauge' ? step.cumulativePressureBar : step.cumulativePressureBarGauge, 3)} {t(first === 'gauge' ? 'units.barAbs' : 'units.barGauge')}
          </div>
        </div>
      ),
    },
    {
      title: t('result.idealPressure'),
      key: 'ideal',
      className: 'sd-nowrap sd-gas-ideal',
      render: (_v, step) => (
        <div className="sd-gas-pressure">
          {formatFixed(first === 'gauge' ? step.idealCumulativePressureBarGauge : step.idealCumulativePressureBar, 3)} {t(first === 'gauge' ? 'units.barGauge' : 'units.barAbs')}
          <div className="sd-muted">
            {formatFixed(first === 'gauge' ? step.idealCumulativePressureBar : step.idealCumulativePressureBarGauge, 3)} {t(first === 'gauge' ? 'units.barAbs' : 'units.barGauge')}
          </div>
        </div>
      ),
    },
    { title: t('result.difference'), key: 'diff', align: 'right', className: 'sd-nowrap', render: (_v, step) => <Difference percent={step.differencePercent} /> },
    { title: t('result.mass'), key: 'mass', align: 'right', className: 'sd-nowrap', render: (_v, step) => `${formatFixed(step.massG, 2)} g` },
    ...(compact
      ? []
      : [
          { title: t('result.mol'), key: 'mol', align: 'right' as const, className: 'sd-nowrap', render: (_v: unknown, step: FillStep) => formatFixed(step.mol, 3) },
          { title: 'Z', key: 'z', align: 'right' as const, render: (_v: unknown, step: FillStep) => formatFixed(step.z, 5) },
        ]),
  ];
  return (
    <Table<FillStep & { n: number }>
      rowKey="n"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={result.steps.map((step, index) => ({ ...step, n: index + 1 }))}
      scroll={{ x: compact ? 640 : 820 }}
      aria-label={t('result.steps')}
    />
  );
}

/** The composition a plan makes (targets, balance and the parents' impurities). */
function CompositionTags({ composition }: { composition: Readonly<Record<string, number>> }) {
  return (
    <span className="sd-gas-composition">
      {Object.entries(composition)
        .filter(([, x]) => x > 0)
        .sort((a, b) => b[1] - a[1])
        .map(([gas, x]) => (
          <Tag key={gas}>{`${gas} ${formatFraction(x)}`}</Tag>
        ))}
    </span>
  );
}

/**
 * What a calculation gives: safety warnings, the totals (real vs ideal), each fill step's stop
 * pressure (abs and gauge) with the ideal-gas value beside it, masses for weighing, the pressure
 * at other temperatures, and the premix proposal when a step is too small to set.
 */
export function PlanResult({ plan, mode }: { plan: Plan; mode: PressureMode }) {
  const { t } = useTranslation('gas');
  const r = plan.result;
  const premix = plan.premix;
  return (
    <div className="sd-gas-result">
      <PlanWarnings warnings={plan.warnings} />
      <Card size="small" title={t('result.totals')}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, xl: 4 }}>
          <Descriptions.Item label={t('result.totalMol')}>{`${formatFixed(r.totalMol, 3)} mol`}</Descriptions.Item>
          <Descriptions.Item label={t('result.totalMolIdeal')}>{`${formatFixed(r.totalMolIdeal, 3)} mol`}</Descriptions.Item>
          <Descriptions.Item label={t('result.difference')}>
            <Difference percent={r.totalDifferencePercent} />
          </Descriptions.Item>
          <Descriptions.Item label={t('result.z')}>{formatFixed(r.z, 5)}</Descriptions.Item>
          <Descriptions.Item label={t('result.composition')} span="filled">
            <CompositionTags composition={r.composition} />
          </Descriptions.Item>
        </Descriptions>
        <p className="sd-muted sd-gas-note">{t('result.idealNote')}</p>
      </Card>
      <Card size="small" title={t('result.steps')}>
        <StepsTable result={r} mode={mode} />
      </Card>
      <TableCard title={t('result.atTemperatures')} rowKey="temperatureC" rows={r.atTemperatures} columns={[
        { title: t('result.temperature'), dataIndex: 'temperatureC', key: 't', render: (value: number) => `${formatNumber(value)} °C` },
        { title: t('units.barGauge'), dataIndex: 'pressureBarGauge', key: 'g', align: 'right', render: (value: number) => formatFixed(value, 2) },
        { title: t('units.barAbs'), dataIndex: 'pressureBar', key: 'a', align: 'right', render: (value: number) => formatFixed(value, 2) },
      ]} />
      {premix && premix.premixes.length > 0 && (
        <Card size="small" title={t('result.premixTitle')} className="sd-gas-premix">
          <Alert type="info" showIcon title={t('result.premixExplain')} />
          {premix.premixes.map((step) => (
            <div key={step.gas} className="sd-gas-premix__step">
              <h4>{t('result.premixStep', { gas: step.gas, fraction: formatFraction(step.fraction) })}</h4>
              <StepsTable result={step.plan} mode={mode} compact />
            </div>
          ))}
          {premix.product && (
            <div className="sd-gas-premix__step">
              <h4>{t('result.productFromPremix')}</h4>
              <StepsTable result={premix.product} mode={mode} compact parentName={(step) => premixName(premix.premixes, step, t)} />
            </div>
          )}
        </Card>
      )}
    </div>
  );
}

/**
 * The product's step that fills a proposed premix is named by the server in English ("CO 1 % in
 * N2"): it is named here from the premix's own composition, in the user's language — the step that
 * delivers a premixed gas, its fraction, and the balance (the premix's other component).
 */
function premixName(premixes: PremixProposal['premixes'], step: FillStep, t: TFunction<'gas'>): string | undefined {
  const pre = premixes.find((p) => p.gas === step.delivers);
  if (!pre) {
    return undefined;
  }
  const balance = Object.entries(pre.plan.composition)
    .filter(([gas]) => gas !== pre.gas)
    .sort((a, b) => b[1] - a[1])[0]?.[0];
  return balance ? t('result.premixParent', { fraction: formatFraction(pre.fraction), gas: pre.gas, balance }) : undefined;
}

/** A plan has a blocking safety problem: it cannot be saved as an order. */
export const planBlocked = (plan: Plan): boolean => plan.warnings.some((warning) => warning.severity === 'error');
