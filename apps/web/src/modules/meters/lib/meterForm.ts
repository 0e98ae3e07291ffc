import { meterLimits, MeterNodeType, type FormulaTerm, type MeterSource } from '@smartdata/domain';

/** What the meter dialog and the settings page hold (the antd form's values). */
export interface MeterFormValues {
  name: string;
  nodeType: 100 | 101;
  sourceKind: 'item' | 'device';
  itemId?: number;
  fieldName?: string;
  deviceId?: number;
  key?: string;
  factor?: number | null;
  formula?: Array<{ meterId?: number; factor?: number | null }>;
  /** The cabin dialog only: where the meter goes (0: the top). */
  directoryId?: number;
}

/** The source and factor of a standard meter, or the formula of a virtual one, as the server takes them. */
export function meterSettings(values: MeterFormValues): { source: MeterSource; factor: number } | { formula: FormulaTerm[] } {
  if (values.nodeType === MeterNodeType.virtual) {
    return { formula: (values.formula ?? []).map((term) => ({ meterId: term.meterId ?? 0, factor: term.factor ?? 1 })) };
  }
  const source: MeterSource =
    values.sourceKind === 'device' ? { deviceId: values.deviceId ?? 0, key: (values.key ?? '').trim() } : { itemId: values.itemId ?? 0, fieldName: values.fieldName ?? '' };
  return { source, factor: values.factor ?? 1 };
}

/**
 * Why a formula cannot be saved (a domain message key), or null: at least one term, at most 20,
 * each meter once (an unchosen term is its field's own error), factors non-zero within ±1000, never the meter itself.
 */
export function formulaProblem(terms: ReadonlyArray<{ meterId?: number; factor?: number | null }>, selfId?: number): string | null {
  if (terms.length === 0) {
    return 'validation.meter.formulaRequired';
  }
  if (terms.length > meterLimits.formulaTermsMax) {
    return 'validation.meter.formulaTooLong';
  }
  const seen = new Set<number>();
  for (const term of terms) {
    if (term.meterId === undefined) {
      // The term's own field says it is required.
      continue;
    }
    if (seen.has(term.meterId)) {
      return 'validation.meter.formulaDuplicate';
    }
    seen.add(term.meterId);
    const factor = term.factor ?? 1;
    if (!Number.isFinite(factor) || factor === 0 || Math.abs(factor) > meterLimits.termFactorMax) {
      return 'validation.meter.termFactor';
    }
  }
  if (selfId !== undefined && seen.has(selfId)) {
    return 'validation.meter.cycle';
  }
  return null;
}

/** The form values of a saved meter (the settings page). */
export function formValuesOf(meter: {
  name: string;
  nodeType: 100 | 101;
  factor: number;
  source: { kind: 'item' | 'device'; itemId: number | null; fieldName: string | null; deviceId: number | null; key: string | null } | null;
  formula: Array<{ meterId: number; factor: number }> | null;
}): MeterFormValues {
  return {
    name: meter.name,
    nodeType: meter.nodeType,
    sourceKind: meter.source?.kind ?? 'item',
    itemId: meter.source?.itemId ?? undefined,
    fieldName: meter.source?.fieldName ?? undefined,
    deviceId: meter.source?.deviceId ?? undefined,
    key: meter.source?.key ?? undefined,
    factor: meter.factor,
    formula: (meter.formula ?? []).map((term) => ({ meterId: term.meterId, factor: term.factor })),
  };
}
