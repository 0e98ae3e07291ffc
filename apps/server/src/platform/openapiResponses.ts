import { z } from 'zod';
import { pageOf, recordValues, type RecordItem } from '@smartdata/domain';

/**
 * Answer schemas for the OpenAPI document (`schema.response` through okResponse, openapi.ts) where
 * the domain has an interface but no zod schema. Each is tied to its interface both ways: here by
 * `satisfies` (the schema's output is the interface), at the route by the zod type provider (the
 * handler's answer fits the schema), so the document cannot drift from what the code returns.
 */

/** `{ id }` of a thing just added. */
export const idAnswer = z.object({ id: z.number().int() });

/** A data item's record (RecordItem, packages/domain/src/data-items/records.ts). */
export const recordItemAnswer = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  parentRecordId: z.number().int().nullable(),
  values: recordValues.meta({ description: 'Field name → value, as the item defines its fields' }),
  source: z.string().meta({ description: 'Who wrote it: manual, import, form, device, forward, task…' }),
  createdBy: z.number().int().nullable(),
  createdAt: z.number().int().meta({ description: 'Epoch milliseconds' }),
  updatedAt: z.number().int().meta({ description: 'Epoch milliseconds' }),
}) satisfies z.ZodType<RecordItem>;

/** `GET /general/dataItem/getRecords`: a page of records. */
export const recordPageAnswer = pageOf(recordItemAnswer);

/** `GET /general/health` */
export const healthAnswer = z.object({
  status: z.literal('up'),
  database: z.enum(['sqlite', 'postgres']),
  mqtt: z.number().int().nullable().meta({ description: "The embedded broker's port; null without it" }),
  externalMqtt: z.unknown().meta({ description: 'With MQTT_URL: how many consumer connections are up; else null' }),
});
