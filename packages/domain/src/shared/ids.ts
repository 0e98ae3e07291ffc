import { z } from 'zod';
import { limits } from './limits';

/** Ids are opaque: numbers on the wire, but strings are accepted (query strings). */
export const idSchema = z.coerce.number().int().positive();
export type Id = number | string;

/** A display name of the general rule (spec §9: required, at most 25 characters). */
export const nameSchema = z
  .string()
  .trim()
  .min(1, 'validation.nameRequired')
  .max(limits.generalNameLength, 'validation.tooLong');

/** `{ id }` bodies of delete and detail calls. */
export const idRequest = z.object({ id: idSchema });
export type IdRequest = z.infer<typeof idRequest>;
