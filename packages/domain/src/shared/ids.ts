import { z } from 'zod';
import { limits } from './limits';
import { numeric } from './numbers';
import { nameText } from './text';

/** Ids are opaque: numbers on the wire, but strings are accepted (query strings). */
export type Id = number | string;
/** The largest id of a table: ids are 32-bit serials on PostgreSQL (a larger one is no id of ours, not a 500). */
export const idMax = 2_147_483_647;
/** An id: a client sends an `Id` (its input type), the server reads a positive integer. */
export const idSchema = numeric<Id>(z.number().int().positive().max(idMax));
/** The id of a record: records are numbered with 64-bit serials (within what JSON numbers say exactly). */
export const recordIdSchema = numeric<Id>(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** A display name of the general rule (spec §9: required, at most 25 characters). */
export const nameSchema = nameText()
  .min(1, 'validation.nameRequired')
  .max(limits.generalNameLength, 'validation.tooLong');

/** `{ id }` bodies of delete and detail calls. */
export const idRequest = z.object({ id: idSchema });
export type IdRequest = z.infer<typeof idRequest>;

/** The answer of calls that create something: the new row's id. */
export interface IdResponse {
  id: number;
}
