import type { RecordFilter } from '@smartdata/domain';

/** A forward condition as the settings page edits it (forwardInput of the domain). */
export interface ForwardValues {
  name: string;
  conditions: RecordFilter[];
  targetItemId: number;
  mappings: { from: string; to: string }[];
  enabled: boolean;
}
