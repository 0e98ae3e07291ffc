import type { Dayjs } from 'dayjs';
import {
  rangeMethods,
  type AcquisitionMethod,
  type AddAnalysisRequest,
  type AnalysisSource,
  type AnalysisType,
  type AnalysisView,
  type FieldRef,
  type MissedRunPolicy,
  type TaskAggregate,
} from '@smartdata/domain';
import { defaultScheduleValues, instantOfWall, scheduleOf, scheduleValuesOf, wallOfInstant, type ScheduleValues } from './schedule';

/** A data item field as the form holds it (either part may still be empty). */
export interface FieldChoice {
  itemId?: number;
  fieldName?: string;
}

/** A source as the form holds it: a field, or a meter (an analysis of type `meter`). */
export interface SourceChoice extends FieldChoice {
  meterId?: number;
}

/** The values of the analysis form. */
export interface AnalysisFormValues extends ScheduleValues {
  name: string;
  enabled: boolean;
  method: AcquisitionMethod;
  /** What the sources are: data item fields or meters. */
  type: AnalysisType;
  source: SourceChoice;
  /** More sources, combined with the first by `aggregate`. */
  extraSources: SourceChoice[];
  /** Custom values (userDefined) combined with the sources by `aggregate`; empty boxes are dropped. */
  userDefined: Array<number | null>;
  aggregate: TaskAggregate;
  /** The chosen range of the time_range_* methods (wall-clock times of the company zone). */
  range: [Dayjs, Dayjs] | null;
  decimals: number;
  target: FieldChoice;
  missedRuns: MissedRunPolicy;
}

export const isRangeMethod = (method: string): boolean => rangeMethods.includes(method as AcquisitionMethod);

/** A new analysis: the daily sum of yesterday, five minutes after midnight, two decimals. */
export function newAnalysisValues(): AnalysisFormValues {
  return {
    ...defaultScheduleValues,
    name: '',
    enabled: true,
    method: 'sum_yesterday',
    type: 'dataItem',
    source: {},
    extraSources: [],
    userDefined: [],
    aggregate: 'SUM',
    range: null,
    decimals: 2,
    target: {},
    missedRuns: 'once',
  };
}

/** An analysis → the form's values. */
export function analysisFormValues(view: AnalysisView, timeZone: string): AnalysisFormValues {
  return {
    ...scheduleValuesOf(view.schedule, timeZone),
    name: view.name,
    enabled: view.enabled,
    method: view.method,
    type: view.type,
    source: { ...view.source },
    extraSources: view.sources.map((ref) => ({ ...ref })),
    userDefined: [...(view.userDefined ?? [])],
    aggregate: view.aggregate ?? 'SUM',
    range: view.range ? [wallOfInstant(view.range.from, timeZone), wallOfInstant(view.range.to, timeZone)] : null,
    decimals: view.decimals,
    target: { ...view.target },
    missedRuns: view.missedRuns,
  };
}

const complete = (choice: FieldChoice | undefined): choice is FieldRef => choice?.itemId !== undefined && Boolean(choice.fieldName);
/** A picked source of the form's type as the request has it, or undefined. */
function sourceOf(choice: SourceChoice | undefined, type: AnalysisType): AnalysisSource | undefined {
  if (type === 'meter') {
    return choice?.meterId !== undefined ? { meterId: choice.meterId } : undefined;
  }
  return complete(choice) ? { itemId: choice.itemId, fieldName: choice.fieldName } : undefined;
}

/**
 * The form's values → the request body. Incomplete parts (no schedule, an unpicked field) are left
 * out, so the domain's schema names what is missing; extra sources not yet picked are dropped.
 */
export function analysisRequestOf(values: AnalysisFormValues, timeZone: string): AddAnalysisRequest {
  const type = values.type ?? 'dataItem';
  const sources = values.extraSources.flatMap((choice) => sourceOf(choice, type) ?? []);
  const request: Partial<AddAnalysisRequest> = {
    name: values.name.trim(),
    enabled: values.enabled,
    method: values.method,
    type,
    source: sourceOf(values.source, type),
    decimals: values.decimals,
    target: complete(values.target) ? { itemId: values.target.itemId, fieldName: values.target.fieldName } : undefined,
    missedRuns: values.missedRuns,
  };
  const schedule = scheduleOf(values, timeZone);
  if (schedule) {
    request.schedule = schedule;
  }
  const custom = (values.userDefined ?? []).filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  if (sources.length > 0) {
    request.sources = sources;
  }
  if (custom.length > 0) {
    request.userDefined = custom;
  }
  if (sources.length > 0 || custom.length > 0) {
    request.aggregate = values.aggregate;
  }
  if (isRangeMethod(values.method) && values.range) {
    request.range = { from: instantOfWall(values.range[0], timeZone), to: instantOfWall(values.range[1], timeZone) };
  }
  return request as AddAnalysisRequest;
}
