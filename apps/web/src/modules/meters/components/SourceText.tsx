import { useTranslation } from 'react-i18next';
import type { MeterDetail } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';

/** Where a standard meter reads: `data item · field × factor` or `device · key`; gone sources say so. */
export function SourceText({ meter }: { meter: Pick<MeterDetail, 'source' | 'factor'> }) {
  const { t } = useTranslation('meters');
  const locale = useLocale();
  const source = meter.source;
  if (!source) {
    return <span className="sd-muted">—</span>;
  }
  const owner = source.sourceName || t('fields.sourceGone');
  const key = source.kind === 'item' ? source.fieldName : source.key;
  return (
    <span>
      {t(source.kind === 'item' ? 'fields.sourceItem' : 'fields.sourceDevice', { name: owner, key })}
      {meter.factor !== 1 && <span className="sd-muted"> × {new Intl.NumberFormat(locale).format(meter.factor)}</span>}
    </span>
  );
}
