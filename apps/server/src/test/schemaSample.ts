import type { z } from 'zod';

/**
 * One valid value for a request schema, built by walking the zod definition (issue 12: tests
 * generated from the route table). Ids are asked of `idFor` by field name, so a generated call can
 * aim at another company's objects. Leaves try a few candidates and keep the first the leaf accepts,
 * which covers formats and refinements (phone numbers, passwords, cron, colours) without a list
 * per route. Answers `undefined` when nothing fits.
 */
export interface SampleOptions {
  /** The id to use for a numeric field of this name (`id`, `itemId`, `ids`…); undefined: not an id. */
  idFor(field: string): number | undefined;
  /** A value for a field of this name that the generic candidates cannot guess (an object key); undefined: generate. */
  fieldValue?(field: string): unknown;
  /** Leave optional fields out (the smallest body) instead of filling them. */
  minimal?: boolean;
}

type Schema = z.ZodType;
interface Def {
  type: string;
  [key: string]: unknown;
}

const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const accepts = (schema: Schema, value: unknown) => schema.safeParse(value).success;

/** Text candidates: a name, digits, a phone, an e-mail, dates, times, a colour, a password, a URL, cron, an SN. */
const textCandidates = [
  'Probe',
  'probe1',
  '1',
  '13800138000',
  'probe@example.com',
  '2026-01-01',
  '2026-01-01 00:00:00',
  '2026-01-01T00:00:00.000Z',
  '00:00',
  '#1677ff',
  'Passw0rd!x',
  'http://example.com/a',
  '0 0 * * *',
  'SN0001',
  '123456',
  '1.0.0',
  'image/png',
  '0'.repeat(64),
  'a.b',
  'x',
];

const idField = /(^id$|Id$|^ids$|Ids$)/;

export function sampleOf(schema: Schema, options: SampleOptions, field = ''): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const checks = (def.checks as { _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number } } }[] | undefined) ?? [];
      const min = Math.max(0, ...checks.map((c) => c._zod.def.minimum ?? c._zod.def.length ?? 0));
      const tries = [...textCandidates, 'p'.repeat(Math.max(min, 1)), '1'.repeat(Math.max(min, 1))];
      return tries.find((value) => accepts(schema, value));
    }
    case 'number':
    case 'int': {
      const id = idField.test(field) ? options.idFor(field) : undefined;
      const tries = [...(id === undefined ? [] : [id]), 1, 0, 10, 60, 100, 1000, -1, 0.5, 1_700_000_000_000];
      return tries.find((value) => accepts(schema, value));
    }
    case 'bigint':
      return 1n;
    case 'boolean':
      return false;
    case 'date':
      return new Date(0);
    case 'null':
      return null;
    case 'any':
    case 'unknown':
      return 'x';
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sampleOf(def.innerType as Schema, options, field);
    case 'lazy':
      return sampleOf((def.getter as () => Schema)(), options, field);
    case 'pipe': {
      const input = def.in as Schema;
      // A preprocess (transform, then schema) reads what its output schema reads.
      const from = defOf(input).type === 'transform' ? (def.out as Schema) : input;
      const value = sampleOf(from, options, field);
      if (accepts(schema, value)) {
        return value;
      }
      const asText = typeof value === 'number' ? String(value) : value;
      return accepts(schema, asText) ? asText : value;
    }
    case 'array': {
      const checks = (def.checks as { _zod: { def: { minimum?: number; length?: number } } }[] | undefined) ?? [];
      const min = Math.max(1, ...checks.map((c) => c._zod.def.minimum ?? c._zod.def.length ?? 0));
      const element = sampleOf(def.element as Schema, options, field);
      const list = Array.from({ length: min }, () => element);
      return accepts(schema, list) || min > 1 ? list : [];
    }
    case 'tuple':
      return (def.items as Schema[]).map((item) => sampleOf(item, options, field));
    case 'record':
      return {};
    case 'union': {
      const values = (def.options as Schema[]).map((option) => sampleOf(option, options, field));
      return values.find((value) => accepts(schema, value)) ?? values[0];
    }
    case 'intersection': {
      const left = sampleOf(def.left as Schema, options, field);
      const right = sampleOf(def.right as Schema, options, field);
      return typeof left === 'object' && typeof right === 'object' ? { ...left, ...right } : left;
    }
    case 'object':
      return sampleObject(schema, def, options);
    default:
      return undefined;
  }
}

function sampleObject(schema: Schema, def: Def, options: SampleOptions): Record<string, unknown> {
  const shape = def.shape as Record<string, Schema>;
  const full: Record<string, unknown> = {};
  const required: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(shape)) {
    const given = options.fieldValue?.(key);
    const value = given !== undefined && child.safeParse(given).success ? given : sampleOf(child, options, key);
    if (value === undefined) {
      continue;
    }
    full[key] = value;
    if (!child.safeParse(undefined).success) {
      required[key] = value;
    }
  }
  const order = options.minimal ? [required, full] : [full, required];
  return order.find((value) => accepts(schema, value)) ?? order[0];
}

/** A query-string for a sampled value: every field as text, arrays joined by commas. */
export function asQueryString(value: unknown): string {
  if (!value || typeof value !== 'object') {
    return '';
  }
  const params = new URLSearchParams();
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (field === undefined || field === null) {
      continue;
    }
    // An element may be an object whose toString is no function (fast-check's anything): as JSON.
    const text = (item: unknown) => (item === null || item === undefined ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item));
    params.set(key, Array.isArray(field) ? field.map(text).join(',') : text(field));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
